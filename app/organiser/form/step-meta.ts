import type { MetaDescriptor } from "react-router";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import { STEP_TEXTS } from "./components/step-titles";
import type { StepPageData } from "./step-page";

type Matches = Parameters<typeof seoMeta>[0];

/** A step's title ("Sted – Opret et marked", "Sted – Ret Loppemarked på Torvet"): no search engine lists it. */
export function stepMeta(matches: Matches, page: StepPageData | undefined): MetaDescriptor[] {
  if (!page) return [];
  const step = STEP_TEXTS[page.step].title;
  const title = page.mode === "edit" ? t("organiser.form.editTitle", { step, name: page.marketName ?? "" }) : t("organiser.form.createTitle", { step });
  const description = page.mode === "edit" ? t("organiser.form.editDescription") : t("organiser.form.createDescription");
  return seoMeta(matches, { title, description, path: page.action.replace(/\?.*$/, ""), robots: "noindex,follow" });
}
