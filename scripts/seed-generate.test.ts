import { beforeAll, describe, expect, it } from "vitest";
import { addMonths } from "../app/lib/dates";
import { distanceKm } from "../app/markets/geo";
import { LOCATIONS, locationContains } from "../app/markets/locations";
import { expandSchedule } from "../app/markets/schedule/expansion";
import { validateSchedule } from "../app/markets/schedule/validation";
import { MARKET_TYPES, SHOP_TYPES, type MarketType } from "../app/markets/types";
import { countWords } from "../db/seed/descriptions";
import { generateDemoMarkets, type DemoMarket } from "../db/seed/generate";
import { SEED_TOWNS } from "../db/seed/towns";

const TODAY = "2027-03-15";

/** product §3, "Postal ranges": every region filter option must find demo markets. */
const SPEC_REGIONS: Record<string, [number, number][]> = {
  Hovedstaden: [[1000, 3799]],
  Sjælland: [[4000, 4999]],
  Fyn: [[5000, 5999]],
  Sønderjylland: [[6000, 6999]],
  Midtjylland: [[7000, 8999]],
  Nordjylland: [[9000, 9999]],
  Grønland: [[3900, 3999]],
  Færøerne: [[3800, 3899]],
  København: [[1000, 2500]],
  Aarhus: [[8000, 8382]],
  Odense: [[5000, 5270]],
  Aalborg: [[9000, 9240]],
  Esbjerg: [[6700, 6720]],
  Kolding: [
    [6000, 6052],
    [6070, 6070],
  ],
  Vejle: [[7100, 7120]],
  Horsens: [[8700, 8781]],
  Randers: [[8900, 8960]],
  Roskilde: [[4000, 4040]],
  Helsingør: [[3000, 3050]],
  Herning: [[7400, 7480]],
  Silkeborg: [[8600, 8654]],
  Viborg: [[8800, 8832]],
  Sønderborg: [[6400, 6470]],
  Bornholm: [[3700, 3799]],
  Svendborg: [[5700, 5762]],
};

