import { t } from "~/lib/i18n";

export interface DayViews {
  day: string;
  /** The day as a Danish reader reads it, e.g. "lør. 21. nov. 2026". */
  label: string;
  views: number;
}

const BAR_STEP = 10;
const BAR_WIDTH = 8;
const CHART_HEIGHT = 100;

/**
 * A small bar chart of page views per day. An image to assistive technology, named by a sentence
 * that sums it up; the table below it holds every number.
 */
export function PageViewsChart({ days }: { days: DayViews[] }) {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return null;
  const busiest = days.reduce((best, day) => (day.views > best.views ? day : best), first);
  const total = days.reduce((sum, day) => sum + day.views, 0);
  const summary =
    total === 0
      ? t("measurements.pageViews.chartEmpty", { from: first.label, to: last.label })
      : t("measurements.pageViews.chartSummary", { from: first.label, to: last.label, total, max: busiest.views, maxDay: busiest.label });
  const scale = busiest.views > 0 ? CHART_HEIGHT / busiest.views : 0;
  return (
    <svg
      role="img"
      aria-label={summary}
      viewBox={`0 0 ${days.length * BAR_STEP} ${CHART_HEIGHT + 2}`}
      preserveAspectRatio="none"
      className="mt-4 h-32 w-full max-w-3xl text-emerald-700 dark:text-emerald-400"
    >
      <line x1={0} x2={days.length * BAR_STEP} y1={CHART_HEIGHT + 1} y2={CHART_HEIGHT + 1} stroke="currentColor" strokeWidth={0.5} />
      {days.map((day, index) => {
        const height = Math.max(day.views * scale, 0);
        return (
          <rect key={day.day} x={index * BAR_STEP + 1} y={CHART_HEIGHT - height} width={BAR_WIDTH} height={height} fill="currentColor">
            <title>{`${day.label}: ${day.views}`}</title>
          </rect>
        );
      })}
    </svg>
  );
}
