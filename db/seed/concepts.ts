import type { MarketType, ScheduleSpec, Setting } from "../../app/markets/types";
import { addDays, monthOf, nextWeekday, yearOf } from "./dates";
import type { Random } from "./random";
import type { SeedTown } from "./towns";
import type { Venue } from "./venues";

/**
 * A kind of demo market: how it is named, when it is held, where and what it sells. Each market
 * type has a few (everyday-markets.ts, special-markets.ts), weighted so the mix looks like the
 * Danish calendar: summer Sundays outdoors, winter markets in halls, kræmmermarkeder over a
 * weekend, Christmas markets in December.
 */
export interface Concept {
  type: MarketType;
  key: string;
  weight: number;
  place: "outdoor" | "indoor" | "shop";
  /** Name templates; the generator tries them in random order until one is free. */
  names: readonly ((c: NameContext) => string)[];
  schedules(c: ScheduleContext): ScheduleSpec[];
  /** Overrides the venue's setting (a market outdoors in summer and in a hall in winter). */
  setting?: Setting;
  goods: readonly string[];
  /** Who it is for, in the description's opening ("for pladesamlere"). */
  audience?: string;
}

export interface NameContext {
  town: SeedTown;
  /** "i Aarhus", "på Amager". */
  inTown: string;
  venue: Venue;
  street: string;
  organiser: Organiser;
}

export interface ScheduleContext {
  r: Random;
  today: string;
  /** Opening and closing time picked for this market. */
  time: readonly [string, string];
}

export interface Organiser {
  /** Possessive for names: "Spejdernes loppemarked". Null when it would not read as a name. */
  owner: string | null;
  /** Who runs it, for sentences: "den lokale spejdergruppe". */
  by: string;
  cause: string | null;
}

/** Clubs and associations: most flea, swap and special markets are run by one. */
const CLUB_ORGANISERS: readonly Organiser[] = [
  { owner: "Spejdernes", by: "den lokale spejdergruppe", cause: "gruppens sommerlejr" },
  { owner: "FDF's", by: "FDF-kredsen i byen", cause: "kredsens ture og lejre" },
  { owner: "Lions'", by: "den lokale Lions Club", cause: "velgørende formål i lokalområdet" },
  { owner: "Rotarys", by: "Rotary-klubben", cause: "humanitære projekter i ind- og udland" },
  { owner: "Idrætsforeningens", by: "idrætsforeningen", cause: "foreningens ungdomsafdeling" },
  { owner: "Boldklubbens", by: "boldklubben", cause: "nye bolde og trøjer til børneholdene" },
  { owner: "Menighedsrådets", by: "menighedsrådet", cause: "kirkens børne- og ungdomsarbejde" },
  { owner: "Beboerforeningens", by: "beboerforeningen", cause: "sommerfesten og fælleslokalerne" },
  { owner: "Borgerforeningens", by: "borgerforeningen", cause: "byens fælles arrangementer" },
  { owner: "Skolens", by: "skolens forældreforening", cause: "elevernes lejrskole" },
];

/** Traders and volunteers: kræmmermarkeder and antique fairs are usually run by these. */
export const TRADE_ORGANISERS: readonly Organiser[] = [
  { owner: "Handelsstandens", by: "byens handelsstandsforening", cause: "julebelysningen i gaderne" },
  { owner: null, by: "en flok frivillige ildsjæle", cause: null },
  { owner: null, by: "en privat arrangør med mange års erfaring", cause: null },
  { owner: null, by: "et lokalt marked- og eventfirma", cause: null },
];

export const ORGANISERS: readonly Organiser[] = [...CLUB_ORGANISERS, ...TRADE_ORGANISERS];

export const MARKET_TIMES = [
  ["10:00", "15:00"],
  ["09:00", "14:00"],
  ["10:00", "16:00"],
  ["08:00", "14:00"],
  ["09:00", "15:00"],
  ["11:00", "16:00"],
  ["10:00", "14:00"],
] as const;
export const LONG_DAY_TIMES = [
  ["10:00", "17:00"],
  ["09:00", "17:00"],
  ["10:00", "18:00"],
  ["10:00", "16:00"],
] as const;
export const SHORT_TIMES = [
  ["10:00", "13:00"],
  ["13:00", "16:00"],
  ["10:00", "14:00"],
  ["11:00", "15:00"],
] as const;
export const EVENING_TIMES = [
  ["18:00", "22:00"],
  ["17:00", "22:00"],
  ["19:00", "23:00"],
] as const;

export const SUMMER = [
  [5, 6, 7, 8, 9],
  [4, 5, 6, 7, 8, 9],
  [5, 6, 7, 8],
  [6, 7, 8],
  [4, 5, 6, 7, 8, 9, 10],
] as const;
export const WINTER = "10,11,12,1,2,3";

/** The day a rule starts: usually a past New Year, now and then a new market starting soon. */
function ruleStart(c: ScheduleContext): string {
  if (c.r.chance(0.03)) return addDays(c.today, c.r.int(14, 90));
  return `${yearOf(c.today) - c.r.int(0, 4)}-01-01`;
}

export function rule(c: ScheduleContext, rrule: string, durationDays = 1): ScheduleSpec {
  return { kind: "rule", rrule, startDate: ruleStart(c), endDate: null, startTime: c.time[0], endTime: c.time[1], durationDays, cancelled: [] };
}

/** A day within the coming year that falls on `weekday` (0 = Monday) in one of `months`. */
export function dayAhead(c: ScheduleContext, weekday: number, months: readonly number[], minAhead = 10, maxAhead = 365, fits: (date: string) => boolean = () => true): string {
  const first = nextWeekday(addDays(c.today, minAhead), weekday);
  const last = addDays(c.today, maxAhead);
  const options: string[] = [];
  for (let date = first; date <= last; date = addDays(date, 7)) if (months.includes(monthOf(date)) && fits(date)) options.push(date);
  return options.length ? c.r.pick(options) : first;
}

export function dates(c: ScheduleContext, startDate: string, durationDays = 1): ScheduleSpec {
  return { kind: "dates", startDate, endDate: null, startTime: c.time[0], endTime: c.time[1], durationDays, cancelled: [] };
}

/** A Christmas market's weekend ends by 20 December. */
export const beforeChristmas = (saturday: string) => monthOf(saturday) === 11 || Number(saturday.slice(8, 10)) <= 19;
export const weekendDay = (r: Random) => r.pick([5, 6]);
export const ALL_YEAR = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
export const OUTDOOR_MONTHS = [5, 6, 7, 8, 9];

/** Times that suit a concept: evenings for night markets, long days for kræmmermarkeder. */
export function timesFor(concept: Concept): readonly (readonly [string, string])[] {
  if (concept.key === "night") return EVENING_TIMES;
  if (concept.key === "midsummer")
    return [
      ["16:00", "22:00"],
      ["17:00", "23:00"],
    ];
  if (concept.type === "vendor_market" || concept.type === "antique_market" || concept.type === "themed_event") return LONG_DAY_TIMES;
  if (concept.type === "swap_market") return SHORT_TIMES;
  return MARKET_TIMES;
}
