import { Form, Link } from "react-router";
import { SubmitButton } from "~/components/ui/form-fields";
import { t } from "~/lib/i18n";
import { CONFIRM_ARCHIVE_PARAM, MANAGE_INTENTS } from "../manage-forms";
import { PanelSection } from "~/components/ui/panel-section";

const dangerOutline =
  "inline-flex items-center justify-center rounded-lg border border-red-700 px-4 py-2 font-medium text-red-800 no-underline hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 dark:border-red-300 dark:text-red-200 dark:hover:bg-red-950";

/**
 * "Markedet er lukket" in two steps, each a page of its own so that no JavaScript is needed: the
 * first is a link to this page with ?luk=ja, which shows the question and the button that closes it.
 */
export function ManageArchive({ action, confirm }: { action: string; confirm: boolean }) {
  return (
    <PanelSection id="luk" heading={t("organiser.manage.archive.heading")} intro={t("organiser.manage.archive.intro")} tone="danger">
      {confirm ? (
        <div className="rounded-xl border border-red-700 bg-red-50 p-4 dark:border-red-400 dark:bg-red-950">
          <p className="font-semibold text-red-950 dark:text-red-50">{t("organiser.manage.archive.confirm")}</p>
          <div className="mt-4 flex flex-wrap items-center gap-4">
            <Form method="post" action={action}>
              <input type="hidden" name="intent" value={MANAGE_INTENTS.archive} />
              <SubmitButton intent={MANAGE_INTENTS.archive} variant="danger" label={t("organiser.manage.archive.submit")} pendingLabel={t("organiser.manage.archive.submitting")} />
            </Form>
            <Link to={`${action}#luk`} className="font-medium">
              {t("organiser.manage.archive.back")}
            </Link>
          </div>
        </div>
      ) : (
        <Link to={`${action}?${CONFIRM_ARCHIVE_PARAM}=ja#luk`} className={dangerOutline}>
          {t("organiser.manage.archive.start")}
        </Link>
      )}
    </PanelSection>
  );
}
