import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bumpCacheGeneration } from "../../app/lib/cache-generation.server";
import { inject } from "vitest";
import type { MarketFilters } from "../../app/filters/filters";
import { mercatorX, mercatorY, snapToCells, type MapBounds } from "../../app/map/grid";
import { OVERLAP_PX } from "../../app/map/overlap-groups";
import { findMapMarkers } from "../../app/map/markers.server";
import { findMarkets } from "../../app/register/market-list.server";
import { FIXTURE_MARKETS, FIXTURE_TODAY, insertFixtureMarkets } from "../fixtures/markets";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

const { kind } = inject("testDatabase");

const WORLD: MapBounds = { south: -85, west: -180, north: 85, east: 180 };
const DENMARK: MapBounds = { south: 54.5, west: 8.0, north: 57.8, east: 15.2 };
/** Around Svendborg harbour: the market there and the thrift store 300 m away, nothing else. */
const SVENDBORG: MapBounds = { south: 55.055, west: 10.6, north: 55.065, east: 10.615 };

const published = FIXTURE_MARKETS.filter((m) => (m.status ?? "published") === "published");
const onMap = published.filter((m) => m.point);
const inside = (box: MapBounds, [lat, lng]: [number, number]) => lat >= box.south && lat <= box.north && lng >= box.west && lng <= box.east;

