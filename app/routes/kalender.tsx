import { site } from "~/lib/site-context.server";
import { Form, Link } from "react-router";
import { Pagination } from "~/components/Pagination";
import { buttonClass } from "~/components/ui/button";
import { FieldError } from "~/components/ui/form-fields";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import { capitalise, formatTimeRange } from "~/markets/format";
import { FilterChips } from "~/filters/components/FilterChips";
import { FilterLayout } from "~/filters/components/FilterLayout";
import { monthGrid, monthTitle, shiftMonth, weekdayHeadings, type YearMonth } from "~/calendar/grid";
import { calendarHref, feedHref, type CalendarView } from "~/calendar/links";
import { parseCalendarParams } from "~/calendar/query.server";
import { SaveButton } from "~/saved/components/SaveButton";
import { countMarketsByDay, findCalendarEntries, type CalendarEntry } from "~/calendar/calendar.server";
import { formatDanishDate, todayInDenmark } from "~/lib/dates";
import { activeFilterLinks } from "~/filters/active-filters";
import { filterFormToParams, hasActiveFilters, type FilterForm } from "~/filters/filter-form";
import { marketTypeInfo } from "~/markets/market-types";
import type { LocalDate } from "~/markets/types";
import type { Route } from "./+types/kalender";
import { loadAsDocument } from "~/http/load-as-document";
import { STATIC_PAGE } from "~/lib/route-handle";

/** Read without React (decision 0022). */
export const handle = STATIC_PAGE;
export const clientLoader = loadAsDocument;

export const ENTRIES_PER_PAGE = 50;

export async function loader({ url }: Route.LoaderArgs) {
  const today = todayInDenmark();
  const params = parseCalendarParams(url.searchParams, today);
  const { filters, range, monthRange, view, day, page } = params;
  const db = site().database.db;
  const showEntries = view === "liste" || day !== null;
  const [counts, listing] = await Promise.all([
    monthRange ? countMarketsByDay(db, filters, monthRange) : Promise.resolve({} as Record<LocalDate, number>),
    showEntries && range ? findCalendarEntries(db, filters, range, { page, pageSize: ENTRIES_PER_PAGE }) : Promise.resolve({ total: 0, entries: [] as CalendarEntry[] }),
  ]);
  return {
    today,
    month: params.month,
    day,
    view,
    page,
    form: params.form,
    errors: params.errors,
    calendarErrors: params.calendarErrors,
    rangeEmpty: range === null,
    counts,
    showEntries,
    total: listing.total,
    entries: listing.entries,
  };
}

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  // Every month, day and filter is a URL; only the plain calendar is a page for search engines.
  const filtered = loaderData && (location.search || hasActiveFilters(loaderData.form));
  return seoMeta(matches, {
    title: t("pages.kalender.title"),
    description: t("pages.kalender.description"),
    path: "/kalender",
    robots: filtered ? "noindex,follow" : undefined,
  });
}

function countText(count: number): string {
  if (count === 0) return t("calendar.countNone");
  return count === 1 ? t("calendar.countOne") : t("calendar.countMany", { count: count.toLocaleString("da-DK") });
}

