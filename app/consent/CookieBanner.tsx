import { useLocation } from "react-router";
import { t } from "~/lib/i18n";
import type { ConsentChoices } from "./consent";
import { ConsentDialog } from "./ConsentDialog";
import { primaryButtonClass, secondaryButtonClass } from "./ConsentSettingsForm";

/**
 * The cookie banner and the preferences dialog, mounted once in the root layout. The server
 * decides whether the banner is in the HTML (from the consent cookie), so a returning visitor never
 * sees it flash; without JavaScript its buttons post to /samtykke. With it, app/progressive/consent.ts
 * stores a choice in the browser, hides the banner and opens the dialog.
 */
export function CookieConsent({ serverChoices }: { serverChoices: ConsentChoices | null }) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <>
      {serverChoices === null ? <CookieBanner next={here} /> : null}
      <ConsentDialog choices={serverChoices} next={here} />
    </>
  );
}

function CookieBanner({ next }: { next: string }) {
  return (
    // Sticky, not fixed: at the end of the page it sits below the footer instead of covering it.
    <section
      aria-labelledby="cookie-banner-overskrift"
      data-cookie-banner
      // Hidden by the script, perhaps before React hydrates, when the visitor has chosen already.
      suppressHydrationWarning
      className="sticky bottom-0 z-40 border-t-2 border-emerald-800 bg-white shadow-[0_-4px_16px_rgb(0_0_0/0.12)] dark:border-emerald-300 dark:bg-stone-900"
    >
      <form method="post" action="/samtykke" className="mx-auto max-w-6xl px-4 py-4 md:flex md:items-end md:gap-6">
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