describe(`markers for the map on ${kind}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await insertFixtureMarkets(database.db);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  const find = (filters: MarketFilters, bbox: MapBounds, zoom: number, maxMarkers?: number) =>
    findMapMarkers(database.db, filters, { bbox, zoom, today: FIXTURE_TODAY, maxMarkers });

  it("returns every published market with coordinates in the box as its own marker at zoom 16", async () => {
    const result = await find({}, WORLD, 16);
    expect(result.clusters).toEqual([]);
    expect(result.truncated).toBe(false);
    expect(result.total).toBe(onMap.length);
    expect(result.markers.map((m) => m.slug).sort()).toEqual(onMap.map((m) => m.slug).sort());
    // Drafts and markets without a position are not on the map.
    expect(result.markers.map((m) => m.slug)).not.toContain("hemmeligt-loppemarked");
    expect(result.markers.map((m) => m.slug)).not.toContain("torshavn-byttemarked");
  });

  it("returns only the markets inside a small box, with what a popup shows", async () => {
    const result = await find({}, SVENDBORG, 16);
    expect(result.total).toBe(2);
    expect(result.markers).toEqual([
      {
        id: expect.any(String),
        slug: "genbrug-svendborg",
        name: "Genbrug Svendborg",
        type: "thrift_store",
        city: "Svendborg",
        lat: 55.0611,
        lng: 10.6101,
        nextDate: null,
      },
      {
        id: expect.any(String),
        slug: "svendborg-havnemarked",
        name: "Svendborg Havnemarked",
        type: "vendor_market",
        city: "Svendborg",
        lat: 55.0598,
        lng: 10.6068,
        nextDate: "2026-07-11",
      },
    ]);
  });

  it("sums its clusters and single markers to the total of the box", async () => {
    for (const zoom of [3, 5, 6, 7, 9, 11]) {
      const result = await find({}, DENMARK, zoom);
      const counted = result.clusters.reduce((sum, c) => sum + c.count, 0) + result.markers.length;
      expect(counted, `zoom ${zoom}`).toBe(result.total);
      const snapped = snapToCells(DENMARK, zoom);
      expect(result.total, `zoom ${zoom}`).toBe(onMap.filter((m) => inside(snapped, m.point!)).length);
      for (const cluster of result.clusters) expect(cluster.count).toBeGreaterThan(1);
    }
  });

  it("groups only the markets whose pins would cover each other, counts each once, and names each cluster's town", async () => {
    for (const zoom of [5, 7, 9, 11]) {
      const snapped = snapToCells(DENMARK, zoom);
      const expected = onMap.filter((m) => inside(snapped, m.point!)).length;
      const result = await find({}, DENMARK, zoom);
      expect(result.markers.length + result.clusters.reduce((sum, c) => sum + c.count, 0), `zoom ${zoom}`).toBe(expected);
      for (const cluster of result.clusters) {
        expect(cluster.place, `zoom ${zoom}`).not.toBe("");
        const [south, west, north, east] = cluster.bounds;
        expect(cluster.lat).toBeGreaterThanOrEqual(south);
        expect(cluster.lat).toBeLessThanOrEqual(north);
        expect(cluster.lng).toBeGreaterThanOrEqual(west);
        expect(cluster.lng).toBeLessThanOrEqual(east);
        // No pin lies under a cluster's circle.
        for (const marker of result.markers) {
          const apart = Math.hypot(mercatorX(marker.lng, zoom) - mercatorX(cluster.lng, zoom), mercatorY(marker.lat, zoom) - mercatorY(cluster.lat, zoom));
          expect(apart, `${marker.slug} at zoom ${zoom}`).toBeGreaterThanOrEqual(OVERLAP_PX);
        }
      }
    }
  });

  it("counts the København markets as one cluster at the country's zoom and splits them when zoomed in", async () => {
    const country = await find({}, DENMARK, 6);
    const capital = country.clusters.find((c) => Math.abs(c.lat - 55.68) < 0.1 && Math.abs(c.lng - 12.56) < 0.1);
    expect(capital?.count).toBeGreaterThanOrEqual(6);
    const closer = await find({}, { south: 55.6, west: 12.4, north: 55.75, east: 12.7 }, 12);
    expect(closer.markers.length).toBeGreaterThan(country.markers.filter((m) => m.city.startsWith("København")).length);
  });

  it("applies the same filters as the market list", async () => {
    const filterSets: MarketFilters[] = [
      { types: ["flea_market"] },
      { types: ["antique_market", "swap_market"] },
      { region: "fyn" },
      { location: "amager" },
      { location: "frederiksberg" },
      { text: "antik" },
      { text: "loppemarked", region: "midtjylland" },
      { dateFrom: "2026-06-06", dateTo: "2026-06-07" },
      { dateFrom: "2026-07-01" },
      { setting: "indoor" },
      { freeEntry: true, setting: "outdoor" },
      { openAt: new Date("2026-06-03T10:00:00Z") },
    ];
    for (const filters of filterSets) {
      const list = await findMarkets(database.db, filters, { today: FIXTURE_TODAY, pageSize: 100 });
      const expected = list.items
        .filter((item) => item.latitude !== null)
        .map((item) => item.slug)
        .sort();
      const result = await find(filters, WORLD, 16);
      expect(result.markers.map((m) => m.slug).sort(), JSON.stringify(filters)).toEqual(expected);
      expect(expected.length, JSON.stringify(filters)).toBeGreaterThan(0);
      // And clustered: the counts still add up to the same markets.
      const clustered = await find(filters, WORLD, 4);
      expect(clustered.total, JSON.stringify(filters)).toBe(expected.length);
    }
  });

  it("counts the next date from the start of the chosen period", async () => {
    const result = await find({ dateFrom: "2026-06-21" }, { south: 56.15, west: 10.15, north: 56.2, east: 10.25 }, 16);
    const aarhus = result.markers.find((m) => m.slug === "loppemarked-i-aarhus");
    expect(aarhus?.nextDate).toBe("2026-06-21");
  });

  it("finds nothing for an unknown region", async () => {
    expect(await find({ region: "atlantis" }, WORLD, 5)).toEqual({ clusters: [], markers: [], total: 0, truncated: false });
  });

  it("says when there were more single markers than the answer may hold", async () => {
    const result = await find({}, WORLD, 14, 3);
    expect(result.markers).toHaveLength(3);
    expect(result.total).toBe(onMap.length);
    expect(result.truncated).toBe(true);
  });

  it("shows a market published after an earlier answer as soon as the cache generation moves", async () => {
    const anholt: MapBounds = { south: 56.6, west: 11.4, north: 56.8, east: 11.7 };
    expect((await find({}, anholt, 14)).total).toBe(0);
    const now = "2026-05-02T10:00:00.000Z";
    await database.db
      .insertInto("markets")
      .values({
        id: "00000000-0000-4000-8000-000000009999",
        slug: "anholt-loppemarked",
        name: "Anholt Loppemarked",
        sort_name: "anholt loppemarked",
        type: "flea_market",
        postal_code: 8592,
        city: "Anholt",
        latitude: 56.7166,
        longitude: 11.5115,
        status: "published",
        created_at: now,
        updated_at: now,
      })
      .execute();
    await bumpCacheGeneration(database.db);
    const after = await find({}, anholt, 14);
    expect(after.markers.map((m) => m.slug)).toEqual(["anholt-loppemarked"]);
  });
});
