import type { Kysely } from "kysely";
import type { Database } from "../../lib/db/schema";
import { addDays, localDateTimeToInstant } from "../dates";
import { danishSortKey } from "../sorting";
import type { MarketType, OpeningHours, Setting } from "../types";
import { indexMarkets } from "./index.server";

/**
 * Forty markets across the country for the search and market list integration tests
 * (tests/integration/market-search.test.ts, market-list.test.ts), and the inserter other tests use
 * for markets of their own. Test data only: nothing in the app imports this. Ids are fixed, so the last tie-break of every order is the same in every run.
 * The tests pretend today is FIXTURE_TODAY, a Monday.
 */
export const FIXTURE_TODAY = "2026-06-01";

interface FixtureOccurrence {
  date: string;
  days?: number;
  start?: string;
  end?: string;
  cancelled?: boolean;
}

export interface FixtureMarket {
  slug: string;
  /** "Marked {slug}" when left out. */
  name?: string;
  type: MarketType;
  postal: number;
  city: string;
  description?: string;
  venue?: string;
  municipality?: string;
  point?: [latitude: number, longitude: number];
  setting?: Setting;
  fee?: number | null;
  status?: "published" | "draft" | "archived";
  /** The row's updated_at; the insert time when left out. */
  updated?: string;
  occurrences?: FixtureOccurrence[];
  hours?: OpeningHours;
}

const weekly = (first: string, count: number, extra: Partial<FixtureOccurrence> = {}): FixtureOccurrence[] =>
  Array.from({ length: count }, (_, i) => ({ date: addDays(first, 7 * i), ...extra }));

const shopWeek: OpeningHours = {
  mon: [["10:00", "17:30"]],
  tue: [["10:00", "17:30"]],
  wed: [["10:00", "17:30"]],
  thu: [["10:00", "17:30"]],
  fri: [["10:00", "17:30"]],
  sat: [["10:00", "14:00"]],
};

