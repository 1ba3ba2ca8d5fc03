import { useEffect, useRef, useState, type ReactNode } from "react";
import { hintClass } from "~/components/ui/form-fields";
import { t } from "~/lib/i18n";
import { useHydrated } from "~/lib/use-hydrated";
import { SHOP_TYPES, type MarketType } from "../../../markets/types";
import { SCHEDULE_KINDS, type ScheduleFormValues, type ScheduleKind } from "../schedule-choice-values";
import { SCHEDULE_PREVIEW_PATH, type SchedulePreview } from "../schedule-preview";
import { ChoiceGroup, LegendHeading, ScheduleFieldsContext, type FieldErrors, type HeadingLevel } from "./schedule-field-parts";
import { DaysInARowFields, OneDateFields, RuleFields, SeveralDatesFields, WeekFields } from "./ScheduleKindFields";
import { SchedulePreviewPanel } from "./SchedulePreviewPanel";
import { useSchedulePreview } from "./use-schedule-preview";

export interface ScheduleFieldsProps {
  /** What the fields hold: typed before (a reply's or a draft's values, through scheduleFormValues) or stored (choicesFromSchedules). */
  values?: ScheduleFormValues | null;
  /** The messages by field name, as Conform gives them (a reply's `error`, or `form.allErrors`). */
  errors?: FieldErrors | null;
  /** The preview the page made on the server (schedulePreview), shown until a new one comes. */
  preview?: SchedulePreview | null;
  /** A shop starts with "Faste åbningstider" chosen. */
  marketType?: MarketType | null;
  /** The level of the parts' headings under the page's own (default 3). */
  headingLevel?: HeadingLevel;
  /** The first wrong field takes the focus when the page comes back from a post (default true). */
  focusFirstError?: boolean;
  /** Where the live preview is asked for; tests may point elsewhere. */
  previewUrl?: string;
}

const KIND_LABELS: Record<ScheduleKind, { label: string; hint: string }> = {
  dato: { label: t("organiser.schedule.kinds.dato"), hint: t("organiser.schedule.kindHints.dato") },
  datoer: { label: t("organiser.schedule.kinds.datoer"), hint: t("organiser.schedule.kindHints.datoer") },
  dage: { label: t("organiser.schedule.kinds.dage"), hint: t("organiser.schedule.kindHints.dage") },
  regel: { label: t("organiser.schedule.kinds.regel"), hint: t("organiser.schedule.kindHints.regel") },
  aabningstider: { label: t("organiser.schedule.kinds.aabningstider"), hint: t("organiser.schedule.kindHints.aabningstider") },
};

const isKind = (value: string | undefined): value is ScheduleKind => SCHEDULE_KINDS.includes(value as ScheduleKind);

/**
 * "Datoer og tider" of /opret-marked and the edit form: the schedule built from choices, for inside
 * the step's own <form>. Without JavaScript every kind's part is on the page under its heading and
 * the server reads only the chosen one; with it, only the chosen part shows, lists grow a row at a
 * time, and the Danish sentence and the next five dates follow as the person types.
 */
export function ScheduleFields({ values, errors, preview = null, marketType, headingLevel = 3, focusFirstError = true, previewUrl = SCHEDULE_PREVIEW_PATH }: ScheduleFieldsProps) {
  const hydrated = useHydrated();
  const given = values?.tidsplan;
  const initialKind = isKind(given) ? given : marketType && SHOP_TYPES.includes(marketType) ? "aabningstider" : null;
  const [kind, setKind] = useState<string | null>(initialKind);
  const root = useRef<HTMLDivElement>(null);
  const live = useSchedulePreview(root, preview, previewUrl);
  const context = { errors: errors ?? {}, focus: { done: !focusFirstError } };
  const partLevel = Math.min(headingLevel + 1, 5) as 3 | 4 | 5;
  const { schedule } = live;
  // A stored schedule shown for editing gets its preview as soon as the page can ask for it.
  useEffect(() => {
    if (hydrated && initialKind && !preview) schedule();
  }, [hydrated]); // eslint-disable-line react-hooks/exhaustive-deps -- once, when the page comes alive

  const part = (name: ScheduleKind, children: ReactNode) => (
    <fieldset key={name} hidden={hydrated && kind !== name} className="space-y-4">
      <LegendHeading level={headingLevel} id={`tidsplan-del-${name}`}>
        {KIND_LABELS[name].label}
      </LegendHeading>
      {children}
    </fieldset>
  );

  return (
    <ScheduleFieldsContext.Provider value={context}>
      <div ref={root} className="min-w-0 space-y-8" onInput={live.schedule} onChange={live.schedule}>
        <ChoiceGroup
          name="tidsplan"
          legend={t("organiser.schedule.kindLegend")}
          type="radio"
          layout="stack"
          chosen={initialKind ? [initialKind] : []}
          onChoose={setKind}
          options={SCHEDULE_KINDS.map((name) => ({ value: name, ...KIND_LABELS[name] }))}
        />
        {!hydrated ? <p className={hintClass}>{t("organiser.schedule.noScript")}</p> : kind === null ? <p className={hintClass}>{t("organiser.schedule.chooseKind")}</p> : null}

        {part("dato", <OneDateFields values={values?.enkelt} hydrated={hydrated} />)}
        {part("datoer", <SeveralDatesFields values={values?.datoer} hydrated={hydrated} />)}
        {part("dage", <DaysInARowFields values={values?.dage} hydrated={hydrated} />)}
        {part("regel", <RuleFields values={values?.regel} hydrated={hydrated} level={partLevel} />)}
        {part("aabningstider", <WeekFields values={values?.aabningstider} hydrated={hydrated} />)}

        {preview || (hydrated && kind !== null) ? <SchedulePreviewPanel preview={live.preview} state={live.state} problem={live.problem} level={headingLevel} /> : null}
      </div>
    </ScheduleFieldsContext.Provider>
  );
}
