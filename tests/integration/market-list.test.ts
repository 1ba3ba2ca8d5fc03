import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import type { MarketFilters } from "../../app/filters/filters";
import { NEAR_BANDS_KM } from "../../app/markets/search/distance.server";
import { countPublishedMarkets, findMarkets } from "../../app/register/market-list.server";
import { FIXTURE_MARKETS, FIXTURE_TODAY, insertFixtureMarkets } from "../fixtures/markets";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

const { kind } = inject("testDatabase");

/**
 * foundations §8: the same queries return the same markets in the same order on SQLite and PostgreSQL.
 * Both runs of this file compare against this one list, so neither engine can drift alone.
 */
const FIXED_QUERIES: { name: string; filters: MarketFilters; expected: string[] }[] = [
  {
    name: "loppemarked",
    filters: { text: "loppemarked" },
    expected: [
      "loppemarkeder-i-christianshavn",
      "loppemarkedet-ved-kirken",
      "odense-loppemarked",
      "roskilde-loppemarked",
      "helsingoer-loppemarked",
      "loppemarked-i-aarhus",
      "loppemarked-paa-noerrebro",
      "randers-loppemarked",
      "roenne-loppemarked",
      "soenderborg-loppemarked",
      "aalborg-loppemarked",
      "nuuk-loppemarked",
      "risskov-loppemarked",
      "skagen-loppemarked",
      "aeroe-loppemarked",
      "aflyst-loppemarked",
      "loppemarked-uden-dato",
      "boerneloppemarked-holstebro",
    ],
  },
  {
    name: "kobenhavn",
    filters: { text: "kobenhavn" },
    expected: [
      "koebenhavns-antikmarked",
      "kobenhavns-kraemmermarked",
      "loppemarkeder-i-christianshavn",
      "loppemarked-paa-noerrebro",
      "amager-byttemarked",
      "genbrugsbutikken-frederiksberg",
      "hyldemarked-valby",
    ],
  },
  {
    name: "aarhus",
    filters: { text: "aarhus" },
    expected: ["loppemarked-i-aarhus", "aarhus-antik-samlermarked", "risskov-loppemarked", "viby-kraemmermarked", "godsbanens-designmarked", "loppemarked-uden-dato"],
  },
  {
    name: "Århus loppemarked",
    filters: { text: "Århus loppemarked" },
    expected: ["loppemarked-i-aarhus", "risskov-loppemarked", "loppemarked-uden-dato"],
  },
  {
    name: "lopemarked",
    filters: { text: "lopemarked" },
    expected: [
      "loppemarkeder-i-christianshavn",
      "loppemarkedet-ved-kirken",
      "odense-loppemarked",
      "roskilde-loppemarked",
      "helsingoer-loppemarked",
      "loppemarked-i-aarhus",
      "loppemarked-paa-noerrebro",
      "randers-loppemarked",
      "roenne-loppemarked",
      "soenderborg-loppemarked",
      "aalborg-loppemarked",
      "nuuk-loppemarked",
      "risskov-loppemarked",
      "skagen-loppemarked",
      "aeroe-loppemarked",
      "aflyst-loppemarked",
      "loppemarked-uden-dato",
      "boerneloppemarked-holstebro",
    ],
  },
  {
    name: "kræmmermarked",
    filters: { text: "kræmmermarked" },
    expected: [
      "herning-kraemmermarked",
      "kobenhavns-kraemmermarked",
      "viby-kraemmermarked",
      "nykoebing-falster-kraemmermarked",
      "kraemmermarked-i-hjoerring",
      "svendborg-havnemarked",
    ],
  },
  {
    name: "helsingor",
    filters: { text: "helsingor" },
    expected: ["nattemarked-i-helsingoer", "helsingoer-loppemarked"],
  },
  {
    name: "antik",
    filters: { text: "antik" },
    expected: ["koebenhavns-antikmarked", "aarhus-antik-samlermarked", "naestved-antikmarked", "fynsk-antikmarked"],
  },
  {
    name: "bøger",
    filters: { text: "bøger" },
    expected: ["loppemarked-paa-noerrebro", "lystrup-byttedag", "boerneloppemarked-holstebro", "torshavn-byttemarked", "genbrug-svendborg"],
  },
  {
    name: "byttemarked tøj",
    filters: { text: "byttemarked tøj" },
    expected: ["esbjerg-byttemarked", "amager-byttemarked"],
  },
  {
    name: "jylland loppemarked by name",
    filters: { text: "jylland loppemarked", sort: "name" },
    expected: [
      "aflyst-loppemarked",
      "boerneloppemarked-holstebro",
      "loppemarked-i-aarhus",
      "loppemarked-uden-dato",
      "loppemarkedet-ved-kirken",
      "randers-loppemarked",
      "risskov-loppemarked",
      "skagen-loppemarked",
      "soenderborg-loppemarked",
      "aalborg-loppemarked",
    ],
  },
  {
    name: "marked by date",
    filters: { text: "marked", sort: "date" },
    expected: [
      "herning-kraemmermarked",
      "nattemarked-i-helsingoer",
      "esbjerg-byttemarked",
      "koebenhavns-antikmarked",
      "loppemarkeder-i-christianshavn",
      "loppemarkedet-ved-kirken",
      "odense-loppemarked",
      "roskilde-loppemarked",
      "helsingoer-loppemarked",
      "loppemarked-i-aarhus",
      "loppemarked-paa-noerrebro",
      "kobenhavns-kraemmermarked",
      "lystrup-byttedag",
      "randers-loppemarked",
      "roenne-loppemarked",
      "soenderborg-loppemarked",
      "boerneloppemarked-holstebro",
      "aalborg-loppemarked",
      "aarhus-antik-samlermarked",
      "amager-byttemarked",
      "nuuk-loppemarked",
      "naestved-antikmarked",
      "vejle-pladeboers",
      "risskov-loppemarked",
      "torshavn-byttemarked",
      "viby-kraemmermarked",
      "fynsk-antikmarked",
      "skagen-loppemarked",
      "svendborg-havnemarked",
      "nykoebing-falster-kraemmermarked",
      "aeroe-loppemarked",
      "kraemmermarked-i-hjoerring",
      "kolding-julemarked",
      "aflyst-loppemarked",
      "godsbanens-designmarked",
      "hyldemarked-valby",
      "loppemarked-uden-dato",
    ],
  },
  {
    name: "genbrug",
    filters: { text: "genbrug" },
    expected: ["genbrug-svendborg", "genbrugsbutikken-frederiksberg"],
  },
  {
    name: "julemarked",
    filters: { text: "julemarked" },
    expected: ["kolding-julemarked"],
  },
  {
    name: "region fyn",
    filters: { region: "fyn" },
    expected: ["odense-loppemarked", "fynsk-antikmarked", "svendborg-havnemarked", "aeroe-loppemarked", "genbrug-svendborg"],
  },
  {
    name: "region hovedstaden by name",
    filters: { region: "hovedstaden", sort: "name" },
    expected: [
      "amager-byttemarked",
      "genbrugsbutikken-frederiksberg",
      "helsingoer-loppemarked",
      "hyldemarked-valby",
      "kobenhavns-kraemmermarked",
      "koebenhavns-antikmarked",
      "loppemarked-paa-noerrebro",
      "loppemarkeder-i-christianshavn",
      "nattemarked-i-helsingoer",
      "roenne-loppemarked",
    ],
  },
  {
    name: "location amager",
    filters: { location: "amager" },
    expected: ["amager-byttemarked"],
  },
  {
    name: "vendor and swap",
    filters: { types: ["vendor_market", "swap_market"] },
    expected: [
      "herning-kraemmermarked",
      "esbjerg-byttemarked",
      "kobenhavns-kraemmermarked",
      "lystrup-byttedag",
      "amager-byttemarked",
      "torshavn-byttemarked",
      "viby-kraemmermarked",
      "svendborg-havnemarked",
      "nykoebing-falster-kraemmermarked",
      "kraemmermarked-i-hjoerring",
    ],
  },
  {
    name: "first weekend",
    filters: { dateFrom: "2026-06-06", dateTo: "2026-06-07" },
    expected: [
      "esbjerg-byttemarked",
      "koebenhavns-antikmarked",
      "loppemarkeder-i-christianshavn",
      "loppemarkedet-ved-kirken",
      "odense-loppemarked",
      "roskilde-loppemarked",
      "helsingoer-loppemarked",
      "loppemarked-i-aarhus",
      "loppemarked-paa-noerrebro",
    ],
  },
  {
    name: "loppemarked midtjylland june",
    filters: { text: "loppemarked", region: "midtjylland", dateFrom: "2026-06-01", dateTo: "2026-06-30" },
    expected: ["loppemarkedet-ved-kirken", "loppemarked-i-aarhus", "randers-loppemarked", "risskov-loppemarked", "boerneloppemarked-holstebro"],
  },
  {
    name: "indoor free",
    filters: { setting: "indoor", freeEntry: true },
    expected: [
      "esbjerg-byttemarked",
      "lystrup-byttedag",
      "boerneloppemarked-holstebro",
      "amager-byttemarked",
      "nuuk-loppemarked",
      "torshavn-byttemarked",
      "genbrug-svendborg",
      "genbrugsbutikken-frederiksberg",
      "hyldemarked-valby",
    ],
  },
  {
    name: "open saturday 11:30, by name",
    filters: { openAt: new Date("2026-06-06T09:30:00Z") },
    expected: [
      "genbrug-svendborg",
      "genbrugsbutikken-frederiksberg",
      "godsbanens-designmarked",
      "hyldemarked-valby",
      "koebenhavns-antikmarked",
      "loppemarkeder-i-christianshavn",
      "loppemarkedet-ved-kirken",
      "odense-loppemarked",
      "roskilde-loppemarked",
    ],
  },
  {
    name: "open saturday 11:30, by date when asked",
    filters: { openAt: new Date("2026-06-06T09:30:00Z"), sort: "date" },
    expected: [
      "koebenhavns-antikmarked",
      "loppemarkeder-i-christianshavn",
      "loppemarkedet-ved-kirken",
      "odense-loppemarked",
      "roskilde-loppemarked",
      "genbrug-svendborg",
      "genbrugsbutikken-frederiksberg",
      "godsbanens-designmarked",
      "hyldemarked-valby",
    ],
  },
  {
    // Near and soon: by bands of distance (5, 10, 25, 40, 80, 160 km), by next date within each.
    name: "near Copenhagen",
    filters: { near: { latitude: 55.6761, longitude: 12.5683 }, sort: "distance" },
    expected: [
      "koebenhavns-antikmarked",
      "loppemarkeder-i-christianshavn",
      "loppemarked-paa-noerrebro",
      "kobenhavns-kraemmermarked",
      "amager-byttemarked",
      "genbrugsbutikken-frederiksberg",
      "hyldemarked-valby",
      "nattemarked-i-helsingoer",
      "roskilde-loppemarked",
      "helsingoer-loppemarked",
      "naestved-antikmarked",
      "odense-loppemarked",
      "loppemarked-i-aarhus",
      "roenne-loppemarked",
      "lystrup-byttedag",
      "aarhus-antik-samlermarked",
      "risskov-loppemarked",
      "viby-kraemmermarked",
      "svendborg-havnemarked",
      "nykoebing-falster-kraemmermarked",
      "genbrug-svendborg",
      "godsbanens-designmarked",
      "herning-kraemmermarked",
      "loppemarkedet-ved-kirken",
      "esbjerg-byttemarked",
      "randers-loppemarked",
      "soenderborg-loppemarked",
      "aalborg-loppemarked",
      "boerneloppemarked-holstebro",
      "vejle-pladeboers",
      "nuuk-loppemarked",
      "fynsk-antikmarked",
      "skagen-loppemarked",
      "aeroe-loppemarked",
      "kraemmermarked-i-hjoerring",
      "kolding-julemarked",
      "aflyst-loppemarked",
      "torshavn-byttemarked",
      "loppemarked-uden-dato",
    ],
  },
  {
    name: "all by name",
    filters: { sort: "name" },
    expected: [
      "aflyst-loppemarked",
      "amager-byttemarked",
      "boerneloppemarked-holstebro",
      "esbjerg-byttemarked",
      "fynsk-antikmarked",
      "genbrug-svendborg",
      "genbrugsbutikken-frederiksberg",
      "godsbanens-designmarked",
      "helsingoer-loppemarked",
      "herning-kraemmermarked",
      "hyldemarked-valby",
      "kobenhavns-kraemmermarked",
      "kolding-julemarked",
      "kraemmermarked-i-hjoerring",
      "koebenhavns-antikmarked",
      "loppemarked-i-aarhus",
      "loppemarked-paa-noerrebro",
      "loppemarked-uden-dato",
      "loppemarkeder-i-christianshavn",
      "loppemarkedet-ved-kirken",
      "lystrup-byttedag",
      "nattemarked-i-helsingoer",
      "nuuk-loppemarked",
      "nykoebing-falster-kraemmermarked",
      "naestved-antikmarked",
      "odense-loppemarked",
      "randers-loppemarked",
      "risskov-loppemarked",
      "roskilde-loppemarked",
      "roenne-loppemarked",
      "skagen-loppemarked",
      "svendborg-havnemarked",
      "soenderborg-loppemarked",
      "torshavn-byttemarked",
      "vejle-pladeboers",
      "viby-kraemmermarked",
      "aeroe-loppemarked",
      "aalborg-loppemarked",
      "aarhus-antik-samlermarked",
    ],
  },
  {
    name: "outdoor loppemarked sjælland",
    filters: { text: "loppemarked", location: "sjaelland", setting: "outdoor" },
    expected: ["roskilde-loppemarked"],
  },
];

