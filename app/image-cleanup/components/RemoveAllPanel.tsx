import { Form, Link } from "react-router";
import { SubmitButton } from "~/components/ui/form-fields";
import { t } from "~/lib/i18n";
import { CLEANUP_INTENTS, CONFIRM_REMOVE_ALL_PARAM, IMAGE_CLEANUP_PATH, cleanupPagePath } from "../cleanup-paths";
import { dangerOutline } from "./OrphanList";

/**
 * "Slet alle" in two steps, each a page of its own so that no JavaScript is needed: a link to the
 * list with ?slet-alle=ja, which shows the question and the button that removes them.
 */
export function RemoveAllPanel({ confirm, count, totalSize, page }: { confirm: boolean; count: number; totalSize: string; page: number }) {
  if (!confirm) {
    const separator = page > 1 ? "&" : "?";
    return (
      <Link to={`${cleanupPagePath(page)}${separator}${CONFIRM_REMOVE_ALL_PARAM}=ja#slet-alle`} className={dangerOutline}>
        {t("imageCleanup.removeAll.start")}
      </Link>
    );
  }
  return (
    <section
      id="slet-alle"
      aria-labelledby="slet-alle-overskrift"
      className="scroll-mt-4 rounded-2xl border border-red-700 bg-red-50 p-4 sm:p-5 dark:border-red-400 dark:bg-red-950"
    >
      <h2 id="slet-alle-overskrift" className="text-xl font-bold text-red-950 dark:text-red-50">
        {t("imageCleanup.removeAll.heading")}
      </h2>
      <p className="mt-1 text-red-950 dark:text-red-50">
        {count === 1
          ? t("imageCleanup.removeAll.confirmOne", { size: totalSize })
          : t("imageCleanup.removeAll.confirmMany", { count: count.toLocaleString("da-DK"), size: totalSize })}
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <Form method="post" action={IMAGE_CLEANUP_PATH}>
          <input type="hidden" name="intent" value={CLEANUP_INTENTS.removeAll} />
          <SubmitButton intent={CLEANUP_INTENTS.removeAll} variant="danger" label={t("imageCleanup.removeAll.submit")} pendingLabel={t("imageCleanup.removeAll.submitting")} />
        </Form>
        <Link to={cleanupPagePath(page)} className="font-medium">
          {t("imageCleanup.removeAll.back")}
        </Link>
      </div>
    </section>
  );
}