export default function Calendar({ loaderData }: Route.ComponentProps) {
  const { month, day, view, form, errors, calendarErrors, page, total, entries } = loaderData;
  const href = (state: { month?: YearMonth; day?: LocalDate | null; view?: CalendarView; page?: number }) => calendarHref(form, { month, view, ...state });
  const title = monthTitle(month);
  // A filter's chip keeps the month, the day and the view.
  const removals = activeFilterLinks(form, (changed) => calendarHref(changed, { month, day, view }));
  const unfiltered = calendarHref({ ...form, q: "", types: [], region: "", date: "", from: "", to: "", setting: "", free: false }, { month, day, view });
  const jumpFirst = Object.keys(calendarErrors).length > 0;
  const jump = <JumpForm form={form} month={month} view={view} errors={calendarErrors} />;
  return (
    <>
      <h1 className="text-3xl font-bold sm:text-4xl">{t("pages.kalender.heading")}</h1>
      <p className="mt-2 max-w-3xl text-stone-700 sm:text-lg dark:text-stone-300">{t("calendar.intro")}</p>

      <FilterLayout
        action="/kalender"
        form={form}
        errors={errors}
        fields={{ openNow: false, position: false }}
        hidden={{ maaned: month, ...(view === "liste" ? { visning: "liste" } : {}) }}
      >
        <div className="flex flex-wrap items-center justify-between gap-4">
          <nav aria-label={t("calendar.monthNavLabel")} className="flex items-center gap-2">
            <Link to={href({ month: shiftMonth(month, -1), page: 1 })} rel="prev nofollow" className={buttonClass("secondary")}>
              <span aria-hidden="true">←</span>
              <span className="sr-only">{t("calendar.previousMonth", { month: monthTitle(shiftMonth(month, -1)) })}</span>
            </Link>
            <h2 className="min-w-44 text-center text-2xl font-bold">{capitalise(title)}</h2>
            <Link to={href({ month: shiftMonth(month, 1), page: 1 })} rel="next nofollow" className={buttonClass("secondary")}>
              <span aria-hidden="true">→</span>
              <span className="sr-only">{t("calendar.nextMonth", { month: monthTitle(shiftMonth(month, 1)) })}</span>
            </Link>
          </nav>
          <ul aria-label={t("calendar.viewLabel")} className="flex gap-2">
            {(["maaned", "liste"] as const).map((option) => (
              <li key={option}>
                <Link
                  to={href({ view: option, day, page: 1 })}
                  aria-current={view === option ? "page" : undefined}
                  className={`${buttonClass(view === option ? "primary" : "secondary")}`}
                >
                  {option === "maaned" ? t("calendar.monthView") : t("calendar.listView")}
                </Link>
              </li>
            ))}
          </ul>
        </div>

        <FilterChips removals={removals} clearHref={unfiltered} className="mt-4" />

        {/* Going to a month or a day comes after the month, unless what was asked for could not be read. */}
        {jumpFirst ? jump : null}

        {view === "maaned" ? (
          <MonthTable month={month} selected={day} today={loaderData.today} counts={loaderData.counts} hrefFor={(date) => href({ day: date, page: 1 })} />
        ) : null}

        {loaderData.showEntries ? (
          <section className="mt-8" aria-labelledby="calendar-entries">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id="calendar-entries" className="text-2xl font-bold">
                {day ? t("calendar.dayHeading", { date: formatDanishDate(day) }) : t("calendar.listHeading", { month: title })}
              </h2>
              {day ? (
                <Link to={href({ day: null, page: 1 })} className="text-sm">
                  {t("calendar.backToMonth")}
                </Link>
              ) : null}
            </div>
            {day ? (
              <p className="mt-1 font-semibold" role="status">
                {countText(loaderData.counts[day] ?? 0)}
              </p>
            ) : null}
            {entries.length ? (
              <EntryList entries={entries} grouped={!day} />
            ) : (
              <p className="mt-4 rounded-xl border border-dashed border-stone-400 p-6 dark:border-stone-600">
                {loaderData.rangeEmpty ? t("calendar.outsideFilter") : day ? t("calendar.noMarketsDay") : t("calendar.noMarketsMonth", { month: title })}
              </p>
            )}
            <Pagination page={page} pages={Math.max(1, Math.ceil(total / ENTRIES_PER_PAGE))} hrefFor={(target) => href({ day, page: target })} />
          </section>
        ) : null}

        {jumpFirst ? null : jump}
      </FilterLayout>

      <p className="mt-10 max-w-3xl text-sm text-stone-700 dark:text-stone-300">
        <a href={feedHref(form)} download>
          {t("calendar.feedLink")}
        </a>
        . {t("calendar.feedHint")}
      </p>
    </>
  );
}

