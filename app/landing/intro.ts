import { t, type KeySuffix } from "../lib/i18n";
import { danishMonthName, formatDanishDate } from "../lib/dates";
import { capitalise } from "../markets/format";
import type { LandingStats } from "./data.server";
import type { LandingPage } from "./paths";
import type { Location } from "../markets/locations";
import { PREPOSITION_TEXT } from "../markets/regions";

/**
 * The Danish introduction and meta description of a landing page, written from its numbers
 * (data.server.ts), so that each of the 351 pages says something of its own: how many
 * markets, where, when, what it costs, and what to know about the type.
 *
 * Each sentence slot has a few phrasings; which one a page gets is fixed by a hash of the page,
 * so a page reads the same on every visit while neighbouring pages do not read like copies.
 * The texts are in translation.json under "landing". This module runs only in the landing page's
 * loader, so it builds keys from typed templates (`landing.overview.${variant}`), which
 * TypeScript checks against the file; browser code keeps to literal keys (decisions 0007, 0017).
 */

export interface LandingIntroContext {
  /**
   * Places to point to: for a page without markets the nearest places that have some
   * (nearestLocationsWithMarkets), otherwise its neighbours (neighbouringLocations).
   */
  nearby: Location[];
}

type Values = Record<string, string | number>;

/** A type's four tips; a page shows three of them. */
const TIPS = ["tip1", "tip2", "tip3", "tip4"] as const;

/** The phrasings of each sentence slot that has several. */
const OVERVIEW = ["a", "b", "c"] as const satisfies readonly KeySuffix<"landing.overview">[];
const WHAT = ["a", "b", "c"] as const satisfies readonly KeySuffix<"landing.what">[];
const TOWNS = ["a", "b", "c"] as const satisfies readonly KeySuffix<"landing.towns">[];
const BUSIEST = ["busiestA", "busiestB", "busiestC"] as const satisfies readonly KeySuffix<"landing.calendar">[];
const SHOPS = ["a", "b", "c"] as const satisfies readonly KeySuffix<"landing.shops">[];
const BOTH_SETTINGS = ["bothA", "bothB"] as const satisfies readonly KeySuffix<"landing.setting">[];
const NEARBY = ["a", "b", "c"] as const satisfies readonly KeySuffix<"landing.nearby">[];
const EMPTY = ["a", "b", "c"] as const satisfies readonly KeySuffix<"landing.empty">[];
const EMPTY_NEARBY = ["nearbyA", "nearbyB"] as const satisfies readonly KeySuffix<"landing.empty">[];

/** Towns named in the introduction; the list on the page shows the rest. */
const INTRO_TOWNS = 4;
const BUSIEST_MONTHS = 3;
const DESCRIPTION_MAX = 155;

/** FNV-1a: a small, stable hash, so a page picks the same phrasing on every server and visit. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

/** A page's choice among `options` for one sentence slot; each slot draws independently. */
function pick<T>(page: LandingPage, slot: string, options: readonly T[]): T {
  return options[hash(`${page.type.key}/${page.location?.key ?? ""}/${slot}`) % options.length]!;
}

const number = (value: number) => value.toLocaleString("da-DK");
const listed = (items: string[]) => new Intl.ListFormat("da", { type: "conjunction" }).format(items);

/** "1 loppemarked", "3.070 loppemarkeder", "2 tematiske events". */
function marketCount(page: LandingPage, count: number): string {
  return `${number(count)} ${(count === 1 ? page.type.name : page.type.plural).toLowerCase()}`;
}

function placePhrase(page: LandingPage): string {
  return page.location ? `${PREPOSITION_TEXT[page.location.preposition]} ${page.location.name}` : t("landing.placeNationwide");
}

/**
 * "i Randers, Horsens og Silkeborg samt på Fyn": each preposition once, for the places that take
 * it, in the order the places came.
 */
function placesPhrase(places: Location[]): string {
  const groups = new Map<string, string[]>();
  for (const place of places) {
    const word = PREPOSITION_TEXT[place.preposition];
    groups.set(word, [...(groups.get(word) ?? []), place.name]);
  }
  const phrases = [...groups].map(([word, names]) => `${word} ${listed(names)}`);
  return phrases.length === 1 ? phrases[0]! : t("landing.placesMixed", { first: phrases[0]!, second: phrases[1]! });
}

function feeAmount(fee: number): string {
  return t("landing.units.fee", { amount: fee.toLocaleString("da-DK", { maximumFractionDigits: 2 }) });
}

/** "lørdag den 21. november 2026": the long form reads naturally inside a sentence. */
function longDate(date: string): string {
  return formatDanishDate(date, { pattern: t("landing.units.longDatePattern"), lowercase: true });
}

