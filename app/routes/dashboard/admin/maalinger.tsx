import { site } from "~/lib/site-context.server";
import { Link } from "react-router";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import { formatDanishDate } from "~/lib/dates";
import { PageViewsChart } from "~/measurements/PageViewsChart";
import type { PageType } from "~/measurements/page-type.server";
import { measurementReport, type VitalCell } from "~/measurements/report.server";
import { MEASUREMENT_DAYS } from "~/measurements/store.server";
import { VITAL_NAMES, type Rating, type VitalName } from "~/measurements/thresholds";
import type { Route } from "./+types/maalinger";
import { access } from "~/http/access.server";

const guard = access({ permission: "read:measurements:any" });
export const middleware: Route.MiddlewareFunction[] = [guard];

/** /dashboard/admin/maalinger: the anonymous measurements of app/measurements/, for admins only. */
export async function loader({ context }: Route.LoaderArgs) {
  // Who may read them is declared with the other signed-in pages (read:measurements:any).
  guard.allowed(context);
  const report = await measurementReport(site().database.db);
  return {
    days: MEASUREMENT_DAYS,
    from: formatDanishDate(report.from),
    to: formatDanishDate(report.to),
    pageTypes: report.pageTypes,
    pageViews: report.pageViews.map((row) => ({ ...row, label: formatDanishDate(row.day) })),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta(matches, {
    title: t("measurements.title"),
    description: t("measurements.description"),
    path: "/dashboard/admin/maalinger",
    robots: "noindex,follow",
  });
}

const PAGE_TYPE_LABELS: Record<PageType, string> = {
  home: t("measurements.pageTypes.home"),
  landing: t("measurements.pageTypes.landing"),
  market: t("measurements.pageTypes.market"),
  register: t("measurements.pageTypes.register"),
  calendar: t("measurements.pageTypes.calendar"),
  map: t("measurements.pageTypes.map"),
  article: t("measurements.pageTypes.article"),
  content: t("measurements.pageTypes.content"),
  account: t("measurements.pageTypes.account"),
  other: t("measurements.pageTypes.other"),
};

const RATING_LABELS: Record<Rating, string> = {
  good: t("measurements.ratings.good"),
  "needs-improvement": t("measurements.ratings.needsImprovement"),
  poor: t("measurements.ratings.poor"),
};

const RATING_CLASSES: Record<Rating, string> = {
  good: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
  "needs-improvement": "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  poor: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200",
};

const milliseconds = new Intl.NumberFormat("da-DK", { maximumFractionDigits: 0 });
const layoutShift = new Intl.NumberFormat("da-DK", { minimumFractionDigits: 2, maximumFractionDigits: 3 });

/** CLS is a score without unit; the other vitals are times. */
function formatVital(metric: VitalName | "resource", value: number): string {
  return metric === "CLS" ? layoutShift.format(value) : `${milliseconds.format(value)} ms`;
}

function samplesText(count: number): string {
  return count === 1 ? t("measurements.vitals.oneSample") : t("measurements.vitals.samples", { count });
}

const cell = "border-b border-stone-300 px-3 py-2 text-left align-top dark:border-stone-700";

function VitalValue({ metric, value }: { metric: VitalName; value: VitalCell | undefined }) {
  if (!value) {
    return (
      <>
        <span aria-hidden="true" className="text-stone-600 dark:text-stone-400">
          –
        </span>
        <span className="sr-only">{t("measurements.vitals.missing")}</span>
      </>
    );
  }
  return (
    <>
      <span className="whitespace-nowrap font-semibold">{formatVital(metric, value.p75)}</span>{" "}
      <span className={`whitespace-nowrap rounded px-1.5 py-0.5 text-sm ${RATING_CLASSES[value.rating]}`}>{RATING_LABELS[value.rating]}</span>
      <br />
      <span className="whitespace-nowrap text-sm text-stone-600 dark:text-stone-400">{samplesText(value.samples)}</span>
    </>
  );
}

function VitalsTable({ rows }: { rows: Route.ComponentProps["loaderData"]["pageTypes"] }) {
  if (rows.length === 0) return <p className="mt-4">{t("measurements.vitals.empty")}</p>;
  return (
    <div className="mt-4 overflow-x-auto" tabIndex={0} role="region" aria-labelledby="vitals-tabel">
      <table className="w-full min-w-[52rem] border-collapse">
        <caption id="vitals-tabel" className="pb-2 text-left text-stone-700 dark:text-stone-300">
          {t("measurements.vitals.caption")}
        </caption>
        <thead>
          <tr>
            <th scope="col" className={`${cell} border-b-2`}>
              {t("measurements.vitals.pageType")}
            </th>
            {VITAL_NAMES.map((metric) => (
              <th key={metric} scope="col" className={`${cell} border-b-2`}>
                {metric}
              </th>
            ))}
            <th scope="col" className={`${cell} border-b-2`}>
              {t("measurements.vitals.slowResources")}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.pageType}>
              <th scope="row" className={`${cell} font-semibold`}>
                {PAGE_TYPE_LABELS[row.pageType]}
              </th>
              {VITAL_NAMES.map((metric) => (
                <td key={metric} className={cell}>
                  <VitalValue metric={metric} value={row.vitals[metric]} />
                </td>
              ))}
              <td className={cell}>
                {row.slowResources
                  ? t("measurements.vitals.slowResourcesValue", {
                      count: row.slowResources.samples,
                      value: formatVital("resource", row.slowResources.p75),
                    })
                  : "0"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PageViewsTable({ days }: { days: Route.ComponentProps["loaderData"]["pageViews"] }) {
  const total = days.reduce((sum, day) => sum + day.views, 0);
  return (
    <div className="mt-6 max-w-md">
      <table className="w-full border-collapse">
        <caption className="pb-2 text-left text-stone-700 dark:text-stone-300">{t("measurements.pageViews.caption", { days: days.length })}</caption>
        <thead>
          <tr>
            <th scope="col" className={`${cell} border-b-2`}>
              {t("measurements.pageViews.day")}
            </th>
            <th scope="col" className={`${cell} border-b-2 text-right`}>
              {t("measurements.pageViews.views")}
            </th>
          </tr>
        </thead>
        <tbody>
          {[...days].reverse().map((day) => (
            <tr key={day.day}>
              <th scope="row" className={`${cell} font-normal`}>
                {day.label}
              </th>
              <td className={`${cell} text-right tabular-nums`}>{milliseconds.format(day.views)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className={`${cell} border-b-0`}>
              {t("measurements.pageViews.total")}
            </th>
            <td className={`${cell} border-b-0 text-right font-semibold tabular-nums`}>{milliseconds.format(total)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

export default function Measurements({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-3xl font-bold sm:text-4xl">{t("measurements.heading")}</h1>
      <p className="mt-2 max-w-3xl text-lg text-stone-700 dark:text-stone-300">{t("measurements.intro", { days: loaderData.days })}</p>
      <p className="mt-2 text-stone-700 dark:text-stone-300">{t("measurements.period", { from: loaderData.from, to: loaderData.to })}</p>

      <section aria-labelledby="web-vitals" className="mt-8">
        <h2 id="web-vitals" className="text-2xl font-bold">
          {t("measurements.vitals.heading")}
        </h2>
        <p className="mt-1 max-w-3xl text-stone-700 dark:text-stone-300">{t("measurements.vitals.intro")}</p>
        <VitalsTable rows={loaderData.pageTypes} />
      </section>

      <section aria-labelledby="sidevisninger" className="mt-10">
        <h2 id="sidevisninger" className="text-2xl font-bold">
          {t("measurements.pageViews.heading")}
        </h2>
        <PageViewsChart days={loaderData.pageViews} />
        <PageViewsTable days={loaderData.pageViews} />
      </section>

      <p className="mt-8">
        <Link to="/dashboard">{t("dashboard.backToOverview")}</Link>
      </p>
    </>
  );
}
