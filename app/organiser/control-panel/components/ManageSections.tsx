import { Link } from "react-router";
import { PanelSection } from "~/components/ui/panel-section";
import { t } from "~/lib/i18n";
import { editStepPath, withReturn, type StepSlug } from "../../form/form-steps";
import { STEP_TEXTS } from "../../form/components/step-titles";

/** The parts of the market form a control panel opens on their own; the pictures are the panel's own section. */
const SECTIONS: { step: StepSlug; what: string }[] = [
  { step: "om-markedet", what: t("organiser.manage.sections.about") },
  { step: "sted", what: t("organiser.manage.sections.place") },
  { step: "datoer-og-tider", what: t("organiser.manage.sections.dates") },
  { step: "praktisk", what: t("organiser.manage.sections.practical") },
  { step: "kontakt", what: t("organiser.manage.sections.contact") },
];

/**
 * "Markedets oplysninger": a link to each part of the market form, opened on its own; saved, the
 * change is sent and the person comes back to this panel (`returnTo`) with what became of it.
 */
export function ManageSections({ marketId, returnTo }: { marketId: string; returnTo: string }) {
  return (
    <PanelSection id="oplysninger" heading={t("organiser.manage.sections.heading")} intro={t("organiser.manage.sections.intro")}>
      <ul className="grid gap-3 sm:grid-cols-2">
        {SECTIONS.map(({ step, what }) => (
          <li key={step} className="rounded-xl border border-stone-300 p-3 dark:border-stone-700">
            <Link to={withReturn(editStepPath(marketId, step), returnTo)} className="font-semibold">
              {STEP_TEXTS[step].title}
            </Link>
            <p className="mt-0.5 text-sm text-stone-700 dark:text-stone-300">{what}</p>
          </li>
        ))}
      </ul>
    </PanelSection>
  );
}
