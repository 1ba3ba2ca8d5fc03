import { t } from "~/lib/i18n";
import type { StepSlug } from "../form-steps";

/** Each step's name and what it asks, in Danish (literal keys, so the browser bundle carries the texts). */
export const STEP_TEXTS: Record<StepSlug, { title: string; intro: string }> = {
  "om-markedet": { title: t("organiser.form.steps.about.title"), intro: t("organiser.form.steps.about.intro") },
  sted: { title: t("organiser.form.steps.place.title"), intro: t("organiser.form.steps.place.intro") },
  "datoer-og-tider": { title: t("organiser.form.steps.dates.title"), intro: t("organiser.form.steps.dates.intro") },
  praktisk: { title: t("organiser.form.steps.practical.title"), intro: t("organiser.form.steps.practical.intro") },
  kontakt: { title: t("organiser.form.steps.contact.title"), intro: t("organiser.form.steps.contact.intro") },
  billeder: { title: t("organiser.form.steps.images.title"), intro: t("organiser.form.steps.images.intro") },
  "se-og-send": { title: t("organiser.form.steps.review.title"), intro: t("organiser.form.steps.review.intro") },
};