const publishedFixtures = FIXTURE_MARKETS.filter((m) => (m.status ?? "published") === "published");

describe(`market list on ${kind}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await insertFixtureMarkets(database.db);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  const list = (filters: MarketFilters, options: { page?: number; pageSize?: number; today?: string } = {}) =>
    findMarkets(database.db, filters, { today: FIXTURE_TODAY, pageSize: 100, ...options });
  const slugs = async (filters: MarketFilters) => (await list(filters)).items.map((item) => item.slug);
  const sorted = (values: string[]) => [...values].sort();

  it("answers the fixed queries with the same markets in the same order", async () => {
    expect(FIXED_QUERIES.length).toBeGreaterThanOrEqual(20);
    for (const query of FIXED_QUERIES) {
      const page = await list(query.filters);
      expect(
        page.items.map((item) => item.slug),
        query.name,
      ).toEqual(query.expected);
      expect(page.total, query.name).toBe(query.expected.length);
    }
  });

  it("counts and lists only published markets", async () => {
    expect(await countPublishedMarkets(database.db)).toBe(publishedFixtures.length);
    const all = await list({});
    expect(all.total).toBe(publishedFixtures.length);
    expect(all.items.map((i) => i.slug)).not.toContain("hemmeligt-loppemarked");
  });

  describe("each filter", () => {
    it("types: any of several", async () => {
      const found = await slugs({ types: ["antique_market", "specialty_market"] });
      expect(sorted(found)).toEqual(sorted(publishedFixtures.filter((m) => m.type === "antique_market" || m.type === "specialty_market").map((m) => m.slug)));
    });

    it("region: the postal ranges of the option, København inside Hovedstaden", async () => {
      const kbh = await slugs({ region: "koebenhavn" });
      expect(sorted(kbh)).toEqual(sorted(publishedFixtures.filter((m) => m.postal >= 1000 && m.postal <= 2500).map((m) => m.slug)));
      const hovedstaden = await slugs({ region: "hovedstaden" });
      expect(hovedstaden).toEqual(expect.arrayContaining(kbh));
      expect(hovedstaden).toContain("roenne-loppemarked");
      expect(await slugs({ region: "kolding" })).toEqual(["kolding-julemarked"]);
    });

    it("region or location that does not exist: nothing, rather than everything", async () => {
      expect(await list({ region: "atlantis" })).toEqual({ total: 0, items: [] });
      expect(await list({ location: "atlantis" })).toEqual({ total: 0, items: [] });
    });

    it("location: the landing page's area", async () => {
      expect(sorted(await slugs({ location: "syddanmark" }))).toEqual(
        sorted([
          "odense-loppemarked",
          "svendborg-havnemarked",
          "genbrug-svendborg",
          "fynsk-antikmarked",
          "aeroe-loppemarked",
          "esbjerg-byttemarked",
          "kolding-julemarked",
          "vejle-pladeboers",
          "soenderborg-loppemarked",
        ]),
      );
      expect(await slugs({ location: "frederiksberg" })).toEqual(["genbrugsbutikken-frederiksberg"]);
    });

    it("dates: an occurrence on a day of the range, multi-day events included, cancelled ones not", async () => {
      // Herning runs 31 May – 2 June; Aflyst was cancelled on 13 June.
      expect(await slugs({ dateFrom: "2026-06-02", dateTo: "2026-06-02" })).toEqual(["herning-kraemmermarked"]);
      const thirteenth = await slugs({ dateFrom: "2026-06-13", dateTo: "2026-06-13" });
      expect(thirteenth).not.toContain("aflyst-loppemarked");
      expect(sorted(thirteenth)).toEqual(
        sorted(["kobenhavns-kraemmermarked", "lystrup-byttedag", "odense-loppemarked", "soenderborg-loppemarked", "roenne-loppemarked", "randers-loppemarked"]),
      );
      // Only dateTo: from today up to it; "Loppemarked uden dato" was in May.
      const untilSixth = await slugs({ dateTo: "2026-06-05" });
      expect(untilSixth).toEqual(["herning-kraemmermarked", "nattemarked-i-helsingoer"]);
      expect(await slugs({ dateFrom: "2026-12-01" })).toEqual(["kolding-julemarked"]);
    });

    it("open at: a market running at that moment, or a shop within its hours", async () => {
      // Friday 5 June 2026, 20:00 in Denmark (18:00 UTC, summer time): only the night market.
      expect(await slugs({ openAt: new Date("2026-06-05T18:00:00Z") })).toEqual(["nattemarked-i-helsingoer"]);
      // Tuesday 2 June 11:00: Herning's second day, and the shops open on weekdays.
      expect(sorted(await slugs({ openAt: new Date("2026-06-02T09:00:00Z") }))).toEqual(
        sorted(["herning-kraemmermarked", "genbrugsbutikken-frederiksberg", "hyldemarked-valby", "genbrug-svendborg"]),
      );
      // Sunday 7 June 14:30: Valby's Sunday hours; the Saturday-only shops are closed.
      const sunday = await slugs({ openAt: new Date("2026-06-07T12:30:00Z") });
      expect(sunday).toContain("hyldemarked-valby");
      expect(sunday).not.toContain("genbrugsbutikken-frederiksberg");
      expect(sunday).toEqual(expect.arrayContaining(["loppemarked-paa-noerrebro", "helsingoer-loppemarked", "loppemarked-i-aarhus"]));
      // Closing time itself is closed: Nørrebro closes at 16:00.
      expect(await slugs({ openAt: new Date("2026-06-07T14:00:00Z") })).not.toContain("loppemarked-paa-noerrebro");
    });

    it("setting: indoor includes markets both indoors and out", async () => {
      const indoor = await slugs({ setting: "indoor" });
      expect(indoor).toEqual(expect.arrayContaining(["amager-byttemarked", "herning-kraemmermarked", "koebenhavns-antikmarked"]));
      expect(indoor).not.toContain("loppemarked-paa-noerrebro");
      const outdoor = await slugs({ setting: "outdoor" });
      expect(outdoor).toEqual(expect.arrayContaining(["amager-byttemarked", "loppemarked-paa-noerrebro"]));
      expect(outdoor).not.toContain("koebenhavns-antikmarked");
      expect(sorted(await slugs({ setting: "both" }))).toEqual(["amager-byttemarked", "herning-kraemmermarked"]);
    });

    it("free entry: an entry fee of 0, not an unknown one", async () => {
      const free = await slugs({ freeEntry: true });
      expect(free).toContain("loppemarked-paa-noerrebro");
      expect(free).not.toContain("godsbanens-designmarked");
      expect(free).not.toContain("koebenhavns-antikmarked");
      expect(free).toHaveLength(publishedFixtures.filter((m) => m.fee === 0).length);
    });

    it("combined: every filter must hold", async () => {
      const found = await slugs({
        text: "loppemarked",
        region: "hovedstaden",
        dateFrom: "2026-06-06",
        dateTo: "2026-06-14",
        setting: "outdoor",
        freeEntry: true,
        types: ["flea_market"],
      });
      expect(found).toEqual(["loppemarkeder-i-christianshavn", "helsingoer-loppemarked", "loppemarked-paa-noerrebro", "roenne-loppemarked"]);
    });
  });

  describe("next date", () => {
    it("is the first scheduled occurrence from today, with its hours", async () => {
      const { items } = await list({ text: "nørrebro" });
      expect(items[0]).toMatchObject({ slug: "loppemarked-paa-noerrebro", nextDate: "2026-06-07", nextStartTime: "10:00", nextEndTime: "16:00" });
      expect((await list({ text: "aflyst" })).items[0]).toMatchObject({ nextDate: null, nextStartTime: null, nextEndTime: null });
    });

    it("counts from dateFrom when given, and from the given today otherwise", async () => {
      const fromFilter = await list({ text: "nørrebro", dateFrom: "2026-06-15" });
      expect(fromFilter.items[0]!.nextDate).toBe("2026-06-21");
      const later = await list({ text: "nørrebro" }, { today: "2026-06-08" });
      expect(later.items[0]!.nextDate).toBe("2026-06-14");
    });

    it("moves on as the days pass, in the order too", async () => {
      const before = await slugs({ sort: "date" });
      expect(before[0]).toBe("herning-kraemmermarked");
      // The stored next dates are for 1 June; a week later Esbjerg (6 June) and Herning's first event are over.
      const later = await list({ sort: "date" }, { today: "2026-06-08" });
      const dated = later.items.filter((i) => i.nextDate !== null);
      expect(dated.map((i) => i.nextDate)).toEqual(dated.map((i) => i.nextDate).sort());
      expect(dated[0]!.nextDate! >= "2026-06-08").toBe(true);
      expect(later.items.find((i) => i.slug === "esbjerg-byttemarked")!.nextDate).toBeNull();
      expect(later.items.find((i) => i.slug === "herning-kraemmermarked")!.nextDate).toBe("2026-09-04");
      // And back: nothing is lost by having looked ahead.
      expect(await slugs({ sort: "date" })).toEqual(before);
    });

    it("for an event running today is the day it began", async () => {
      expect((await list({ text: "herning" })).items[0]).toMatchObject({ nextDate: "2026-05-31" });
    });
  });

  describe("sorting", () => {
    it("by date puts markets without a coming date last, by name", async () => {
      const { items } = await list({ sort: "date" });
      const dates = items.map((i) => i.nextDate);
      const firstWithout = dates.indexOf(null);
      expect(dates.slice(0, firstWithout)).toEqual([...dates.slice(0, firstWithout)].sort());
      expect(dates.slice(firstWithout).every((d) => d === null)).toBe(true);
      expect(items.slice(firstWithout).map((i) => i.slug)).toEqual([
        "aflyst-loppemarked",
        "genbrug-svendborg",
        "genbrugsbutikken-frederiksberg",
        "godsbanens-designmarked",
        "hyldemarked-valby",
        "loppemarked-uden-dato",
      ]);
    });

    it("by name follows the Danish alphabet: Æ, Ø, Å (and Aa) after Z", async () => {
      const names = (await list({ sort: "name" })).items.map((i) => i.slug);
      expect(names.slice(-3)).toEqual(["aeroe-loppemarked", "aalborg-loppemarked", "aarhus-antik-samlermarked"]);
      expect(names.indexOf("soenderborg-loppemarked")).toBeGreaterThan(names.indexOf("svendborg-havnemarked"));
    });

    it("near and soon from a point: by bands of distance, by next date within a band, and markets without coordinates last", async () => {
      const near = { latitude: 56.1567, longitude: 10.2108 }; // Aarhus
      const { items } = await list({ near, sort: "distance" });
      expect(items[0]!.slug).toBe("loppemarked-i-aarhus");
      expect(items[0]!.distanceKm).toBeLessThan(0.5);
      const placed = items.filter((i) => i.distanceKm !== null);
      const band = (km: number) => NEAR_BANDS_KM.filter((edge) => km >= edge).length;
      const bands = placed.map((i) => band(i.distanceKm!));
      expect(bands).toEqual([...bands].sort((a, b) => a - b));
      for (let k = 1; k < placed.length; k++) {
        const [before, after] = [placed[k - 1]!, placed[k]!];
        // Within a band a market with a date comes before one without, and an earlier date first.
        if (bands[k] === bands[k - 1] && after.nextDate) expect(before.nextDate && before.nextDate <= after.nextDate, `${before.slug} before ${after.slug}`).toBe(true);
      }
      expect(items.slice(-2).map((i) => i.slug)).toEqual(["torshavn-byttemarked", "loppemarked-uden-dato"]);
      expect(items.at(-1)!.distanceKm).toBeNull();
    });

    it("by distance gives the same order page by page as in one go", async () => {
      const near = { latitude: 55.6761, longitude: 12.5683 }; // København
      const whole = (await list({ near, sort: "distance" })).items.map((i) => i.slug);
      const pages: string[] = [];
      for (let page = 1; page <= 8; page++) {
        const result = await list({ near, sort: "distance" }, { page, pageSize: 5 });
        expect(result.total).toBe(whole.length);
        pages.push(...result.items.map((i) => i.slug));
      }
      expect(pages).toEqual(whole);
    });

    it("by relevance by default when there is text, else by date", async () => {
      expect(await slugs({ text: "loppemarked" })).toEqual(await slugs({ text: "loppemarked", sort: "relevance" }));
      expect(await slugs({})).toEqual(await slugs({ sort: "date" }));
      expect(await slugs({ sort: "relevance" })).toEqual(await slugs({ sort: "date" }));
      expect(await slugs({ sort: "distance" })).toEqual(await slugs({ sort: "date" }));
    });
  });

  describe("pages", () => {
    it("are the same whether the matches are sorted whole or read off an index in order", async () => {
      const cases: MarketFilters[] = [
        { types: ["flea_market"] },
        { types: ["thrift_store"] },
        { types: ["flea_market"], location: "jylland" },
        { types: ["flea_market", "antique_market"], region: "hovedstaden" },
        { location: "syddanmark" },
        { region: "hovedstaden", setting: "indoor" },
        { types: ["flea_market"], sort: "name" },
        { types: ["vendor_market"], dateFrom: "2026-07-01" },
      ];
      for (const filters of cases) {
        for (const page of [1, 2]) {
          const options = { page, pageSize: 1 };
          const sortedWhole = await list(filters, options);
          const walked = await findMarkets(database.db, filters, { today: FIXTURE_TODAY, ...options, sortWholeLimit: 0 });
          expect(walked, JSON.stringify({ filters, page })).toEqual(sortedWhole);
        }
        expect((await list(filters)).total, JSON.stringify(filters)).toBeGreaterThanOrEqual(2);
      }
    });

    it("split the list without gaps or overlaps, each with the full total", async () => {
      const whole = await slugs({ sort: "name" });
      const pages: string[] = [];
      for (let page = 1; page <= 4; page++) {
        const result = await list({ sort: "name" }, { page, pageSize: 12 });
        expect(result.total).toBe(whole.length);
        pages.push(...result.items.map((i) => i.slug));
      }
      expect(pages).toEqual(whole);
    });

    it("past the end are empty but still know the total", async () => {
      expect(await list({ text: "loppemarked" }, { page: 9, pageSize: 10 })).toEqual({ total: 18, items: [] });
    });

    it("of nonsense sizes are clamped", async () => {
      const result = await list({}, { page: -3, pageSize: 0 });
      expect(result.items).toHaveLength(1);
      expect(result.total).toBe(publishedFixtures.length);
    });
  });
});
