import { FACILITY_LABELS } from "../facilities";
import { isLocalDate } from "../dates";
import { MARKET_TYPE_INFO } from "../market-types";
import { marketFieldsSchema, type MarketInput } from "../market-input";
import { parseDanishSchedule, validateSchedule } from "../schedules";
import { slugify } from "../slug";
import { FACILITIES, type Facility, type MarketStatus, type MarketType, type ScheduleSpec, type Setting } from "../types";
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

export type RowResult =
  | { ok: true; input: MarketInput; needsGeocoding: boolean }
  | { ok: false; errors: string[] };

const fold = (text: string) =>
  text.toLowerCase().replace(/æ/g, "ae").replace(/ø/g, "oe").replace(/å/g, "aa").replace(/[^a-z0-9]/g, "");

const TYPE_NAMES = new Map<string, MarketType>();
for (const info of MARKET_TYPE_INFO) {
  for (const name of [info.key, info.slug, info.singularSlug, info.name, info.plural, info.label]) TYPE_NAMES.set(fold(name), info.key);
}

const SETTING_NAMES: Record<string, Setting> = {
  inde: "indoor", indendoers: "indoor", indoor: "indoor",
  ude: "outdoor", udendoers: "outdoor", outdoor: "outdoor",
  begge: "both", indeogude: "both", both: "both",
};

