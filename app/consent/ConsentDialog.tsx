import { t } from "~/lib/i18n";
import type { ConsentChoices } from "./consent";
import { ConsentSettingsForm } from "./ConsentSettingsForm";

/**
 * The preferences dialog, always in the server's HTML. A native <dialog> that
 * app/progressive/consent.ts opens with showModal(): the browser makes the page behind inert,
 * closes it on Escape and the script keeps Tab inside and hands focus back. Without JavaScript it
 * is never opened; the banner's "Tilpas indstillinger" then leads to the same form on /cookies.
 */
export function ConsentDialog({ choices, next }: { choices: ConsentChoices | null; next: string }) {
  return (
    <dialog
      aria-labelledby="samtykke-dialog-overskrift"
      data-consent-dialog
      className="m-auto w-[min(36rem,calc(100%-2rem))] max-h-[calc(100dvh-2rem)] overflow-y-auto rounded-2xl border border-stone-300 bg-white p-5 text-stone-900 shadow-2xl backdrop:bg-stone-950/60 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100"
    >
      <h2 id="samtykke-dialog-overskrift" className="text-xl font-bold">
        {t("consent.dialog.heading")}
      </h2>
      <p className="mt-2 text-stone-700 dark:text-stone-300">{t("consent.dialog.intro")}</p>
      <div className="mt-3">
        <ConsentSettingsForm idPrefix="samtykke-dialog" initialChoices={choices} next={next} />
      </div>
    </dialog>
  );
}
