import { useRouteLoaderData, useSearchParams } from "react-router";
import { t } from "~/lib/i18n";
import type { loader as rootLoader } from "~/root";
import { consentSummary } from "./consent-summary";
import { ConsentSettingsForm, secondaryButtonClass } from "./ConsentSettingsForm";

/**
 * "Skift cookie-indstillinger" on /cookies. Without JavaScript the toggles are a plain form behind
 * a disclosure, opened already when the banner's "Tilpas indstillinger" sent the visitor here
 * (?tilpas=1); with it, app/progressive/consent.ts shows the button that opens the consent dialog
 * instead, and keeps the summary up to date with each choice; it may do so before React hydrates,
 * which these elements allow (suppressHydrationWarning).
 */
export function ConsentSettingsSection() {
  const rootData = useRouteLoaderData<typeof rootLoader>("root");
  const choices = rootData?.consent ?? null;
  const [searchParams] = useSearchParams();
  return (
    <div data-consent-settings>
      <p className="mt-2">{t("consent.settings.intro")}</p>
      <p className="mt-2 font-semibold" role="status" data-consent-summary suppressHydrationWarning>
        {consentSummary(choices)}
      </p>
      <button type="button" hidden aria-haspopup="dialog" data-open-consent-settings suppressHydrationWarning className={`${secondaryButtonClass} mt-4`}>
        {t("consent.settings.open")}
      </button>
      <details open={searchParams.has("tilpas")} data-consent-settings-form suppressHydrationWarning className="mt-4">
        <summary className={`${secondaryButtonClass} cursor-pointer`}>{t("consent.settings.open")}</summary>
        <div className="mt-3">
          <ConsentSettingsForm idPrefix="samtykke-side" initialChoices={choices} next="/cookies#indstillinger" />
        </div>
      </details>
    </div>
  );
}
