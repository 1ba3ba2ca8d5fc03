import type { Insertable } from "kysely";
import { expandSchedule } from "../../app/markets/schedule/expansion";
import type { MarketsTable } from "../../app/markets/schema";
import { slugify, SLUG_MAX_LENGTH, truncateSlug } from "../../app/lib/slug";
import { SHOP_TYPES, type LocalDate, type MarketType, type ScheduleSpec, type Setting } from "../../app/markets/types";
import { ORGANISERS, timesFor, TRADE_ORGANISERS, type Concept, type NameContext, type Organiser } from "./concepts";
import { addDays } from "./dates";
import { describeMarket } from "./descriptions";
import { marketDetails } from "./details";
import { EVERYDAY_CONCEPTS } from "./everyday-markets";
import { apportion, Random } from "./random";
import { SPECIAL_CONCEPTS } from "./special-markets";
import { SHOP_BRANDS, SHOP_GOODS, shopSchedule, type ShopBrand } from "./shops";
import { inTown, SEED_TOWNS, type SeedTown } from "./towns";
import { INDOOR_VENUES, isCoastal, OUTDOOR_VENUES, SHOP_STREETS, type Venue } from "./venues";

/**
 * The demo data set: a pure function of (count, seed, today), so the same arguments give the same
 * markets, ids and texts on every machine. db/seed/seed.server.ts writes it to the database.
 */

export const DEFAULT_DEMO_COUNT = 2200;
export const DEFAULT_DEMO_SEED = 1;

/** Percent of the markets per type: flea markets dominate, as they do in Denmark. */
export const TYPE_SHARES: Record<MarketType, number> = {
  flea_market: 40,
  vendor_market: 12,
  thrift_store: 14,
  shelf_market: 8,
  antique_market: 7,
  swap_market: 5,
  design_secondhand: 5,
  specialty_market: 4,
  themed_event: 5,
};

/** A market row as inserted, less the Danish sort key that seed.server.ts adds. */
export type DemoMarketRow = Omit<Insertable<MarketsTable>, "sort_name"> & {
  description: string;
  facilities: string;
  status: "published";
  source: "demo";
};

export interface DemoSchedule {
  id: string;
  spec: ScheduleSpec;
}

export interface DemoMarket {
  row: DemoMarketRow;
  schedules: DemoSchedule[];
}

export interface GenerateOptions {
  count?: number;
  seed?: number;
  /** The Danish date the data is made for; schedules and "last confirmed" lie around it. */
  today: LocalDate;
  /** Slugs already in the database, which the demo markets must not take. */
  reservedSlugs?: ReadonlySet<string>;
}

const CANCEL_REASONS = ["på grund af byfest", "på grund af vejarbejde", "på grund af for få tilmeldte sælgere", "på grund af et andet arrangement på stedet"];

/** Big towns get more markets, but less than in proportion, so every region has some. */
function townWeight(town: SeedTown): number {
  const remote = town.country !== "DK" ? 0.4 : town.postalCode >= 3700 && town.postalCode <= 3799 ? 0.6 : 1;
  return Math.pow(town.population, 0.8) * remote;
}

function spread<T>(r: Random, items: readonly T[], counts: readonly number[]): T[] {
  return r.shuffle(items.flatMap((item, i) => Array<T>(counts[i]!).fill(item)));
}

/** Moves a point up to 1.8 km in a random direction, so markets in one town do not share a marker. */
function jitter(r: Random, town: SeedTown): { latitude: number; longitude: number } {
  const km = 0.15 + 1.65 * Math.sqrt(r.next());
  const angle = r.next() * 2 * Math.PI;
  const dLat = (km * Math.cos(angle)) / 111.32;
  const dLng = (km * Math.sin(angle)) / (111.32 * Math.cos((town.lat * Math.PI) / 180));
  return { latitude: Math.round((town.lat + dLat) * 1e6) / 1e6, longitude: Math.round((town.lng + dLng) * 1e6) / 1e6 };
}

function instantBefore(r: Random, today: LocalDate, minDays: number, maxDays: number): string {
  const day = addDays(today, -r.int(minDays, maxDays));
  return `${day}T${String(r.int(6, 20)).padStart(2, "0")}:${String(r.int(0, 59)).padStart(2, "0")}:${String(r.int(0, 59)).padStart(2, "0")}.000Z`;
}