export const FIXTURE_MARKETS: FixtureMarket[] = [
  // København and around
  { slug: "loppemarked-paa-noerrebro", name: "Loppemarked på Nørrebro", type: "flea_market", postal: 2200, city: "København N", point: [55.6941, 12.5496], setting: "outdoor", fee: 0, description: "Hver søndag på Blågårds Plads med tøj, bøger og kuriositeter.", occurrences: weekly("2026-06-07", 8, { start: "10:00", end: "16:00" }) },
  { slug: "kobenhavns-kraemmermarked", name: "Kobenhavns Kræmmermarked", type: "vendor_market", postal: 2100, city: "Kobenhavn Ø", point: [55.7072, 12.5776], setting: "outdoor", fee: 20, description: "Stort kræmmermarked med kræmmere fra hele landet.", occurrences: [{ date: "2026-06-13", days: 2, start: "09:00", end: "17:00" }] },
  { slug: "koebenhavns-antikmarked", name: "Københavns Antikmarked", type: "antique_market", postal: 1050, city: "København K", point: [55.6786, 12.5857], setting: "indoor", fee: 30, description: "Antikviteter, sølv og porcelæn fra handlende.", occurrences: [{ date: "2026-06-06", start: "10:00", end: "15:00" }, { date: "2026-07-04", start: "10:00", end: "15:00" }] },
  { slug: "amager-byttemarked", name: "Amager Byttemarked", type: "swap_market", postal: 2300, city: "København S", point: [55.6596, 12.6019], setting: "both", fee: 0, description: "Byt tøj og legetøj i stedet for at købe nyt.", occurrences: [{ date: "2026-06-20", start: "11:00", end: "14:00" }] },
  { slug: "genbrugsbutikken-frederiksberg", name: "Genbrugsbutikken Frederiksberg", type: "thrift_store", postal: 2000, city: "Frederiksberg", point: [55.6786, 12.5323], setting: "indoor", fee: 0, description: "Frivillige sælger brugt tøj og møbler til fordel for Røde Kors.", hours: shopWeek },
  { slug: "hyldemarked-valby", name: "Hyldemarked Valby", type: "shelf_market", postal: 2500, city: "Valby", point: [55.6616, 12.5163], setting: "indoor", fee: 0, description: "Lej en hylde og sælg dine ting.", hours: { ...shopWeek, sun: [["11:00", "15:00"]] } },
  { slug: "loppemarkeder-i-christianshavn", name: "Loppemarkeder i Christianshavn", type: "flea_market", postal: 1401, city: "København K", point: [55.6732, 12.5916], setting: "outdoor", fee: 0, description: "Loppemarked ved kanalen hver anden lørdag.", occurrences: weekly("2026-06-06", 4, { start: "09:00", end: "15:00" }).filter((_, i) => i % 2 === 0) },
  { slug: "hemmeligt-loppemarked", name: "Hemmeligt Loppemarked", type: "flea_market", postal: 2200, city: "København N", status: "draft", fee: 0, occurrences: [{ date: "2026-06-06", start: "10:00", end: "14:00" }] },
  // Aarhus
  { slug: "loppemarked-i-aarhus", name: "Loppemarked i Århus", type: "flea_market", postal: 8000, city: "Århus C", point: [56.1572, 10.2107], setting: "indoor", fee: 10, description: "Stort indendørs loppemarked i Århus midtby.", occurrences: weekly("2026-06-07", 4, { start: "10:00", end: "15:00" }) },
  { slug: "aarhus-antik-samlermarked", name: "Aarhus Antik & Samlermarked", type: "antique_market", postal: 8200, city: "Aarhus N", point: [56.1765, 10.1937], setting: "indoor", fee: 25, description: "Samlerobjekter, antikviteter og gamle mønter.", occurrences: [{ date: "2026-06-14", start: "10:00", end: "16:00" }] },
  { slug: "viby-kraemmermarked", name: "Viby Kræmmermarked", type: "vendor_market", postal: 8260, city: "Viby J", point: [56.1294, 10.1639], setting: "outdoor", fee: 0, description: "Kræmmere, musik og pølsevogn.", occurrences: [{ date: "2026-06-27", days: 2, start: "10:00", end: "17:00" }] },
  { slug: "godsbanens-designmarked", name: "Godsbanens Designmarked", type: "design_secondhand", postal: 8000, city: "Aarhus C", point: [56.1535, 10.1967], setting: "indoor", fee: null, description: "Udvalgt dansk design, vintage møbler og lamper.", hours: { wed: [["12:00", "18:00"]], thu: [["12:00", "18:00"]], fri: [["12:00", "18:00"]], sat: [["10:00", "16:00"]] } },
  { slug: "risskov-loppemarked", name: "Risskov Loppemarked", type: "flea_market", postal: 8240, city: "Risskov", point: [56.1905, 10.2327], setting: "outdoor", fee: 0, description: "Loppemarked i skoven med børneaktiviteter.", occurrences: [{ date: "2026-06-21", start: "10:00", end: "14:00" }] },
  { slug: "lystrup-byttedag", name: "Lystrup Byttedag", type: "swap_market", postal: 8520, city: "Lystrup", point: [56.2375, 10.2364], setting: "indoor", fee: 0, description: "Bytte af børnetøj og bøger i fritidscentret.", occurrences: [{ date: "2026-06-13", start: "10:00", end: "13:00" }] },
  // Fyn
  { slug: "odense-loppemarked", name: "Odense Loppemarked", type: "flea_market", postal: 5000, city: "Odense C", point: [55.3959, 10.3883], setting: "outdoor", fee: 0, description: "Loppemarked på Flakhaven.", occurrences: weekly("2026-06-06", 3, { start: "08:00", end: "14:00" }) },
  { slug: "svendborg-havnemarked", name: "Svendborg Havnemarked", type: "vendor_market", postal: 5700, city: "Svendborg", point: [55.0598, 10.6068], setting: "outdoor", fee: 0, description: "Kræmmermarked ved havnen med fisk og fadøl.", occurrences: [{ date: "2026-07-11", days: 2, start: "10:00", end: "18:00" }] },
  { slug: "genbrug-svendborg", name: "Genbrug Svendborg", type: "thrift_store", postal: 5700, city: "Svendborg", point: [55.0611, 10.6101], setting: "indoor", fee: 0, description: "Genbrugsbutik med tøj, porcelæn og bøger.", hours: shopWeek },
  { slug: "fynsk-antikmarked", name: "Fynsk Antikmarked", type: "antique_market", postal: 5500, city: "Middelfart", point: [55.5059, 9.7304], setting: "indoor", fee: 40, description: "Antik og kunst fra hele Fyn.", occurrences: [{ date: "2026-06-28", start: "10:00", end: "16:00" }] },
  // Jylland
  { slug: "aalborg-loppemarked", name: "Aalborg Loppemarked", type: "flea_market", postal: 9000, city: "Aalborg", point: [57.048, 9.9187], setting: "outdoor", fee: 0, description: "Loppemarked på havnefronten.", occurrences: weekly("2026-06-14", 2, { start: "09:00", end: "15:00" }) },
  { slug: "kraemmermarked-i-hjoerring", name: "Kræmmermarked i Hjørring", type: "vendor_market", postal: 9800, city: "Hjørring", point: [57.4642, 9.9823], setting: "outdoor", fee: 0, description: "Traditionsrigt kræmmermarked i gågaden.", occurrences: [{ date: "2026-08-07", days: 3, start: "10:00", end: "18:00" }] },
  { slug: "esbjerg-byttemarked", name: "Esbjerg Byttemarked", type: "swap_market", postal: 6700, city: "Esbjerg", point: [55.4703, 8.4519], setting: "indoor", fee: 0, description: "Byttemarked for tøj og sko.", occurrences: [{ date: "2026-06-06", start: "12:00", end: "15:00" }] },
  { slug: "kolding-julemarked", name: "Kolding Julemarked", type: "themed_event", postal: 6000, city: "Kolding", point: [55.4904, 9.4722], setting: "outdoor", fee: 0, description: "Julemarked med gløgg, æbleskiver og brugte julepynt.", occurrences: [{ date: "2026-12-05", days: 2, start: "11:00", end: "17:00" }] },
  { slug: "vejle-pladeboers", name: "Vejle Pladebørs", type: "specialty_market", postal: 7100, city: "Vejle", point: [55.7093, 9.5357], setting: "indoor", fee: 20, description: "Pladebørs med vinyl, cd'er og musikudstyr.", occurrences: [{ date: "2026-06-20", start: "10:00", end: "15:00" }] },
  { slug: "soenderborg-loppemarked", name: "Sønderborg Loppemarked", type: "flea_market", postal: 6400, city: "Sønderborg", point: [54.909, 9.7892], setting: "outdoor", fee: 0, description: "Loppemarked ved slottet.", occurrences: [{ date: "2026-06-13", start: "09:00", end: "14:00" }] },
  { slug: "herning-kraemmermarked", name: "Herning Kræmmermarked", type: "vendor_market", postal: 7400, city: "Herning", point: [56.1362, 8.9766], setting: "both", fee: 30, description: "Tre dage med kræmmere og tivoli.", occurrences: [{ date: "2026-05-31", days: 3, start: "10:00", end: "18:00" }, { date: "2026-09-04", days: 3, start: "10:00", end: "18:00" }] },
  { slug: "skagen-loppemarked", name: "Skagen Loppemarked", type: "flea_market", postal: 9990, city: "Skagen", point: [57.7209, 10.5839], setting: "outdoor", fee: 0, description: "Loppemarked på havnen om sommeren.", occurrences: weekly("2026-07-04", 3, { start: "10:00", end: "15:00" }) },
  // Sjælland
  { slug: "roskilde-loppemarked", name: "Roskilde Loppemarked", type: "flea_market", postal: 4000, city: "Roskilde", point: [55.6415, 12.0804], setting: "outdoor", fee: 0, description: "Loppemarked på Stændertorvet.", occurrences: [{ date: "2026-06-06", start: "08:00", end: "13:00" }] },
  { slug: "naestved-antikmarked", name: "Næstved Antikmarked", type: "antique_market", postal: 4700, city: "Næstved", point: [55.2299, 11.7609], setting: "indoor", fee: 25, description: "Antikmarked i hallen med møbler og kunst.", occurrences: [{ date: "2026-06-20", start: "10:00", end: "16:00" }] },
  { slug: "helsingoer-loppemarked", name: "Helsingør Loppemarked", type: "flea_market", postal: 3000, city: "Helsingør", point: [56.0361, 12.6136], setting: "outdoor", fee: 0, description: "Loppemarked ved Kronborg.", occurrences: [{ date: "2026-06-07", start: "10:00", end: "15:00" }] },
  { slug: "nattemarked-i-helsingoer", name: "Nattemarked i Helsingør", type: "themed_event", postal: 3000, city: "Helsingør", point: [56.0339, 12.6115], setting: "outdoor", fee: 0, description: "Loppefund i lyset fra lygterne.", occurrences: [{ date: "2026-06-05", start: "18:00", end: "23:00" }] },
  { slug: "nykoebing-falster-kraemmermarked", name: "Nykøbing Falster Kræmmermarked", type: "vendor_market", postal: 4800, city: "Nykøbing F", point: [54.7691, 11.8743], setting: "outdoor", fee: 0, description: "Kræmmermarked på torvet.", occurrences: [{ date: "2026-07-18", start: "09:00", end: "16:00" }] },
  { slug: "roenne-loppemarked", name: "Rønne Loppemarked", type: "flea_market", postal: 3700, city: "Rønne", point: [55.1009, 14.7066], setting: "outdoor", fee: 0, description: "Loppemarked på Bornholm.", occurrences: [{ date: "2026-06-13", start: "10:00", end: "14:00" }] },
  // Grønland, Færøerne
  { slug: "nuuk-loppemarked", name: "Nuuk Loppemarked", type: "flea_market", postal: 3900, city: "Nuuk", point: [64.1814, -51.6941], setting: "indoor", fee: 0, description: "Loppemarked i forsamlingshuset.", occurrences: [{ date: "2026-06-20", start: "12:00", end: "16:00" }] },
  { slug: "torshavn-byttemarked", name: "Tórshavn Byttemarked", type: "swap_market", postal: 3800, city: "Tórshavn", setting: "indoor", fee: 0, description: "Byttemarked for bøger.", occurrences: [{ date: "2026-06-27", start: "13:00", end: "16:00" }] },
  // More of Jylland and the islands
  { slug: "loppemarkedet-ved-kirken", name: "Loppemarkedet ved Kirken", type: "flea_market", postal: 8600, city: "Silkeborg", point: [56.1697, 9.5451], setting: "outdoor", fee: 0, description: "Menighedsrådets årlige loppemarked.", occurrences: [{ date: "2026-06-06", start: "10:00", end: "14:00" }] },
  { slug: "boerneloppemarked-holstebro", name: "Børneloppemarked Holstebro", type: "flea_market", postal: 7500, city: "Holstebro", point: [56.3601, 8.6161], setting: "indoor", fee: 0, description: "Børn sælger legetøj og bøger.", occurrences: [{ date: "2026-06-14", start: "10:00", end: "13:00" }] },
  { slug: "aflyst-loppemarked", name: "Aflyst Loppemarked", type: "flea_market", postal: 9000, city: "Aalborg", point: [57.0467, 9.9356], setting: "outdoor", fee: 0, description: "Aflyst i år.", occurrences: [{ date: "2026-06-13", start: "10:00", end: "14:00", cancelled: true }] },
  { slug: "loppemarked-uden-dato", name: "Loppemarked uden dato", type: "flea_market", postal: 8000, city: "Aarhus C", setting: "outdoor", fee: 0, description: "Datoen for næste marked er ikke fastlagt.", occurrences: [{ date: "2026-05-16", start: "10:00", end: "14:00" }] },
  { slug: "aeroe-loppemarked", name: "Ærø Loppemarked", type: "flea_market", postal: 5970, city: "Ærøskøbing", point: [54.8883, 10.4112], setting: "outdoor", fee: 0, description: "Loppemarked ved færgen.", occurrences: [{ date: "2026-07-25", start: "10:00", end: "15:00" }] },
  { slug: "randers-loppemarked", name: "Randers Loppemarked", type: "flea_market", postal: 8900, city: "Randers", point: [56.4607, 10.0364], setting: "outdoor", fee: 10, description: "Loppemarked på Rådhustorvet.", occurrences: [{ date: "2026-06-13", start: "09:00", end: "14:00" }] },
];

