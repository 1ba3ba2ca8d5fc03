import { t } from "~/lib/i18n";
import { CONSENT_CATEGORIES, DEFAULT_CHOICES, type ConsentCategory, type ConsentChoices } from "./consent";

const CATEGORY_TEXT: Record<ConsentCategory, { label: string; description: string }> = {
  preferences: { label: t("consent.categories.preferences.label"), description: t("consent.categories.preferences.description") },
  analytics: { label: t("consent.categories.analytics.label"), description: t("consent.categories.analytics.description") },
  marketing: { label: t("consent.categories.marketing.label"), description: t("consent.categories.marketing.description") },
};

export const buttonClass = "inline-flex min-h-11 items-center justify-center rounded-lg border-2 px-4 py-2 font-semibold no-underline";
export const primaryButtonClass = `${buttonClass} border-emerald-800 bg-emerald-800 text-white hover:bg-emerald-900 dark:border-emerald-300 dark:bg-emerald-300 dark:text-stone-950 dark:hover:bg-emerald-200`;
export const secondaryButtonClass = `${buttonClass} border-emerald-800 bg-white text-emerald-900 hover:bg-emerald-50 dark:border-emerald-300 dark:bg-stone-900 dark:text-emerald-200 dark:hover:bg-stone-800`;

function Row({ id, label, description, children }: { id: string; label: string; description: string; children: React.ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-4 border-t border-stone-300 py-3 first:border-t-0 dark:border-stone-700">
      <div>
        <label htmlFor={id} className="font-semibold">
          {label}
        </label>
        <p id={`${id}-beskrivelse`} className="text-sm text-stone-700 dark:text-stone-300">
          {description}
        </p>
      </div>
      {children}
    </div>
  );
}

const switchClass =
  "mt-1 h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full border-2 border-stone-600 bg-stone-200 bg-[radial-gradient(circle,var(--color-stone-700)_45%,transparent_50%)] bg-[length:1.25rem_1.25rem] bg-[position:left_center] bg-no-repeat transition-[background-position] checked:border-emerald-800 checked:bg-emerald-700 checked:bg-[radial-gradient(circle,white_45%,transparent_50%)] checked:bg-[position:right_center] disabled:cursor-not-allowed disabled:opacity-70 dark:border-stone-300 dark:bg-stone-700 dark:bg-[radial-gradient(circle,var(--color-stone-200)_45%,transparent_50%)] dark:checked:border-emerald-300 dark:checked:bg-emerald-400 dark:checked:bg-[radial-gradient(circle,var(--color-stone-950)_45%,transparent_50%)]";

/**
 * The consent toggles and "Annuller"/"Gem indstillinger" as one plain form posting to /samtykke,
 * so it works without JavaScript; in the consent dialog, app/progressive/consent.ts stores the
 * choice in the browser instead. Unchecked boxes are not sent, which the server reads as "no".
 */
export function ConsentSettingsForm({ idPrefix, initialChoices, next }: { idPrefix: string; initialChoices: ConsentChoices | null; next: string }) {
  const choices = initialChoices ?? DEFAULT_CHOICES;
  return (
    <form method="post" action="/samtykke">
      <input type="hidden" name="next" value={next} />
      <fieldset>
        <legend className="sr-only">{t("consent.dialog.heading")}</legend>
        <Row id={`${idPrefix}-noedvendige`} label={t("consent.categories.essential.label")} description={t("consent.categories.essential.description")}>
          <span className="flex items-center gap-2">
            <span className="text-sm whitespace-nowrap text-stone-700 dark:text-stone-300" aria-hidden="true">
              {t("consent.categories.essential.alwaysOn")}
            </span>
            <input
              id={`${idPrefix}-noedvendige`}
              type="checkbox"
              role="switch"
              checked
              disabled
              readOnly
              aria-describedby={`${idPrefix}-noedvendige-beskrivelse`}
              className={switchClass}
            />
          </span>
        </Row>
        {CONSENT_CATEGORIES.map((category) => (
          <Row key={category} id={`${idPrefix}-${category}`} label={CATEGORY_TEXT[category].label} description={CATEGORY_TEXT[category].description}>
            <input
              id={`${idPrefix}-${category}`}
              type="checkbox"
              role="switch"
              name={category}
              defaultChecked={choices[category]}
              aria-describedby={`${idPrefix}-${category}-beskrivelse`}
              className={switchClass}
            />
          </Row>
        ))}
      </fieldset>
      <div className="mt-4 flex flex-wrap justify-end gap-3">
        <button type="submit" name="decision" value="cancel" className={secondaryButtonClass}>
          {t("consent.actions.cancel")}
        </button>
        <button type="submit" name="decision" value="save" className={primaryButtonClass}>
          {t("consent.actions.save")}
        </button>
      </div>
    </form>
  );
}
