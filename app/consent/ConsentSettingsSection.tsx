import { useRouteLoaderData, useSearchParams } from "react-router";
import { t } from "~/lib/i18n";
import { useHydrated } from "~/lib/use-hydrated";
import type { loader as rootLoader } from "~/root";
import type { ConsentChoices } from "./consent";
import { ConsentSettingsForm, secondaryButtonClass } from "./ConsentSettingsForm";
import { openConsentSettings, useConsentChoices } from "./use-consent";

function summary(choices: ConsentChoices | null): string {
  if (!choices) return t("consent.settings.notChosen");
  const state = (on: boolean) => (on ? t("consent.settings.on") : t("consent.settings.off"));
  return t("consent.settings.current", {
    preferences: state(choices.preferences),
    analytics: state(choices.analytics),
    marketing: state(choices.marketing),
  });
}

/**
 * "Skift cookie-indstillinger" on /cookies. With JavaScript a button opens the consent dialog;
 * without it the same toggles are a plain form behind a disclosure, opened already when the
 * banner's "Tilpas indstillinger" sent the visitor here (?tilpas=1).
 */
export function ConsentSettingsSection() {
  const rootData = useRouteLoaderData<typeof rootLoader>("root");
  const choices = useConsentChoices(rootData?.consent ?? null);
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  return (
    <>
      <p className="mt-2">{t("consent.settings.intro")}</p>
      <p className="mt-2 font-semibold" role="status">
        {summary(choices)}
      </p>
      {hydrated ? (
        <button type="button" aria-haspopup="dialog" onClick={openConsentSettings} className={`${secondaryButtonClass} mt-4`}>
          {t("consent.settings.open")}
        </button>
      ) : (
        <details open={searchParams.has("tilpas")} className="mt-4">
          <summary className={`${secondaryButtonClass} cursor-pointer`}>{t("consent.settings.open")}</summary>
          <div className="mt-3">
            <ConsentSettingsForm idPrefix="samtykke-side" initialChoices={choices} next="/cookies#indstillinger" />
          </div>
        </details>
      )}
    </>
  );
}
