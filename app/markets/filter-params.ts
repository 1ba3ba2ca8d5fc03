import { t } from "~/lib/i18n";
import { addDays, isLocalDate, weekendOf } from "./dates";
import type { MarketFilters } from "./filters";
import { isLocationKey } from "./locations";
import { marketTypeBySlug, marketTypeInfo } from "./market-types";
import { isRegionValue } from "./regions";
import type { LocalDate, Setting } from "./types";

/**
 * The filters as they stand in the URL, in Danish, so that a filtered list is a link a visitor
 * can share: /register?q=vinyl&type=loppemarkeder&omraade=aarhus&dato=weekend&sorter=dato
 */
export const DATE_PRESETS = ["i-dag", "weekend", "7-dage", "periode"] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];
export const SORTS = { relevans: "relevance", dato: "date", navn: "name", afstand: "distance" } as const;
export type SortParam = keyof typeof SORTS;
const SETTING_PARAMS: Record<string, Setting> = { inde: "indoor", ude: "outdoor" };

/** What the form shows: the raw choices, so the visitor sees what they asked for. */
export interface FilterForm {
  q: string;
  types: string[];
  region: string;
  date: DatePreset | "";
  from: string;
  to: string;
  openNow: boolean;
  setting: "" | "inde" | "ude";
  free: boolean;
  sort: SortParam | "";
  lat: string;
  lng: string;
}

export type FilterField = "q" | "type" | "omraade" | "dato" | "fra" | "til" | "miljoe" | "sorter" | "position";

export interface ParsedFilters {
  filters: MarketFilters;
  form: FilterForm;
  page: number;
  /** Danish messages for the fields that could not be used; the rest of the filters still apply. */
  errors: Partial<Record<FilterField, string>>;
}

const MAX_TEXT = 100;
const MAX_RANGE_DAYS = 366;

export function parseFilterParams(params: URLSearchParams, today: LocalDate, now: Date = new Date()): ParsedFilters {
  const errors: ParsedFilters["errors"] = {};
  const filters: MarketFilters = {};

  const q = (params.get("q") ?? "").trim().slice(0, MAX_TEXT);
  if (q) filters.text = q;

  const typeSlugs = params.getAll("type").filter(Boolean);
  const types = typeSlugs.map((slug) => marketTypeBySlug(slug)?.key);
  if (types.some((type) => !type)) errors.type = t("filterErrors.type");
  const knownTypes = [...new Set(types.filter((type) => type !== undefined))];
  if (knownTypes.length) filters.types = knownTypes;

  const region = params.get("omraade") ?? "";
  if (region) {
    if (isRegionValue(region)) filters.region = region;
    else if (isLocationKey(region)) filters.location = region;
    else errors.omraade = t("filterErrors.region");
  }

  const preset = params.get("dato") ?? "";
  let date: FilterForm["date"] = "";
  const from = params.get("fra") ?? "";
  const to = params.get("til") ?? "";
  if (preset === "i-dag") {
    date = preset;
    filters.dateFrom = filters.dateTo = today;
  } else if (preset === "weekend") {
    date = preset;
    const { saturday, sunday } = weekendOf(today);
    filters.dateFrom = saturday < today ? today : saturday;
    filters.dateTo = sunday;
  } else if (preset === "7-dage") {
    date = preset;
    filters.dateFrom = today;
    filters.dateTo = addDays(today, 6);
  } else if (preset === "periode" || (preset === "" && (from || to))) {
    date = "periode";
    if (from && !isLocalDate(from)) errors.fra = t("filterErrors.date");
    if (to && !isLocalDate(to)) errors.til = t("filterErrors.date");
    const start = isLocalDate(from) ? from : today;
    const end = isLocalDate(to) ? to : undefined;
    if (end && end < start) errors.til = t("filterErrors.endBeforeStart");
    else if (end && addDays(start, MAX_RANGE_DAYS) < end) errors.til = t("filterErrors.rangeTooLong");
    else if (!errors.fra && !errors.til) {
      filters.dateFrom = start;
      if (end) filters.dateTo = end;
    }
  } else if (preset) {
    errors.dato = t("filterErrors.datePreset");
  }

  const openNow = params.get("aaben") === "nu";
  if (openNow) filters.openAt = now;

  const settingParam = params.get("miljoe") ?? "";
  if (settingParam) {
    const setting = SETTING_PARAMS[settingParam];
    if (setting) filters.setting = setting;
    else errors.miljoe = t("filterErrors.setting");
  }

  const free = params.get("gratis") === "1";
  if (free) filters.freeEntry = true;

  const lat = params.get("lat") ?? "";
  const lng = params.get("lng") ?? "";
  if (lat || lng) {
    const latitude = Number(lat);
    const longitude = Number(lng);
    if (lat && lng && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180 && !Number.isNaN(latitude + longitude)) {
      filters.near = { latitude, longitude };
    } else {
      errors.position = t("filterErrors.position");
    }
  }

  const sortParam = params.get("sorter") ?? "";
  let sort: FilterForm["sort"] = "";
  if (sortParam in SORTS) {
    sort = sortParam as SortParam;
    const wanted = SORTS[sort];
    if (wanted === "distance" && !filters.near) errors.sorter = t("filterErrors.distanceNeedsPosition");
    else if (wanted === "relevance" && !filters.text) filters.sort = "date";
    else filters.sort = wanted;
  } else if (sortParam) {
    errors.sorter = t("filterErrors.sort");
  }

  const pageNumber = Number.parseInt(params.get("side") ?? "1", 10);
  const page = Number.isInteger(pageNumber) && pageNumber >= 1 && pageNumber <= 10_000 ? pageNumber : 1;

  return {
    filters,
    page,
    errors,
    form: {
      q,
      types: knownTypes.map((type) => marketTypeInfo(type).slug),
      region: filters.region ?? filters.location ?? "",
      date,
      from: date === "periode" ? from : "",
      to: date === "periode" ? to : "",
      openNow,
      setting: settingParam === "inde" || settingParam === "ude" ? settingParam : "",
      free,
      sort,
      lat: filters.near ? lat : "",
      lng: filters.near ? lng : "",
    },
  };
}

/** The query string for a form, without empty fields, so links stay short and cache keys few. */
export function filterFormToParams(form: Partial<FilterForm>, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  if (form.q) params.set("q", form.q);
  for (const type of form.types ?? []) params.append("type", type);
  if (form.region) params.set("omraade", form.region);
  if (form.date) params.set("dato", form.date);
  if (form.date === "periode" && form.from) params.set("fra", form.from);
  if (form.date === "periode" && form.to) params.set("til", form.to);
  if (form.openNow) params.set("aaben", "nu");
  if (form.setting) params.set("miljoe", form.setting);
  if (form.free) params.set("gratis", "1");
  if (form.lat && form.lng) {
    params.set("lat", form.lat);
    params.set("lng", form.lng);
  }
  if (form.sort) params.set("sorter", form.sort);
  if (page > 1) params.set("side", String(page));
  return params;
}

/** Whether anything narrows the list (sorting and position alone do not). */
export function hasActiveFilters(form: FilterForm): boolean {
  return Boolean(form.q || form.types.length || form.region || form.date || form.openNow || form.setting || form.free);
}
