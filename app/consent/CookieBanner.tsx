import { useEffect, useRef, type FormEvent } from "react";
import { useLocation } from "react-router";
import { t } from "~/lib/i18n";
import { ACCEPT_ALL, OPEN_CONSENT_SETTINGS_EVENT, DEFAULT_CHOICES, storeConsentInBrowser, type ConsentChoices } from "./consent";
import { followConsentSignals } from "./consent-signals";
import { ConsentDialog, type ConsentDialogHandle } from "./ConsentDialog";
import { focusMainContent } from "./dialog-focus";
import { primaryButtonClass, secondaryButtonClass } from "./ConsentSettingsForm";
import { useConsentChoices } from "./use-consent";

/**
 * The cookie banner, the preferences dialog and the consent signals, mounted once in the root
 * layout. The server decides whether the banner is in the HTML (from the consent cookie), so a
 * returning visitor never sees it flash; without JavaScript its buttons post to /samtykke.
 */
export function CookieConsent({ serverChoices, measurementId }: { serverChoices: ConsentChoices | null; measurementId: string | null }) {
  const choices = useConsentChoices(serverChoices);
  const dialogRef = useRef<ConsentDialogHandle>(null);
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;

  useEffect(() => followConsentSignals(measurementId), [measurementId]);

  useEffect(() => {
    const open = () => dialogRef.current?.open();
    window.addEventListener(OPEN_CONSENT_SETTINGS_EVENT, open);
    return () => window.removeEventListener(OPEN_CONSENT_SETTINGS_EVENT, open);
  }, []);

  return (
    <>
      {choices === null ? <CookieBanner next={here} onCustomize={() => dialogRef.current?.open()} /> : null}
      {/* In the server's HTML too: a page that does not hydrate opens it with app/progressive/consent.ts. */}
      <ConsentDialog ref={dialogRef} choices={choices} next={here} onSave={storeConsentInBrowser} />
    </>
  );
}

function CookieBanner({ next, onCustomize }: { next: string; onCustomize: () => void }) {
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    const decision = ((event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null)?.value;
    event.preventDefault();
    if (decision === "customize") return onCustomize();
    if (decision !== "accept-all" && decision !== "reject-all") return;
    storeConsentInBrowser(decision === "accept-all" ? ACCEPT_ALL : DEFAULT_CHOICES);
    // The banner and the focused button go away: keep keyboard users in the page, not on <body>.
    focusMainContent();
  };
  return (
    // Sticky, not fixed: at the end of the page it sits below the footer instead of covering it.
    <section
      aria-labelledby="cookie-banner-overskrift"
      data-cookie-banner
      className="sticky bottom-0 z-40 border-t-2 border-emerald-800 bg-white shadow-[0_-4px_16px_rgb(0_0_0/0.12)] dark:border-emerald-300 dark:bg-stone-900"
    >
      <form method="post" action="/samtykke" onSubmit={handleSubmit} className="mx-auto max-w-6xl px-4 py-4 md:flex md:items-end md:gap-6">
        <input type="hidden" name="next" value={next} />
        <div className="md:flex-1">
          <h2 id="cookie-banner-overskrift" className="text-lg font-bold">
            {t("consent.banner.heading")}
          </h2>
          <p className="mt-1 text-sm text-stone-800 dark:text-stone-200">
            {t("consent.banner.body")} <a href="/cookies">{t("consent.banner.readMore")}</a>
          </p>
        </div>
        <div className="mt-3 grid grid-cols-2 gap-2 md:mt-0 md:flex md:shrink-0">
          <button type="submit" name="decision" value="customize" aria-haspopup="dialog" className={`${secondaryButtonClass} col-span-2`}>
            {t("consent.actions.customize")}
          </button>
          <button type="submit" name="decision" value="reject-all" className={primaryButtonClass}>
            {t("consent.actions.rejectAll")}
          </button>
          <button type="submit" name="decision" value="accept-all" className={primaryButtonClass}>
            {t("consent.actions.acceptAll")}
          </button>
        </div>
      </form>
    </section>
  );
}