function commonValues(page: LandingPage, stats: LandingStats): Values {
  const place = placePhrase(page);
  return {
    markets: marketCount(page, stats.count),
    place,
    Place: capitalise(place),
    plural: page.type.plural.toLowerCase(),
    Plural: page.type.plural,
    description: page.type.description,
  };
}

function townSentence(page: LandingPage, stats: LandingStats): string | null {
  const towns = stats.towns.slice(0, INTRO_TOWNS);
  if (!towns.length) return null;
  if (towns.length === 1) {
    return stats.count === 1 ? t("landing.towns.only", { town: towns[0]!.name }) : t("landing.towns.single", { count: number(stats.count), town: towns[0]!.name });
  }
  // Counts in brackets tell something only when some town has more than one.
  if (towns[0]!.count === 1) return t("landing.towns.spread", { towns: listed(towns.map((town) => town.name)) });
  return t(`landing.towns.${pick(page, "towns", TOWNS)}`, { towns: listed(towns.map((town) => `${town.name} (${number(town.count)})`)) });
}

/** The busiest months in calendar order, or a note that the dates are spread evenly. */
function monthSentence(page: LandingPage, monthCounts: number[]): string | null {
  const active = monthCounts.map((count, month) => ({ count, month })).filter((entry) => entry.count > 0);
  if (!active.length) return null;
  if (active.length === 1) return t("landing.calendar.oneMonth", { month: danishMonthName(active[0]!.month) });
  const mean = active.reduce((sum, entry) => sum + entry.count, 0) / active.length;
  const peak = Math.max(...active.map((entry) => entry.count));
  // A market every week of the year has no busy months to speak of.
  if (active.length >= 10 && peak <= mean * 1.2) return t("landing.calendar.even");
  const busiest = [...active]
    .sort((a, b) => b.count - a.count || a.month - b.month)
    .slice(0, BUSIEST_MONTHS)
    .sort((a, b) => a.month - b.month);
  return t(`landing.calendar.${pick(page, "months", BUSIEST)}`, { months: listed(busiest.map((entry) => danishMonthName(entry.month))) });
}

function calendarParagraph(page: LandingPage, stats: LandingStats, values: Values): string {
  if (stats.shopCount > 0) return t(`landing.shops.${pick(page, "shops", SHOPS)}`, values);
  if (stats.upcomingCount === 0 || !stats.nextDate) return t("landing.calendar.none", values);
  const next = longDate(stats.nextDate);
  const sentences = [
    stats.count === 1
      ? t("landing.calendar.oneUpcoming", { next })
      : stats.upcomingCount === stats.count
        ? t("landing.calendar.allUpcoming", { next })
        : t("landing.calendar.someUpcoming", { upcoming: number(stats.upcomingCount), next }),
  ];
  const dates = stats.monthCounts.reduce((sum, count) => sum + count, 0);
  if (dates > 0) {
    sentences.push(
      t("landing.calendar.year", {
        dates: dates === 1 ? t("landing.units.dateOne", { count: 1 }) : t("landing.units.dateOther", { count: number(dates) }),
      }),
    );
  }
  // A single date is named already; "all dates lie in June" would add nothing.
  const months = dates > 1 ? monthSentence(page, stats.monthCounts) : null;
  if (months) sentences.push(months);
  return sentences.join(" ");
}

function feeSentence(stats: LandingStats): string {
  const known = stats.feeKnownCount;
  if (known === 0 || stats.medianFeeDkk === null) return t("landing.fees.unknown");
  if (stats.freeCount === known) return t("landing.fees.allFree");
  if (stats.medianFeeDkk === 0) return t("landing.fees.mostlyFree", { free: number(stats.freeCount), known: number(known) });
  if (known === 1) return t("landing.fees.paidOne", { fee: feeAmount(stats.medianFeeDkk) });
  const paid = t("landing.fees.paid", { fee: feeAmount(stats.medianFeeDkk), known: number(known) });
  return stats.freeCount > 0 ? `${paid} ${t("landing.fees.someFree", { free: number(stats.freeCount) })}` : paid;
}

function settingSentence(page: LandingPage, stats: LandingStats): string | null {
  const { indoorCount: indoor, outdoorCount: outdoor } = stats;
  if (indoor > 0 && outdoor > 0) return t(`landing.setting.${pick(page, "setting", BOTH_SETTINGS)}`, { indoor: number(indoor), outdoor: number(outdoor) });
  if (outdoor > 0) return t("landing.setting.outdoor");
  if (indoor > 0) return t("landing.setting.indoor");
  return null;
}

/**
 * Three of the type's four tips, which three and so which one is left out depending on the page,
 * after a lead-in that names the place: without it pages of one type would share the paragraph.
 */
