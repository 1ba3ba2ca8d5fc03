/**
 * The filters of /register, /kalender, /markeder and the landing pages as they stand in the URL,
 * in Danish, so that a filtered list is a link a visitor can share:
 * /register?q=vinyl&type=loppemarkeder&omraade=aarhus&dato=weekend&sorter=dato
 *
 * This half runs in the browser too (links, the filter form): it writes queries and never imports
 * zod. Reading a query is the loaders' business: ./filter-query.server.ts.
 */

export const DATE_PRESETS = ["i-dag", "weekend", "7-dage", "periode"] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];
export const SORTS = { relevans: "relevance", dato: "date", navn: "name", afstand: "distance" } as const;
export type SortParam = keyof typeof SORTS;
export const SETTING_PARAMS = ["inde", "ude"] as const;
export type SettingParam = (typeof SETTING_PARAMS)[number];

/** What the form shows: the raw choices, so the visitor sees what they asked for. */
export interface FilterForm {
  q: string;
  types: string[];
  region: string;
  date: DatePreset | "";
  from: string;
  to: string;
  openNow: boolean;
  setting: "" | SettingParam;
  free: boolean;
  sort: SortParam | "";
  lat: string;
  lng: string;
}

export type FilterField = "q" | "type" | "omraade" | "dato" | "fra" | "til" | "miljoe" | "sorter" | "position";

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
