import { formatDanishDate, isLocalDate } from "~/lib/dates";
import { t } from "~/lib/i18n";
import type { FilterForm } from "./filter-form";
import { location } from "../markets/locations";
import { marketTypeBySlug } from "../markets/market-types";
import { regionOption } from "../markets/regions";

/**
 * The filters a visitor has chosen, as the lists of /register, /kalender and the landing pages
 * show them: a count on the "Filtrér" button, and a chip with a link that removes each one (above
 * the results, and in the empty result). Runs in the browser too.
 */

/**
 * How many filters sit behind the "Filtrér" button: each type, the area, the date, inside or
 * outside, free entry, "open now" and a position. The text has its own box at the top, and the
 * sort order narrows nothing.
 */
export function countActiveFilters(form: FilterForm): number {
  const single = [form.region, form.date, form.setting, form.free, form.openNow, form.lat && form.lng];
  return form.types.length + single.filter(Boolean).length;
}

export interface FilterRemoval {
  /** What the chip shows, e.g. "Denne weekend", "Aarhus", "“vinyl”". */
  label: string;
  /** The same list without this one filter. */
  href: string;
}

const DATE_LABELS = {
  "i-dag": t("markets.dateToday"),
  weekend: t("markets.dateWeekend"),
  "7-dage": t("markets.dateWeek"),
} as const;

/** "14. jun.–20. jun.", "Fra 14. jun.", or "Periode" while neither end can be read. */
function periodLabel(from: string, to: string): string {
  const short = (date: string) => formatDanishDate(date, { pattern: "d. MMM" });
  const start = isLocalDate(from) ? short(from) : null;
  const end = isLocalDate(to) ? short(to) : null;
  if (start && end) return t("markets.chips.period", { from: start, to: end });
  if (start) return t("markets.chips.periodFrom", { date: start });
  if (end) return t("markets.chips.periodUntil", { date: end });
  return t("markets.chips.periodAny");
}

/**
 * A chip for every chosen filter, the search text included, in the order of the form.
 * `hrefFor` writes the page's own link for a form (the register, a landing page, a calendar month).
 */
export function activeFilterLinks(form: FilterForm, hrefFor: (form: FilterForm) => string): FilterRemoval[] {
  const without = (change: Partial<FilterForm>) => hrefFor({ ...form, ...change });
  const links: FilterRemoval[] = [];
  if (form.q) links.push({ label: `“${form.q}”`, href: without({ q: "" }) });
  for (const slug of form.types) {
    links.push({ label: marketTypeBySlug(slug)?.plural ?? slug, href: without({ types: form.types.filter((type) => type !== slug) }) });
  }
  if (form.region) {
    const label = regionOption(form.region)?.label ?? location(form.region)?.name ?? form.region;
    links.push({ label, href: without({ region: "" }) });
  }
  if (form.date) {
    const label = form.date === "periode" ? periodLabel(form.from, form.to) : DATE_LABELS[form.date];
    links.push({ label, href: without({ date: "", from: "", to: "" }) });
  }
  if (form.openNow) links.push({ label: t("markets.openNow"), href: without({ openNow: false }) });
  if (form.setting) {
    links.push({ label: form.setting === "inde" ? t("markets.settingIndoor") : t("markets.settingOutdoor"), href: without({ setting: "" }) });
  }
  if (form.free) links.push({ label: t("markets.freeEntry"), href: without({ free: false }) });
  if (form.lat && form.lng) {
    // Sorting by distance needs the position: it goes with it.
    links.push({ label: t("markets.chips.position"), href: without({ lat: "", lng: "", sort: form.sort === "afstand" ? "" : form.sort }) });
  }
  return links;
}
