import { useId } from "react";
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { toast } from "~/components/ui/toast-store";
import { t } from "~/lib/i18n";
import { useHydrated } from "~/lib/use-hydrated";
import { RENEW_FEED_INTENT } from "../save-paths";

const STEPS = [
  { device: t("saved.feed.howTo.iphone.device"), steps: t("saved.feed.howTo.iphone.steps") },
  { device: t("saved.feed.howTo.android.device"), steps: t("saved.feed.howTo.android.steps") },
  { device: t("saved.feed.howTo.outlook.device"), steps: t("saved.feed.howTo.outlook.steps") },
];

/**
 * The private calendar address of the saved markets: to copy (the field can be selected without
 * JavaScript; "Kopiér" needs it), to open in the phone's calendar, how to add it, and a new one.
 */
export function SavedFeed({ url, subscribeUrl }: { url: string; subscribeUrl: string }) {
  const hydrated = useHydrated();
  const field = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: t("saved.feed.copied"), variant: "success" });
    } catch {
      toast({ title: t("saved.feed.copyFailed"), variant: "warning" });
    }
  };
  return (
    <section
      id="kalender"
      aria-labelledby="kalender-overskrift"
      className="mt-12 scroll-mt-24 rounded-2xl border border-stone-300 bg-white p-4 sm:p-6 dark:border-stone-700 dark:bg-stone-900"
    >
      <h2 id="kalender-overskrift" className="text-2xl font-bold">
        {t("saved.feed.heading")}
      </h2>
      <p className="mt-2 max-w-2xl text-stone-700 dark:text-stone-300">{t("saved.feed.intro")}</p>
      <label htmlFor={field} className="mt-4 block font-semibold">
        {t("saved.feed.label")}
      </label>
      <div className="mt-1 flex flex-wrap gap-2">
        <input
          id={field}
          type="text"
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 flex-1 basis-64 rounded-lg border border-stone-400 bg-stone-50 px-3 py-2 font-mono text-sm dark:border-stone-500 dark:bg-stone-950"
        />
        {hydrated ? (
          <button type="button" onClick={() => void copy()} className={buttonClass("secondary")}>
            {t("saved.feed.copy")}
          </button>
        ) : null}
      </div>
      <p className="mt-3">
        <a href={subscribeUrl} className={buttonClass("primary")}>
          {t("saved.feed.subscribe")}
        </a>
      </p>
      <p className="mt-3 text-sm text-stone-700 dark:text-stone-300">{t("saved.feed.private")}</p>
      <h3 className="mt-6 text-lg font-bold">{t("saved.feed.howToHeading")}</h3>
      <dl className="mt-2 grid gap-3">
        {STEPS.map((step) => (
          <div key={step.device}>
            <dt className="font-semibold">{step.device}</dt>
            <dd className="text-stone-800 dark:text-stone-200">{step.steps}</dd>
          </div>
        ))}
      </dl>
      <Form method="post" className="mt-6 border-t border-stone-200 pt-4 dark:border-stone-700">
        <input type="hidden" name="intent" value={RENEW_FEED_INTENT} />
        <p className="max-w-2xl text-sm text-stone-700 dark:text-stone-300">{t("saved.feed.renewHint")}</p>
        <button type="submit" className={`${buttonClass("secondary")} mt-2`}>
          {t("saved.feed.renew")}
        </button>
      </Form>
    </section>
  );
}