function tipsParagraph(page: LandingPage, values: Values): string {
  const left = hash(`${page.type.key}/${page.location?.key ?? ""}/tips`) % TIPS.length;
  const lead = t("landing.tipsLead", values);
  return [lead, ...TIPS.filter((_, i) => i !== left).map((tip) => t(`landing.types.${page.type.key}.${tip}`, values))].join(" ");
}

function filledIntro(page: LandingPage, stats: LandingStats, context: LandingIntroContext): string[] {
  const values = commonValues(page, stats);
  const what = t(`landing.what.${pick(page, "what", WHAT)}`, values);
  // The lead stands above the list, so it is short: how many and where. What the type is opens
  // the tips after the list, unless no town is known to make the lead's second sentence.
  const towns = townSentence(page, stats);
  const lead = [t(`landing.overview.${pick(page, "overview", OVERVIEW)}`, values), towns ?? what];
  const practical = stats.shopCount > 0 ? [] : [feeSentence(stats), settingSentence(page, stats)];
  const nearby = page.location
    ? context.nearby.length
      ? t(`landing.nearby.${pick(page, "nearby", NEARBY)}`, { ...values, places: placesPhrase(context.nearby) })
      : null
    : t("landing.nearby.nationwide", values);
  return [
    lead.join(" "),
    calendarParagraph(page, stats, values),
    practical.filter(Boolean).join(" "),
    towns ? `${what} ${tipsParagraph(page, values)}` : tipsParagraph(page, values),
    [nearby, t(`landing.types.${page.type.key}.more`, values)].filter(Boolean).join(" "),
  ].filter((paragraph) => paragraph !== "");
}

function emptyIntro(page: LandingPage, stats: LandingStats, context: LandingIntroContext): string[] {
  const values = commonValues(page, stats);
  const nearby = context.nearby.length
    ? t(`landing.empty.${pick(page, "emptyNearby", EMPTY_NEARBY)}`, {
        ...values,
        places: placesPhrase(context.nearby),
        names: listed(context.nearby.map((place) => place.name)),
      })
    : t("landing.empty.noNearby");
  return [
    `${t(`landing.empty.${pick(page, "empty", EMPTY)}`, values)} ${nearby}`,
    `${t(`landing.what.${pick(page, "what", WHAT)}`, values)} ${tipsParagraph(page, values)}`,
    t(`landing.types.${page.type.key}.invite`, values),
  ];
}

/**
 * Paragraphs of the page's introduction: at least 100 words, Danish, built from the data, unique
 * per page. The first is the lead of two sentences that the page shows above its list; the rest
 * follow the list.
 */
export function landingIntro(page: LandingPage, stats: LandingStats, context: LandingIntroContext): string[] {
  return stats.count > 0 ? filledIntro(page, stats, context) : emptyIntro(page, stats, context);
}

/** Meta description, 70–155 characters, unique per page: the count and place, then what fits. */
export function landingDescription(page: LandingPage, stats: LandingStats): string {
  const values = commonValues(page, stats);
  if (stats.count === 0) {
    const next = page.location ? t("landing.description.emptyNearby", values) : t("landing.description.emptyNationwide");
    return fit([t("landing.description.empty", values), next]);
  }
  const shops = stats.shopCount > 0;
  const alternative = hash(`${page.type.key}/${page.location?.key ?? ""}/description`) % 2 === 1;
  const lead = shops
    ? alternative
      ? t("landing.description.shopsAlt", values)
      : t("landing.description.shops", values)
    : alternative
      ? t("landing.description.marketsAlt", values)
      : t("landing.description.markets", values);
  const parts = [capitalise(lead)];
  const towns = stats.towns.slice(0, 3).map((town) => town.name);
  if (towns.length === 1) {
    parts.push(stats.count === 1 ? t("landing.description.address", { town: towns[0]! }) : t("landing.description.oneTown", { town: towns[0]! }));
  } else if (towns.length > 1) {
    // As many of the biggest towns as fit, down to two.
    for (let n = towns.length; n >= 2; n--) {
      const sentence = t("landing.description.towns", { towns: listed(towns.slice(0, n)) });
      if (n === 2 || [...parts, sentence].join(" ").length <= DESCRIPTION_MAX) {
        parts.push(sentence);
        break;
      }
    }
  }
  if (!shops && stats.nextDate) parts.push(t("landing.description.next", { date: formatDanishDate(stats.nextDate) }));
  parts.push(t("landing.description.tail"));
  return fit(parts);
}

/**
 * The parts that fit within DESCRIPTION_MAX, in order, skipping any that would overflow (a long
 * town name, say); the first always stays. The templates are written so that the first part plus
 * the last, which is short, always reach 70 characters: the unit test checks every page.
 */
function fit(parts: string[]): string {
  let text = parts[0]!;
  for (const part of parts.slice(1)) {
    if (`${text} ${part}`.length <= DESCRIPTION_MAX) text = `${text} ${part}`;
  }
  return text;
}
