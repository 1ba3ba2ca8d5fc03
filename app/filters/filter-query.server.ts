import { z } from "zod";
import { t } from "~/lib/i18n";
import { optionalParam, searchParamsSchema, switchParam } from "~/lib/search-params.server";
import { addDays, isLocalDate, weekendOf } from "../lib/dates";
import { DATE_PRESETS, SETTING_PARAMS, SORTS, type FilterField, type FilterForm, type SettingParam, type SortParam } from "./filter-form";
import type { MarketFilters } from "./filters";
import { isLocationKey } from "../markets/locations";
import { marketTypeBySlug, marketTypeInfo } from "../markets/market-types";
import { isRegionValue } from "../markets/regions";
import { MARKET_TYPES, type LocalDate, type Setting } from "../markets/types";

/**
 * Reading the filters of /register, /kalender, /markeder, /register.ics, /api/markers and the
 * landing pages from their query (the URLs are written by ./filter-form.ts). Loaders only: this
 * module brings zod, which no page's browser JavaScript should carry.
 */

export interface ParsedFilters {
  filters: MarketFilters;
  form: FilterForm;
  page: number;
  /** Danish messages for the fields that could not be used; the rest of the filters still apply. */
  errors: Partial<Record<FilterField, string>>;
}

const MAX_TEXT = 100;
const MAX_RANGE_DAYS = 366;
const MAX_PAGE = 10_000;
const SETTINGS: Record<SettingParam, Setting> = { inde: "indoor", ude: "outdoor" };
const SORT_PARAMS = Object.keys(SORTS) as [SortParam, ...SortParam[]];

/** "YYYY-MM-DD", a day that exists (so not 2026-02-31). */
const localDate = z.string().refine(isLocalDate);
/** A degree as Number() reads it ("56.15", "-0.5", "1e1"), finite and at most `limit` either way. */
const degrees = (limit: number) => z.string().transform(Number).pipe(z.number().min(-limit).max(limit));

/**
 * One field per parameter, each with its own fallback: undefined for absent or empty, null for
 * unreadable (see optionalParam); the rules between fields are parseFilterParams' below.
 */
export const filterQuery = searchParamsSchema(
  {
    /** Free text, trimmed and cut to 100 characters: never refused. */
    q: z
      .string()
      .transform((text) => text.trim().slice(0, MAX_TEXT))
      .catch(""),
    /** Market types by their plural slug (type=loppemarkeder), as many as given. */
    type: z
      .array(
        optionalParam(
          z
            .string()
            .transform((slug) => marketTypeBySlug(slug)?.key)
            .pipe(z.enum(MARKET_TYPES)),
        ),
      )
      .catch([]),
    /** A region option of the filter form, else a place of the landing pages. */
    omraade: optionalParam(
      z.union([
        z
          .string()
          .refine(isRegionValue)
          .transform((region) => ({ region })),
        z
          .string()
          .refine(isLocationKey)
          .transform((location) => ({ location })),
      ]),
    ),
    dato: optionalParam(z.enum(DATE_PRESETS)),
    fra: optionalParam(localDate),
    til: optionalParam(localDate),
    aaben: switchParam("nu"),
    miljoe: optionalParam(z.enum(SETTING_PARAMS)),
    gratis: switchParam("1"),
    lat: optionalParam(degrees(90)),
    lng: optionalParam(degrees(180)),
    sorter: optionalParam(z.enum(SORT_PARAMS)),
    /** The page number as parseInt reads it ("3", "3abc"), 1 to 10 000, else page 1. */
    side: z
      .string()
      .transform((text) => Number.parseInt(text, 10))
      .pipe(z.number().int().min(1).max(MAX_PAGE))
      .catch(1),
  },
  ["type"],
);

export function parseFilterParams(params: URLSearchParams, today: LocalDate, now: Date = new Date()): ParsedFilters {
  const query = filterQuery.parse(params);
  const errors: ParsedFilters["errors"] = {};
  const filters: MarketFilters = {};

  if (query.q) filters.text = query.q;

  if (query.type.includes(null)) errors.type = t("filterErrors.type");
  const types = [...new Set(query.type.filter((type) => type !== null && type !== undefined))];
  if (types.length) filters.types = types;

  if (query.omraade === null) errors.omraade = t("filterErrors.region");
  else if (query.omraade && "region" in query.omraade) filters.region = query.omraade.region;
  else if (query.omraade) filters.location = query.omraade.location;

  let date: FilterForm["date"] = "";
  if (query.dato === null) {
    errors.dato = t("filterErrors.datePreset");
  } else if (query.dato === "i-dag") {
    date = query.dato;
    filters.dateFrom = filters.dateTo = today;
  } else if (query.dato === "weekend") {
    date = query.dato;
    const { saturday, sunday } = weekendOf(today);
    filters.dateFrom = saturday < today ? today : saturday;
    filters.dateTo = sunday;
  } else if (query.dato === "7-dage") {
    date = query.dato;
    filters.dateFrom = today;
    filters.dateTo = addDays(today, 6);
  } else if (query.dato === "periode" || query.fra !== undefined || query.til !== undefined) {
    // A period without its preset (dato left out) is still a period.
    date = "periode";
    if (query.fra === null) errors.fra = t("filterErrors.date");
    if (query.til === null) errors.til = t("filterErrors.date");
    const start = query.fra ?? today;
    const end = query.til ?? undefined;
    if (end && end < start) errors.til = t("filterErrors.endBeforeStart");
    else if (end && addDays(start, MAX_RANGE_DAYS) < end) errors.til = t("filterErrors.rangeTooLong");
    else if (!errors.fra && !errors.til) {
      filters.dateFrom = start;
      if (end) filters.dateTo = end;
    }
  }

  if (query.aaben) filters.openAt = now;

  if (query.miljoe === null) errors.miljoe = t("filterErrors.setting");
  else if (query.miljoe) filters.setting = SETTINGS[query.miljoe];

  if (query.gratis) filters.freeEntry = true;

  if (typeof query.lat === "number" && typeof query.lng === "number") {
    filters.near = { latitude: query.lat, longitude: query.lng };
  } else if (query.lat !== undefined || query.lng !== undefined) {
    errors.position = t("filterErrors.position");
  }

  if (query.sorter === null) {
    errors.sorter = t("filterErrors.sort");
  } else if (query.sorter) {
    const wanted = SORTS[query.sorter];
    if (wanted === "distance" && !filters.near) errors.sorter = t("filterErrors.distanceNeedsPosition");
    else if (wanted === "relevance" && !filters.text) filters.sort = "date";
    else filters.sort = wanted;
  }

  return {
    filters,
    page: query.side,
    errors,
    form: {
      q: query.q,
      types: types.map((type) => marketTypeInfo(type).slug),
      region: filters.region ?? filters.location ?? "",
      date,
      // Dates and a position go back to the form as they were typed, readable or not.
      from: date === "periode" ? (params.get("fra") ?? "") : "",
      to: date === "periode" ? (params.get("til") ?? "") : "",
      openNow: query.aaben,
      setting: query.miljoe ?? "",
      free: query.gratis,
      sort: query.sorter ?? "",
      lat: filters.near ? (params.get("lat") ?? "") : "",
      lng: filters.near ? (params.get("lng") ?? "") : "",
    },
  };
}