function MonthTable({
  month,
  selected,
  today,
  counts,
  hrefFor,
}: {
  month: YearMonth;
  selected: LocalDate | null;
  today: LocalDate;
  counts: Record<LocalDate, number>;
  hrefFor: (date: LocalDate) => string;
}) {
  return (
    <table className="mt-6 w-full table-fixed border-collapse text-center">
      <caption className="sr-only">{t("calendar.monthCount", { month: monthTitle(month) })}</caption>
      <thead>
        <tr>
          {weekdayHeadings().map((weekday) => (
            <th key={weekday.name} scope="col" className="py-2 text-sm font-semibold">
              <span aria-hidden="true" className="sm:hidden">
                {weekday.short}
              </span>
              <span className="sr-only sm:not-sr-only">{weekday.name}</span>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {monthGrid(month).map((week) => (
          <tr key={week.find(Boolean)}>
            {week.map((date, index) => {
              if (!date) return <td key={`blank-${index}`} className="border border-stone-200 bg-stone-50 dark:border-stone-800 dark:bg-stone-950" />;
              const count = counts[date] ?? 0;
              const isToday = date === today;
              const isSelected = date === selected;
              return (
                <td
                  key={date}
                  data-date={date}
                  data-count={count}
                  className={`h-16 border border-stone-300 p-0 align-top sm:h-24 dark:border-stone-700 ${isSelected ? "bg-emerald-50 dark:bg-emerald-950" : ""}`}
                >
                  <Link
                    to={hrefFor(date)}
                    aria-current={isToday ? "date" : undefined}
                    className={`flex h-full flex-col items-start gap-1 p-1 text-left no-underline hover:bg-stone-100 sm:p-2 dark:hover:bg-stone-800 ${isSelected ? "outline-2 outline-emerald-800 dark:outline-emerald-300" : ""}`}
                  >
                    <span
                      className={`text-base font-semibold ${isToday ? "rounded-full bg-emerald-800 px-2 text-white dark:bg-emerald-300 dark:text-stone-950" : "text-stone-900 dark:text-stone-50"}`}
                    >
                      <span aria-hidden="true">{Number(date.slice(8))}</span>
                      <span className="sr-only">
                        {formatDanishDate(date)}
                        {isToday ? ` (${t("calendar.today")})` : ""}:
                      </span>
                    </span>
                    <span className={`text-xs sm:text-sm ${count ? "font-medium text-emerald-800 dark:text-emerald-300" : "text-stone-600 dark:text-stone-400"}`}>
                      {/* Phones show the bare number; an empty day shows nothing, but is still read out. */}
                      <span aria-hidden="true" className="sm:hidden">
                        {count || ""}
                      </span>
                      <span className={count ? "sr-only sm:not-sr-only" : "sr-only"}>{countText(count)}</span>
                    </span>
                  </Link>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function EntryList({ entries, grouped }: { entries: CalendarEntry[]; grouped: boolean }) {
  const groups: { day: LocalDate; entries: CalendarEntry[] }[] = [];
  for (const entry of entries) {
    const last = groups.at(-1);
    if (grouped && last?.day === entry.day) last.entries.push(entry);
    else if (!grouped && last) last.entries.push(entry);
    else groups.push({ day: entry.day, entries: [entry] });
  }
  return (
    <div className="mt-4 grid gap-6">
      {groups.map((group) => (
        <div key={group.day}>
          {grouped ? <h3 className="text-lg font-bold">{formatDanishDate(group.day)}</h3> : null}
          <ul className="mt-2 grid gap-2">
            {group.entries.map((entry) => (
              <li key={`${entry.scheduleId}-${entry.date}`}>
                <Entry entry={entry} />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

function Entry({ entry }: { entry: CalendarEntry }) {
  const cancelled = entry.status === "cancelled";
  const dates = entry.endDate !== entry.date ? t("calendar.dateRange", { from: formatDanishDate(entry.date), to: formatDanishDate(entry.endDate) }) : null;
  return (
    <div className="rounded-xl border border-stone-300 bg-white p-3 sm:flex sm:items-baseline sm:gap-4 dark:border-stone-700 dark:bg-stone-900">
      <p className="shrink-0 font-semibold tabular-nums sm:w-32">{formatTimeRange(entry.startTime, entry.endTime)}</p>
      <div>
        <Link to={`/markeder/${entry.slug}`} className={`font-bold ${cancelled ? "line-through" : ""}`}>
          {entry.name}
        </Link>
        {cancelled ? (
          <span className="ml-2 rounded-full bg-red-100 px-2 py-0.5 text-sm font-semibold text-red-900 dark:bg-red-950 dark:text-red-100">{t("calendar.cancelled")}</span>
        ) : null}
        <p className="text-sm text-stone-700 dark:text-stone-300">
          {marketTypeInfo(entry.type).label} · {entry.postalCode} {entry.city}
          {dates ? ` · ${dates}` : ""}
          {entry.note ? ` · ${entry.note}` : ""}
        </p>
      </div>
      <SaveButton marketId={entry.marketId} name={entry.name} anchorSuffix={entry.date} className="mt-2 sm:mt-0 sm:ml-auto sm:self-center" />
    </div>
  );
}

/**
 * Month and day fields that also work without JavaScript; the filters ride along hidden. The day
 * starts empty, so changing only the month goes to that month (a day wins over a month).
 */
function JumpForm({ form, month, view, errors }: { form: FilterForm; month: YearMonth; view: CalendarView; errors: Partial<Record<"maaned" | "dag", string>> }) {
  const hidden = [...filterFormToParams(form)];
  const field = "mt-1 block rounded-lg border border-stone-400 bg-white px-3 py-2 text-stone-900 dark:border-stone-500 dark:bg-stone-900 dark:text-stone-50";
  return (
    <Form method="get" action="/kalender" className="mt-4">
      <fieldset className="flex flex-wrap items-end gap-4">
        <legend className="mb-1 text-sm font-semibold">{t("calendar.jumpLegend")}</legend>
        {hidden.map(([name, value], index) => (
          <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
        ))}
        {view === "liste" ? <input type="hidden" name="visning" value="liste" /> : null}
        <div>
          <label htmlFor="maaned" className="block text-sm">
            {t("calendar.jumpMonth")}
          </label>
          <input
            id="maaned"
            name="maaned"
            type="month"
            defaultValue={errors.maaned ? "" : month}
            className={field}
            aria-invalid={errors.maaned ? true : undefined}
            aria-describedby={errors.maaned ? "fejl-maaned" : undefined}
          />
          <FieldError id="fejl-maaned" message={errors.maaned} />
        </div>
        <div>
          <label htmlFor="dag" className="block text-sm">
            {t("calendar.jumpDay")}
          </label>
          <input
            id="dag"
            name="dag"
            type="date"
            defaultValue=""
            className={field}
            aria-invalid={errors.dag ? true : undefined}
            aria-describedby={errors.dag ? "fejl-dag" : undefined}
          />
          <FieldError id="fejl-dag" message={errors.dag} />
        </div>
        <button type="submit" className={buttonClass("secondary")}>
          {t("calendar.jumpButton")}
        </button>
      </fieldset>
    </Form>
  );
}
