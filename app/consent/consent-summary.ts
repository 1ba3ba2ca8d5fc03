import { t } from "~/lib/i18n";
import type { ConsentChoices } from "./consent";

/** The visitor's choice in one sentence, as /cookies shows it: from the server, and again after each choice (app/progressive/consent.ts). */
export function consentSummary(choices: ConsentChoices | null): string {
  if (!choices) return t("consent.settings.notChosen");
  const state = (on: boolean) => (on ? t("consent.settings.on") : t("consent.settings.off"));
  return t("consent.settings.current", {
    preferences: state(choices.preferences),
    analytics: state(choices.analytics),
    marketing: state(choices.marketing),
  });
}