const fixtureId = (index: number) => `00000000-0000-4000-8000-${String(index + 1).padStart(12, "0")}`;

/**
 * Inserts markets (FIXTURE_MARKETS unless others are given) with their schedules and occurrences,
 * indexes them as of `today` (the real date when not given), and returns their ids by slug.
 */
export async function insertFixtureMarkets(
  db: Kysely<Database>,
  markets: readonly FixtureMarket[] = FIXTURE_MARKETS,
  options: { today?: string } = {},
): Promise<Map<string, string>> {
  const now = "2026-05-01T10:00:00.000Z";
  const ids = new Map<string, string>();
  for (const [index, market] of markets.entries()) {
    const id = fixtureId(index);
    const name = market.name ?? `Marked ${market.slug}`;
    ids.set(market.slug, id);
    await db
      .insertInto("markets")
      .values({
        id,
        slug: market.slug,
        name,
        sort_name: danishSortKey(name),
        type: market.type,
        description: market.description ?? "",
        venue_name: market.venue ?? null,
        street: null,
        postal_code: market.postal,
        city: market.city,
        municipality: market.municipality ?? null,
        latitude: market.point?.[0] ?? null,
        longitude: market.point?.[1] ?? null,
        setting: market.setting ?? null,
        entry_fee_dkk: market.fee === undefined ? null : market.fee,
        entry_fee_text: null,
        stall_price_text: null,
        booking_info: null,
        stall_count: null,
        website: null,
        email: null,
        phone: null,
        facebook: null,
        owner_id: null,
        status: market.status ?? "published",
        featured_until: null,
        source: "demo",
        last_confirmed_at: null,
        created_at: now,
        updated_at: market.updated ?? now,
      })
      .execute();
    const scheduleId = id.replace("8000-", "9000-");
    await db
      .insertInto("market_schedules")
      .values({
        id: scheduleId,
        market_id: id,
        kind: market.hours ? "opening_hours" : "dates",
        start_date: market.occurrences?.[0]?.date ?? "2026-01-01",
        end_date: null,
        rrule: null,
        start_time: null,
        end_time: null,
        opening_hours: market.hours ? JSON.stringify(market.hours) : null,
        updated_at: market.updated ?? now,
      })
      .execute();
    for (const occurrence of market.occurrences ?? []) {
      const endDate = addDays(occurrence.date, (occurrence.days ?? 1) - 1);
      const start = occurrence.start ?? "10:00";
      const end = occurrence.end ?? "16:00";
      await db
        .insertInto("market_occurrences")
        .values({
          market_id: id,
          schedule_id: scheduleId,
          local_date: occurrence.date,
          end_date: endDate,
          start_time: start,
          end_time: end,
          starts_at: localDateTimeToInstant(occurrence.date, start).toISOString(),
          ends_at: localDateTimeToInstant(endDate, end).toISOString(),
          status: occurrence.cancelled ? "cancelled" : "scheduled",
          note: null,
        })
        .execute();
    }
  }
  await indexMarkets(db, [...ids.values()], { today: options.today });
  return ids;
}