const STATUS_NAMES: Record<string, MarketStatus> = {
  published: "published", offentlig: "published", udgivet: "published",
  draft: "draft", kladde: "draft",
  archived: "archived", arkiveret: "archived", lukket: "archived",
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

function parseNumber(value: string): number | null {
  if (value === "") return null;
  const number = Number(value.replace(/\s/g, "").replace(",", "."));
  return Number.isFinite(number) ? number : Number.NaN;
}

/** "gratis", "0", "25", "25 kr." or a text such as "Voksne 30 kr., børn gratis". */
function parseEntry(value: string): { entryFeeDkk: number | null; entryFeeText: string | null } {
  if (value === "") return { entryFeeDkk: null, entryFeeText: null };
  if (/^(gratis|fri entré|fri entre|free)$/i.test(value)) return { entryFeeDkk: 0, entryFeeText: null };
  const amount = /^(\d+(?:[.,]\d+)?)\s*(kr\.?|dkk)?$/i.exec(value);
  if (amount) return { entryFeeDkk: Number(amount[1]!.replace(",", ".")), entryFeeText: null };
  return { entryFeeDkk: null, entryFeeText: value };
}

function parseSchedule(record: ImportRecord, type: MarketType | undefined, errors: string[]): ScheduleSpec[] {
  const plan = text(record, "plan");
  const hoursText = text(record, "aabningstider");
  const startDate = text(record, "startdato");
  const cancelled = text(record, "aflyste")
    .split(/[;,\s]+/)
    .filter(Boolean);
  for (const date of cancelled) if (!isLocalDate(date)) errors.push(`aflyste: "${date}" er ikke en dato (åååå-mm-dd).`);
  const cancelledDates = cancelled.filter(isLocalDate).map((date) => ({ date }));

  let spec: ScheduleSpec | null = null;
  if (hoursText) {
    const openingHours = parseOpeningHoursText(hoursText);
    if (!openingHours) {
      errors.push(`aabningstider: "${hoursText}" kan ikke læses. Skriv fx "man-fre 10-17.30; lør 10-14; søn lukket".`);
      return [];
    }
    spec = { kind: "opening_hours", startDate: isLocalDate(startDate) ? startDate : "2000-01-01", openingHours };
  } else if (plan) {
    spec = parseDanishSchedule(plan);
    if (!spec) {
      errors.push(`plan: "${plan}" kan ikke læses. Skriv fx "hver søndag fra maj til september kl. 10-15" eller brug kolonnerne startdato, rrule, aabner og lukker.`);
      return [];
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
    errors.push(isShop ? "aabningstider: skriv butikkens åbningstider." : "plan: skriv hvornår markedet holdes (plan eller startdato).");
    return [];
  }
  if (cancelledDates.length) spec.cancelled = cancelledDates;
  for (const issue of validateSchedule(spec)) errors.push(`${scheduleColumn(issue.field)}: ${issue.message}`);
  return [spec];
}

function scheduleColumn(field: keyof ScheduleSpec): string {
  const columns: Partial<Record<keyof ScheduleSpec, string>> = {
    startDate: "startdato",
    endDate: "slutdato",
    rrule: "rrule",
    startTime: "aabner",
    endTime: "lukker",
    durationDays: "dage",
    openingHours: "aabningstider",
    cancelled: "aflyste",
  };
  return columns[field] ?? "plan";
}

/**
 * One row of an import file checked and turned into a market, or every reason it cannot be used,
 * in Danish and naming the column. Coordinates may be missing: the importer looks the town up.
 */
export function readImportRow(record: ImportRecord): RowResult {
  const errors: string[] = [];

  const typeText = text(record, "type");
  const type = TYPE_NAMES.get(fold(typeText));
  if (!type) errors.push(`type: "${typeText}" er ikke en markedstype. Brug fx loppemarked, kraemmermarked eller genbrugsbutik.`);

  const settingText = text(record, "inde_ude");
  const setting = settingText ? SETTING_NAMES[fold(settingText)] : null;
  if (setting === undefined) errors.push(`inde_ude: skriv inde, ude eller begge.`);

  const statusText = text(record, "status");
  const status = statusText ? STATUS_NAMES[fold(statusText)] : "published";
  if (!status) errors.push(`status: skriv offentlig, kladde eller arkiveret.`);

  const facilities: Facility[] = [];
  for (const name of text(record, "faciliteter").split(/[;,]+/).map((part) => part.trim()).filter(Boolean)) {
    const facility = FACILITY_NAMES.get(fold(name));
    if (facility) facilities.push(facility);
    else errors.push(`faciliteter: "${name}" kendes ikke. Brug fx toiletter, parkering eller mobilepay.`);
  }

  const slugText = text(record, "slug");
  if (slugText && slugify(slugText) !== slugText) errors.push(`slug: "${slugText}" må kun have små bogstaver a-z, tal og bindestreger.`);

  const fields = marketFieldsSchema.safeParse({
    name: text(record, "navn"),
    description: text(record, "beskrivelse"),
    venueName: text(record, "sted"),
    street: text(record, "adresse"),
    postalCode: parseNumber(text(record, "postnummer")) ?? Number.NaN,
    city: text(record, "by"),
    municipality: text(record, "kommune"),
    latitude: parseNumber(text(record, "breddegrad")),
    longitude: parseNumber(text(record, "laengdegrad")),
    ...parseEntry(text(record, "entre")),
    stallPriceText: text(record, "stadepris"),
    bookingInfo: text(record, "booking"),
    stallCount: parseNumber(text(record, "antal_stader")),
    website: text(record, "hjemmeside"),
    email: text(record, "email"),
    phone: text(record, "telefon"),
    facebook: text(record, "facebook"),
  });
  const columnOf: Record<string, string> = {
    name: "navn", description: "beskrivelse", venueName: "sted", street: "adresse", postalCode: "postnummer", city: "by",
    municipality: "kommune", latitude: "breddegrad", longitude: "laengdegrad", entryFeeDkk: "entre", entryFeeText: "entre",
    stallPriceText: "stadepris", bookingInfo: "booking", stallCount: "antal_stader", website: "hjemmeside", email: "email",
    phone: "telefon", facebook: "facebook",
  };
  if (!fields.success) {
    for (const issue of fields.error.issues) {
      const field = String(issue.path[0]);
      const message = issue.code === "invalid_type" && field !== "postalCode" ? "skal være et tal." : issue.message;
      errors.push(`${columnOf[field] ?? field}: ${message}`);
    }
  }
  const hasLatitude = text(record, "breddegrad") !== "";
  const hasLongitude = text(record, "laengdegrad") !== "";
  if (hasLatitude !== hasLongitude) errors.push("breddegrad/laengdegrad: angiv begge eller ingen.");

  const schedules = parseSchedule(record, type, errors);

  if (errors.length || !fields.success || !type || !status) return { ok: false, errors };
  return {
    ok: true,
    needsGeocoding: fields.data.latitude === null || fields.data.longitude === null,
    input: {
      ...(slugText ? { slug: slugText } : {}),
      ...fields.data,
      type,
      setting: setting ?? null,
      facilities: [...new Set(facilities)],
      status,
      schedules,
    },
  };
}