/** The proportions, in percent. */
const EXPECTED_SHARES: Record<MarketType, number> = {
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

const isShop = (m: DemoMarket) => SHOP_TYPES.includes(m.row.type as MarketType);
const specs = (markets: DemoMarket[]) => markets.flatMap((m) => m.schedules.map((s) => s.spec));
const inRanges = (code: number, ranges: [number, number][]) => ranges.some(([from, to]) => code >= from && code <= to);

let markets: DemoMarket[];
beforeAll(() => {
  markets = generateDemoMarkets({ today: TODAY });
});

describe("the demo generator", () => {
  it("gives the same markets for the same seed and other markets for another seed", () => {
    const a = generateDemoMarkets({ count: 300, seed: 4, today: TODAY });
    const b = generateDemoMarkets({ count: 300, seed: 4, today: TODAY });
    const c = generateDemoMarkets({ count: 300, seed: 5, today: TODAY });
    expect(b).toEqual(a);
    expect(c.map((m) => m.row.id)).not.toEqual(a.map((m) => m.row.id));
    expect(c.map((m) => m.row.name)).not.toEqual(a.map((m) => m.row.name));
  });

  it("makes at least 2,100 published demo markets by default, and exactly as many as asked", () => {
    expect(markets.length).toBeGreaterThanOrEqual(2100);
    expect(markets.every((m) => m.row.status === "published" && m.row.source === "demo")).toBe(true);
    expect(generateDemoMarkets({ count: 57, today: TODAY })).toHaveLength(57);
  });

  it("has all nine types within 3 points of the intended proportions", () => {
    for (const type of MARKET_TYPES) {
      const share = (100 * markets.filter((m) => m.row.type === type).length) / markets.length;
      expect(Math.abs(share - EXPECTED_SHARES[type]), type).toBeLessThanOrEqual(3);
    }
  });

  it("has markets in every region option of product §3 and every one of the 38 locations", () => {
    for (const [region, ranges] of Object.entries(SPEC_REGIONS)) {
      expect(markets.filter((m) => inRanges(m.row.postal_code, ranges)).length, region).toBeGreaterThan(0);
    }
    for (const location of LOCATIONS) {
      const found = markets.filter((m) => locationContains(location, { postalCode: m.row.postal_code, latitude: m.row.latitude ?? null, longitude: m.row.longitude ?? null }));
      expect(found.length, location.key).toBeGreaterThan(0);
    }
  });

  it("gives Bornholm, Greenland and the Faroe Islands a handful each and the big cities many", () => {
    const count = (from: number, to: number) => markets.filter((m) => m.row.postal_code >= from && m.row.postal_code <= to).length;
    for (const [from, to] of [
      [3700, 3799],
      [3800, 3899],
      [3900, 3999],
    ] as const) {
      expect(count(from, to)).toBeGreaterThanOrEqual(4);
      expect(count(from, to)).toBeLessThanOrEqual(40);
    }
    expect(count(1000, 2500)).toBeGreaterThan(150);
    expect(count(8000, 8000)).toBeGreaterThan(50);
    expect(count(5000, 5000)).toBeGreaterThan(30);
    expect(count(9000, 9000)).toBeGreaterThan(25);
  });

  it("places each market in a real town of the postal table, within 2 km of it", () => {
    const towns = new Map(SEED_TOWNS.map((t) => [`${t.postalCode} ${t.city} ${t.municipality}`, t]));
    for (const { row } of markets) {
      const town = towns.get(`${row.postal_code} ${row.city} ${row.municipality}`);
      expect(town, row.name).toBeDefined();
      const km = distanceKm({ latitude: town!.lat, longitude: town!.lng }, { latitude: row.latitude!, longitude: row.longitude! });
      expect(km, row.name).toBeLessThan(2);
    }
  });

  it("gives every market its own name and a slug by the rule of product §9", () => {
    expect(new Set(markets.map((m) => m.row.name)).size).toBe(markets.length);
    expect(new Set(markets.map((m) => m.row.slug)).size).toBe(markets.length);
    for (const { row } of markets) expect(row.slug, row.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    const oesterbro = markets.find((m) => m.row.name.includes("Østerbro"));
    expect(oesterbro?.row.slug).toContain("oesterbro");
  });

  it("avoids the slugs the database already has", () => {
    const first = generateDemoMarkets({ count: 20, today: TODAY });
    const again = generateDemoMarkets({ count: 20, today: TODAY, reservedSlugs: new Set(first.map((m) => m.row.slug)) });
    const taken = new Set(first.map((m) => m.row.slug));
    expect(again.filter((m) => taken.has(m.row.slug))).toEqual([]);
  });

  it("writes a distinct Danish description of 80–200 words for every market", () => {
    const words = markets.map((m) => countWords(m.row.description));
    expect(Math.min(...words)).toBeGreaterThanOrEqual(80);
    expect(Math.max(...words)).toBeLessThanOrEqual(200);
    expect(new Set(markets.map((m) => m.row.description)).size).toBe(markets.length);
    for (const { row } of markets.slice(0, 200)) expect(row.description).toContain(row.name);
  });

  it("has schedules of every kind: seasons, monthly and yearly rules, one-off and multi-day dates, cancellations", () => {
    const all = specs(markets);
    const rules = all.filter((s) => s.kind === "rule").map((s) => s.rrule);
    expect(rules).toContain("FREQ=WEEKLY;BYDAY=SU;BYMONTH=5,6,7,8,9");
    expect(rules).toContain("FREQ=MONTHLY;BYDAY=1SA");
    expect(rules).toContain("FREQ=YEARLY;BYMONTH=4;BYDAY=-1SA");
    expect(rules.some((r) => /^FREQ=WEEKLY;BYDAY=(SA|SU);BYMONTH=10,11,12,1,2,3$/.test(r ?? ""))).toBe(true);
    expect(all.some((s) => s.kind === "dates" && (s.durationDays ?? 1) === 1)).toBe(true);
    expect(all.some((s) => s.kind === "dates" && (s.durationDays ?? 1) > 1)).toBe(true);
    expect(all.some((s) => s.kind === "rule" && (s.durationDays ?? 1) > 1)).toBe(true);
    expect(all.filter((s) => (s.cancelled ?? []).length > 0).length).toBeGreaterThan(10);
  });

  it("gives weekly opening hours to shops and only to shops", () => {
    for (const market of markets) {
      const kinds = new Set(market.schedules.map((s) => s.spec.kind));
      if (isShop(market)) expect([...kinds], market.row.name).toEqual(["opening_hours"]);
      else expect(kinds.has("opening_hours"), market.row.name).toBe(false);
    }
  });

  it("makes only schedules the app accepts, cancelling days the schedule really has", () => {
    for (const spec of specs(markets)) {
      expect(validateSchedule(spec)).toEqual([]);
      for (const { date } of spec.cancelled ?? []) {
        const days = expandSchedule(spec, { from: date, to: date });
        expect(days.map((d) => d.status)).toEqual(["cancelled"]);
      }
    }
  });

  it("gives every market that is not a shop an opening within 18 months, whatever the time of year", () => {
    for (const today of [TODAY, "2026-11-21", "2027-07-31"]) {
      const set = today === TODAY ? markets : generateDemoMarkets({ count: 800, today });
      for (const market of set.filter((m) => !isShop(m))) {
        const days = market.schedules.flatMap((s) => expandSchedule(s.spec, { from: today, to: addMonths(today, 18) }));
        expect(days.length, `${market.row.name} (${today})`).toBeGreaterThan(0);
      }
    }
  });

  it("puts contacts on example.com only, with phone numbers no Danish subscriber has", () => {
    for (const { row } of markets) {
      if (row.website) expect(new URL(row.website).hostname).toMatch(/^[a-z0-9-]{1,63}\.example\.com$/);
      if (row.facebook) expect(new URL(row.facebook).hostname).toMatch(/(^|\.)example\.com$/);
      if (row.email) expect(row.email).toMatch(/^[a-z]+@[a-z0-9-]{1,63}\.example\.com$/);
      if (row.phone) expect(row.phone).toMatch(/^\+45 0\d( \d\d){3}$/);
    }
    expect(markets.filter((m) => m.row.website).length).toBeGreaterThan(markets.length / 2);
  });

  it("charges entry mostly at antique fairs and lets most flea markets in for free", () => {
    const free = (type: MarketType) => {
      const ofType = markets.filter((m) => m.row.type === type);
      return ofType.filter((m) => m.row.entry_fee_dkk === 0).length / ofType.length;
    };
    expect(free("flea_market")).toBeGreaterThan(0.7);
    const antique = markets.filter((m) => m.row.type === "antique_market").map((m) => m.row.entry_fee_dkk!);
    expect(Math.min(...antique)).toBeGreaterThanOrEqual(40);
    expect(Math.max(...antique)).toBeLessThanOrEqual(75);
  });

  it("marks last confirmation within the last year", () => {
    const yearAgo = `${Number(TODAY.slice(0, 4)) - 1}${TODAY.slice(4)}`;
    for (const { row } of markets) {
      expect(row.last_confirmed_at! >= yearAgo && row.last_confirmed_at! < TODAY, row.name).toBe(true);
      expect(row.created_at < row.last_confirmed_at!).toBe(true);
    }
  });
});
