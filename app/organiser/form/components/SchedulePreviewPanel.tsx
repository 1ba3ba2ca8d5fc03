import { t } from "~/lib/i18n";
import type { SchedulePreview } from "../schedule-preview";
import type { HeadingLevel } from "./schedule-field-parts";
import type { PreviewState } from "./use-schedule-preview";

export const PREVIEW_HEADING_ID = "tidsplan-visning";

/**
 * The schedule as the market page will say it, and its next dates. A polite live region: with
 * JavaScript a screen reader hears the new sentence once the person pauses typing.
 */
export function SchedulePreviewPanel({ preview, state, problem, level }: { preview: SchedulePreview | null; state: PreviewState; problem?: string | null; level: HeadingLevel }) {
  const Heading = `h${level}` as const;
  const SubHeading = `h${Math.min(level + 1, 6) as 3 | 4 | 5}` as const;
  const shown = state === "incomplete" ? null : preview;
  return (
    <section aria-labelledby={PREVIEW_HEADING_ID} className="rounded-xl border border-emerald-800/40 bg-emerald-50 p-4 dark:border-emerald-300/40 dark:bg-emerald-950">
      <Heading id={PREVIEW_HEADING_ID} className="text-lg font-bold">
        {t("organiser.schedule.preview.heading")}
      </Heading>
      <div aria-live="polite" aria-busy={state === "loading" || undefined} className="mt-2 space-y-3">
        {shown ? (
          <>
            {shown.prose.map((sentence, index) => (
              <p key={index} className="font-medium">
                {sentence}
              </p>
            ))}
            <div>
              <SubHeading className="text-base font-semibold">{t("organiser.schedule.preview.nextDates")}</SubHeading>
              {shown.nextDates.length ? (
                <ul className="mt-1 list-disc space-y-1 pl-5">
                  {shown.nextDates.map((line, index) => (
                    <li key={index}>{line}</li>
                  ))}
                </ul>
              ) : (
                <p className="mt-1">{t("organiser.schedule.preview.noDates")}</p>
              )}
            </div>
          </>
        ) : state === "incomplete" && problem ? (
          <p>{t("organiser.schedule.preview.incomplete", { problem })}</p>
        ) : (
          <p>{t("organiser.schedule.preview.waiting")}</p>
        )}
        {state === "unavailable" ? <p className="text-sm">{t("organiser.schedule.preview.unavailable")}</p> : null}
      </div>
    </section>
  );
}
