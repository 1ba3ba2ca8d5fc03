import { t } from "~/lib/i18n";
import { FACILITY_LABELS } from "../markets/facilities";
import { isLocalDate } from "../lib/dates";
import { MARKET_TYPE_INFO } from "../markets/market-types";
import { marketInputSchema, type MarketInput } from "../markets/market-input";
import { parseDanishSchedule } from "./schedule-text";
import { FACILITIES, type Facility, type MarketStatus, type MarketType, type ScheduleSpec, type Setting } from "../markets/types";
import { parseOpeningHoursText } from "./opening-hours-text";

/**
 * The columns of an import file (CSV header or JSON keys), documented in the README. Every
 * value arrives as text from a CSV; JSON may give numbers.
 */
export const IMPORT_COLUMNS = [
  "slug",
  "navn",
  "type",
  "beskrivelse",
  "sted",
  "adresse",
  "postnummer",
  "by",
  "kommune",
  "breddegrad",
  "laengdegrad",
  "inde_ude",
  "entre",
  "stadepris",
  "booking",
  "antal_stader",
  "faciliteter",
  "hjemmeside",
  "email",
  "telefon",
  "facebook",
  "plan",
  "startdato",
  "slutdato",
  "rrule",
  "aabner",
  "lukker",
  "dage",
  "aabningstider",
  "aflyste",
  "status",
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
export type ImportRecord = Partial<Record<string, string | number | null | undefined>>;

export type RowResult = { ok: true; input: MarketInput; needsGeocoding: boolean } | { ok: false; errors: string[] };

const fold = (text: string) =>
  text
    .toLowerCase()
    .replace(/æ/g, "ae")
    .replace(/ø/g, "oe")
    .replace(/å/g, "aa")
    .replace(/[^a-z0-9]/g, "");

const TYPE_NAMES = new Map<string, MarketType>();
for (const info of MARKET_TYPE_INFO) {
  for (const name of [info.key, info.slug, info.singularSlug, info.name, info.plural, info.label]) TYPE_NAMES.set(fold(name), info.key);
}

const SETTING_NAMES: Record<string, Setting> = {
  inde: "indoor",
  indendoers: "indoor",
  indoor: "indoor",
  ude: "outdoor",
  udendoers: "outdoor",
  outdoor: "outdoor",
  begge: "both",
  indeogude: "both",
  both: "both",
};

const STATUS_NAMES: Record<string, MarketStatus> = {
  published: "published",
  offentlig: "published",
  udgivet: "published",
  draft: "draft",
  kladde: "draft",
  archived: "archived",
  arkiveret: "archived",
  lukket: "archived",
};

const FACILITY_NAMES = new Map<string, Facility>();
for (const key of FACILITIES) {
  FACILITY_NAMES.set(fold(key), key);
  FACILITY_NAMES.set(fold(FACILITY_LABELS[key]), key);
}

function text(record: ImportRecord, column: ImportColumn): string {
  const value = record[column];
  return value === null || value === undefined ? "" : String(value).trim();
}

/** "navn: Navnet skal være mindst 3 tegn.": a reason, after the column it is about. */
function reason(column: string, message: string): string {
  return t("markets.import.reason", { column, message });
}

function parseNumber(value: string): number | null {
  if (value === "") return null;
  const number = Number(value.replace(/\s/g, "").replace(",", "."));
  return Number.isFinite(number) ? number : Number.NaN;
}

/** "gratis", "0", "25", "25 kr." or a text such as "Voksne 30 kr., børn gratis". */
function parseEntry(value: string): { entryFeeDkk: number | null; entryFeeText: string | undefined } {
  if (value === "") return { entryFeeDkk: null, entryFeeText: undefined };
  if (/^(gratis|fri entré|fri entre|free)$/i.test(value)) return { entryFeeDkk: 0, entryFeeText: undefined };
  const amount = /^(\d+(?:[.,]\d+)?)\s*(kr\.?|dkk)?$/i.exec(value);
  if (amount) return { entryFeeDkk: Number(amount[1]!.replace(",", ".")), entryFeeText: undefined };
  return { entryFeeDkk: null, entryFeeText: value };
}

function parseSchedule(record: ImportRecord, type: MarketType | undefined, errors: string[]): ScheduleSpec[] | null {
  const plan = text(record, "plan");
  const hoursText = text(record, "aabningstider");
  const startDate = text(record, "startdato");
  const cancelled = text(record, "aflyste")
    .split(/[;,\s]+/)
    .filter(Boolean);
  for (const date of cancelled) if (!isLocalDate(date)) errors.push(reason("aflyste", t("markets.import.cancelledDate", { value: date })));
  const cancelledDates = cancelled.filter(isLocalDate).map((date) => ({ date }));

  let spec: ScheduleSpec | null = null;
  if (hoursText) {
    const openingHours = parseOpeningHoursText(hoursText);
    if (!openingHours) {
      errors.push(reason("aabningstider", t("markets.import.openingHoursUnreadable", { value: hoursText })));
      return null;
    }
    spec = { kind: "opening_hours", startDate: isLocalDate(startDate) ? startDate : "2000-01-01", openingHours };
  } else if (plan) {
    spec = parseDanishSchedule(plan);
    if (!spec) {
      errors.push(reason("plan", t("markets.import.planUnreadable", { value: plan })));
      return null;
    }
  } else if (startDate) {
    const rrule = text(record, "rrule");
    const endDate = text(record, "slutdato");
    const days = parseNumber(text(record, "dage"));
    spec = {
      kind: rrule ? "rule" : "dates",
      startDate,
      endDate: rrule ? endDate || null : null,
      rrule: rrule || null,
      startTime: text(record, "aabner") || null,
      endTime: text(record, "lukker") || null,
      // A one-off with a slutdato and no rule is a multi-day event.
      durationDays: days ?? (!rrule && isLocalDate(endDate) && isLocalDate(startDate) ? Math.round((Date.parse(endDate) - Date.parse(startDate)) / 86_400_000) + 1 : 1),
    };
  } else {
    const isShop = type ? MARKET_TYPE_INFO.find((info) => info.key === type)?.isShop : false;
    errors.push(isShop ? reason("aabningstider", t("markets.import.openingHoursMissing")) : reason("plan", t("markets.import.planMissing")));
    return null;
  }
  if (cancelledDates.length) spec.cancelled = cancelledDates;
  return [spec];
}

/** The column a problem of the market schema is shown by: "schedules.0.endTime" is "lukker". */
const COLUMN_OF_FIELD: Record<string, ImportColumn> = {
  slug: "slug",
  name: "navn",
  description: "beskrivelse",
  venueName: "sted",
  street: "adresse",
  postalCode: "postnummer",
  city: "by",
  municipality: "kommune",
  latitude: "breddegrad",
  longitude: "laengdegrad",
  entryFeeDkk: "entre",
  entryFeeText: "entre",
  stallPriceText: "stadepris",
  bookingInfo: "booking",
  stallCount: "antal_stader",
  website: "hjemmeside",
  email: "email",
  phone: "telefon",
  facebook: "facebook",
  type: "type",
  setting: "inde_ude",
  facilities: "faciliteter",
  status: "status",
};
const COLUMN_OF_SCHEDULE_FIELD: Partial<Record<keyof ScheduleSpec, ImportColumn>> = {
  startDate: "startdato",
  endDate: "slutdato",
  rrule: "rrule",
  startTime: "aabner",
  endTime: "lukker",
  durationDays: "dage",
  openingHours: "aabningstider",
  cancelled: "aflyste",
};

function columnOf(path: readonly PropertyKey[]): string {
  const [field, , scheduleField] = path.map(String);
  if (field === "schedules") return COLUMN_OF_SCHEDULE_FIELD[scheduleField as keyof ScheduleSpec] ?? "plan";
  return COLUMN_OF_FIELD[field ?? ""] ?? field ?? "";
}

/**
 * One row of an import file checked and turned into a market, or every reason it cannot be used,
 * in Danish and naming the column. The row's words (type, inde_ude, status, faciliteter, plan)
 * are read here; the market is then checked by the same schema as the organisers' forms
 * (market-input.ts). Coordinates may be missing: the importer looks the town up.
 */
export function readImportRow(record: ImportRecord): RowResult {
  const errors: string[] = [];
  /** Fields whose column was not understood at all; the schema would only repeat it less helpfully. */
  const unread = new Set<string>();

  const typeText = text(record, "type");
  const type = TYPE_NAMES.get(fold(typeText));
  if (!type) {
    errors.push(reason("type", t("markets.import.unknownType", { value: typeText })));
    unread.add("type");
  }

  const settingText = text(record, "inde_ude");
  const setting = settingText ? SETTING_NAMES[fold(settingText)] : null;
  if (setting === undefined) {
    errors.push(reason("inde_ude", t("markets.import.unknownSetting")));
    unread.add("setting");
  }

  const statusText = text(record, "status");
  const status = statusText ? STATUS_NAMES[fold(statusText)] : "published";
  if (!status) {
    errors.push(reason("status", t("markets.import.unknownStatus")));
    unread.add("status");
  }

  const facilities: Facility[] = [];
  for (const name of text(record, "faciliteter")
    .split(/[;,]+/)
    .map((part) => part.trim())
    .filter(Boolean)) {
    const facility = FACILITY_NAMES.get(fold(name));
    if (facility) facilities.push(facility);
    else errors.push(reason("faciliteter", t("markets.import.unknownFacility", { value: name })));
  }

  const hasLatitude = text(record, "breddegrad") !== "";
  const hasLongitude = text(record, "laengdegrad") !== "";
  if (hasLatitude !== hasLongitude) errors.push(reason("breddegrad/laengdegrad", t("markets.import.coordinatesPair")));

  const schedules = parseSchedule(record, type, errors);
  if (!schedules) unread.add("schedules");

  const market = marketInputSchema.safeParse({
    slug: text(record, "slug"),
    name: text(record, "navn"),
    type,
    description: text(record, "beskrivelse"),
    venueName: text(record, "sted"),
    street: text(record, "adresse"),
    postalCode: text(record, "postnummer"),
    city: text(record, "by"),
    municipality: text(record, "kommune"),
    latitude: parseNumber(text(record, "breddegrad")),
    longitude: parseNumber(text(record, "laengdegrad")),
    setting: setting ?? null,
    ...parseEntry(text(record, "entre")),
    stallPriceText: text(record, "stadepris"),
    bookingInfo: text(record, "booking"),
    stallCount: parseNumber(text(record, "antal_stader")),
    facilities,
    website: text(record, "hjemmeside"),
    email: text(record, "email"),
    phone: text(record, "telefon"),
    facebook: text(record, "facebook"),
    status,
    schedules: schedules ?? [],
  });
  if (!market.success) {
    for (const issue of market.error.issues) {
      if (!unread.has(String(issue.path[0]))) errors.push(reason(columnOf(issue.path), issue.message));
    }
  }

  if (errors.length || !market.success) return { ok: false, errors };
  return {
    ok: true,
    needsGeocoding: market.data.latitude === null || market.data.longitude === null,
    input: market.data,
  };
}