/** Cancels one coming day of a few markets, with the reason as the note visitors see. */
function maybeCancel(r: Random, spec: ScheduleSpec, today: LocalDate): void {
  const probability = spec.kind === "rule" ? 0.06 : 0.02;
  if (!r.chance(probability)) return;
  const coming = expandSchedule(spec, { from: addDays(today, 7), to: addDays(today, 300) });
  if (!coming.length) return;
  const date = coming[Math.min(coming.length - 1, r.int(0, 3))]!.date;
  spec.cancelled = [{ date, note: `Aflyst ${r.pick(CANCEL_REASONS)}` }];
}

class NameBook {
  private names = new Set<string>();
  private slugs: Set<string>;

  constructor(reserved: ReadonlySet<string>) {
    this.slugs = new Set(reserved);
  }

  isFree(name: string): boolean {
    return !this.names.has(name);
  }

  /** Takes the name and returns its slug, numbered when another name gives the same one. */
  take(name: string): string {
    this.names.add(name);
    let slug = slugify(name);
    for (let n = 2; this.slugs.has(slug); n++) slug = `${truncateSlug(slugify(name), SLUG_MAX_LENGTH - String(n).length - 1)}-${n}`;
    this.slugs.add(slug);
    return slug;
  }
}

function venuesFor(concept: Concept, town: SeedTown): readonly Venue[] {
  const list = concept.place === "indoor" ? INDOOR_VENUES : OUTDOOR_VENUES;
  return isCoastal(town.name) ? list : list.filter((venue) => !venue.coastal);
}

const MARKET_CONCEPTS: readonly Concept[] = [...EVERYDAY_CONCEPTS, ...SPECIAL_CONCEPTS];

const street = (r: Random, streets: readonly string[]) => r.pick(streets);

export function generateDemoMarkets(options: GenerateOptions): DemoMarket[] {
  const count = options.count ?? DEFAULT_DEMO_COUNT;
  const seed = options.seed ?? DEFAULT_DEMO_SEED;
  const { today } = options;
  const plan = Random.derive(seed, "plan");
  const types = Object.keys(TYPE_SHARES) as MarketType[];
  const typeList = spread(
    plan,
    types,
    apportion(
      count,
      types.map((type) => TYPE_SHARES[type]),
    ),
  );
  const townList = spread(plan, SEED_TOWNS, apportion(count, SEED_TOWNS.map(townWeight)));
  const book = new NameBook(options.reservedSlugs ?? new Set());

  const markets: DemoMarket[] = [];
  for (let i = 0; i < count; i++) {
    const r = Random.derive(seed, "market", i);
    const type = typeList[i]!;
    const town = townList[i]!;
    const id = Random.derive(seed, "id", i).uuid();
    const market = SHOP_TYPES.includes(type) ? shop(r, type, town, book, today) : dated(r, type, town, book, today);
    const details = marketDetails(r, { type, conceptKey: market.conceptKey, setting: market.setting, population: town.population, slug: market.slug });
    const schedules = market.specs.map((spec, j) => ({ id: Random.derive(seed, "schedule", i, j).uuid(), spec }));
    const description = describeMarket(r, {
      name: market.name,
      type,
      conceptKey: market.conceptKey,
      town,
      venue: market.venue,
      street: market.streetName,
      setting: market.setting,
      schedules: market.specs,
      goods: market.goods,
      ...(market.audience ? { audience: market.audience } : {}),
      details,
      organiser: market.organiser,
      cause: market.cause,
    });
    const confirmed = instantBefore(r, today, 1, 360);
    const created = instantBefore(r, confirmed.slice(0, 10), 30, 1500);
    markets.push({
      row: {
        id,
        slug: market.slug,
        name: market.name,
        type,
        description,
        venue_name: market.isShop ? null : market.venue.name,
        street: `${market.streetName} ${r.int(1, market.isShop ? 120 : 40)}`,
        postal_code: town.postalCode,
        city: town.city,
        municipality: town.municipality,
        ...jitter(r, town),
        setting: market.setting,
        entry_fee_dkk: details.entryFeeDkk,
        entry_fee_text: details.entryFeeText,
        stall_price_text: details.stallPriceText,
        booking_info: details.bookingInfo,
        stall_count: details.stallCount,
        facilities: JSON.stringify(details.facilities),
        website: details.website,
        email: details.email,
        phone: details.phone,
        facebook: details.facebook,
        owner_id: null,
        status: "published",
        featured_until: r.chance(0.02) ? `${addDays(today, r.int(7, 60))}T22:00:00.000Z` : null,
        source: "demo",
        last_confirmed_at: confirmed,
        created_at: created,
        updated_at: confirmed,
      },
      schedules,
    });
  }
  return markets;
}

