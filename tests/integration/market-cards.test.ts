import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { MarketFilters } from "../../app/filters/filters";
import { loadHome } from "../../app/register/home.server";
import { findMarkets } from "../../app/register/market-list.server";
import { openStateChangesAt } from "../../app/markets/open-state";
import { ensureOpenings } from "../../app/markets/search/openings.server";
import { FIXTURE_TODAY, insertFixtureMarkets } from "../fixtures/markets";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

const { kind } = inject("testDatabase");

/** Sunday 7 June 2026, 14:30 in Denmark: Nørrebro's market runs 10–16, Valby's shelf market 11–15. */
const SUNDAY_AFTERNOON = new Date("2026-06-07T12:30:00Z");
/** 16:00 in Denmark that Sunday: Nørrebro has just closed. */
const SUNDAY_CLOSING = new Date("2026-06-07T14:00:00Z");

/** What a market's card shows besides its own row: its cover image and "Åbent nu" (app/register/list-details.server.ts). */
describe(`the cards' cover image and "Åbent nu" on ${kind}`, () => {
  let database: TestDatabase;
  let ids: Map<string, string>;
  beforeAll(async () => {
    database = await createTestDatabase();
    ids = await insertFixtureMarkets(database.db, undefined, { today: FIXTURE_TODAY });
    const image = (slug: string, position: number, alt: string) => ({
      id: `${slug}-${position}`,
      market_id: ids.get(slug)!,
      storage_key: `markets/${slug}/${position}.webp`,
      width: 1200,
      height: 800,
      alt,
      position,
      created_at: "2026-05-01T10:00:00.000Z",
    });
    // Stored out of order: the cover is the one in front, not the first written.
    await database.db
      .insertInto("market_images")
      .values([image("loppemarked-paa-noerrebro", 1, "Kasser med bøger"), image("loppemarked-paa-noerrebro", 0, "Boder på Blågårds Plads")])
      .execute();
  });
  afterAll(async () => {
    await database?.destroy();
  });

  const list = async (filters: MarketFilters, now: Date) => (await findMarkets(database.db, filters, { today: FIXTURE_TODAY, pageSize: 100, now })).items;
  const openSlugs = async (now: Date) =>
    (await list({}, now))
      .filter((item) => item.openNow)
      .map((item) => item.slug)
      .sort();
  const filteredSlugs = async (now: Date) => (await list({ openAt: now }, now)).map((item) => item.slug).sort();

  it("the cover is a market's first image by position, with its size and alt text; none without images", async () => {
    const items = await list({ text: "loppemarked" }, SUNDAY_AFTERNOON);
    expect(items.find((item) => item.slug === "loppemarked-paa-noerrebro")!.cover).toEqual({
      storageKey: "markets/loppemarked-paa-noerrebro/0.webp",
      // A row from before pictures were kept in several widths: one file at its key.
      widths: null,
      width: 1200,
      height: 800,
      alt: "Boder på Blågårds Plads",
    });
    expect(items.find((item) => item.slug === "odense-loppemarked")!.cover).toBeNull();
  });

  it("'Åbent nu' on every item agrees with the open-now filter, worked out from the schedules before the day's openings are written", async () => {
    const open = await openSlugs(SUNDAY_AFTERNOON);
    expect(open).toEqual(expect.arrayContaining(["loppemarked-paa-noerrebro", "hyldemarked-valby"]));
    expect(open).not.toContain("genbrugsbutikken-frederiksberg");
    expect(open).toEqual(await filteredSlugs(SUNDAY_AFTERNOON));
    const noerrebro = (await list({ text: "nørrebro" }, SUNDAY_AFTERNOON))[0]!;
    expect(noerrebro).toMatchObject({ openNow: true, openUntil: null });
    // Closing time itself is closed.
    expect(await openSlugs(SUNDAY_CLOSING)).not.toContain("loppemarked-paa-noerrebro");
  });

  it("once the day's openings are written, they answer it and say when the market closes", async () => {
    expect(await ensureOpenings(database.db, "2026-06-07")).toBe(true);
    const open = await openSlugs(SUNDAY_AFTERNOON);
    expect(open).toEqual(await filteredSlugs(SUNDAY_AFTERNOON));
    expect(open).toContain("loppemarked-paa-noerrebro");
    const noerrebro = (await list({ text: "nørrebro" }, SUNDAY_AFTERNOON))[0]!;
    // 16:00 Danish summer time.
    expect(noerrebro).toMatchObject({ openNow: true, openUntil: "2026-06-07T14:00:00.000Z" });
    expect(await openSlugs(SUNDAY_CLOSING)).not.toContain("loppemarked-paa-noerrebro");
    const closed = (await list({ text: "odense" }, SUNDAY_AFTERNOON)).find((item) => item.slug === "odense-loppemarked")!;
    expect(closed).toMatchObject({ openNow: false, openUntil: null });
  });

  it("a market that opens later the day says when, and the list's first change is when a cached page goes stale", async () => {
    // 8:00 that Sunday: Nørrebro opens at 10 and Valby at 11 (the openings were written above).
    const morning = new Date("2026-06-07T06:00:00Z");
    const items = await list({}, morning);
    expect(items.find((item) => item.slug === "loppemarked-paa-noerrebro")).toMatchObject({ openNow: false, openUntil: null, opensAt: "2026-06-07T08:00:00.000Z" });
    expect(items.find((item) => item.slug === "hyldemarked-valby")).toMatchObject({ opensAt: "2026-06-07T09:00:00.000Z" });
    const first = openStateChangesAt(items);
    expect(first).not.toBeNull();
    expect(first! <= "2026-06-07T08:00:00.000Z").toBe(true);
    expect(first! > morning.toISOString()).toBe(true);
    // An open market opens no more that day.
    expect((await list({ text: "nørrebro" }, SUNDAY_AFTERNOON))[0]).toMatchObject({ opensAt: null });
  });

  it("the home page's newest markets carry them too", async () => {
    const { newest } = await loadHome(database.db, "2026-06-07", SUNDAY_AFTERNOON);
    const noerrebro = newest.find((item) => item.slug === "loppemarked-paa-noerrebro");
    expect(noerrebro).toMatchObject({ openNow: true, cover: { alt: "Boder på Blågårds Plads" } });
    const open = await openSlugs(SUNDAY_AFTERNOON);
    for (const item of newest) expect(item.openNow, item.slug).toBe(open.includes(item.slug));
  });
});