interface Shaped {
  name: string;
  slug: string;
  conceptKey: string;
  isShop: boolean;
  venue: Venue;
  streetName: string;
  setting: Setting;
  specs: ScheduleSpec[];
  goods: readonly string[];
  audience?: string;
  organiser: Organiser | null;
  cause: string | null;
}

function dated(r: Random, type: MarketType, town: SeedTown, book: NameBook, today: LocalDate): Shaped {
  const concepts = MARKET_CONCEPTS.filter((concept) => concept.type === type);
  const concept = r.weighted(concepts.map((c) => [c, c.weight] as const));
  // Kræmmermarkeder and antique fairs are run by traders and organisers rather than clubs.
  const organiser = r.pick(type === "vendor_market" || type === "antique_market" ? TRADE_ORGANISERS : ORGANISERS);
  const templates = r.shuffle([...concept.names]);
  let venue = r.pick(venuesFor(concept, town));
  let streetName = street(r, venue.streets);
  let name: string | null = null;
  // Another venue often frees a taken name ("Loppemarked på Torvet i Ribe" → "… ved Havnen …").
  for (let attempt = 0; attempt < 4 && !name; attempt++) {
    if (attempt > 0) {
      venue = r.pick(venuesFor(concept, town));
      streetName = street(r, venue.streets);
    }
    const context: NameContext = { town, inTown: inTown(town), venue, street: streetName, organiser };
    name = templates.map((template) => template(context)).find((candidate) => book.isFree(candidate)) ?? null;
  }
  if (!name) {
    const base = templates[0]!({ town, inTown: inTown(town), venue, street: streetName, organiser });
    name = book.isFree(`${base}, ${streetName}`) ? `${base}, ${streetName}` : numbered(book, base);
  }
  const time = r.pick(timesFor(concept));
  const specs = concept.schedules({ r, today, time });
  for (const spec of specs) maybeCancel(r, spec, today);
  return {
    name,
    slug: book.take(name),
    conceptKey: concept.key,
    isShop: false,
    venue,
    streetName,
    setting: concept.setting ?? venue.setting,
    specs,
    goods: concept.goods,
    ...(concept.audience ? { audience: concept.audience } : {}),
    organiser,
    cause: null,
  };
}

function shop(r: Random, type: MarketType, town: SeedTown, book: NameBook, today: LocalDate): Shaped {
  const brands = SHOP_BRANDS.filter((brand) => brand.type === type);
  const brand: ShopBrand = r.weighted(brands.map((b) => [b, b.weight] as const));
  const streetName = street(r, SHOP_STREETS);
  const candidates = [`${brand.name} ${town.name}`, ...r.shuffle(brands.map((b) => `${b.name} ${town.name}`)), `${brand.name} ${town.name}, ${streetName}`];
  const name = candidates.find((candidate) => book.isFree(candidate)) ?? numbered(book, `${brand.name} ${town.name}`);
  const chosen = brands.find((b) => name.startsWith(`${b.name} `)) ?? brand;
  return {
    name,
    slug: book.take(name),
    conceptKey: type,
    isShop: true,
    venue: { name: name, at: `på ${streetName}`, setting: "indoor", streets: [streetName] },
    streetName,
    setting: "indoor",
    specs: [shopSchedule(r, type, today)],
    goods: SHOP_GOODS[type]!,
    organiser: null,
    cause: chosen.cause,
  };
}

/** Only for very large sets, where every natural name in a town is taken. */
function numbered(book: NameBook, base: string): string {
  for (let n = 2; ; n++) if (book.isFree(`${base} ${n}`)) return `${base} ${n}`;
}
