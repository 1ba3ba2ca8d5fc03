import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { assembleAccountExport } from "../../app/account/account-export.server";
import { readCacheGeneration } from "../../app/lib/cache-generation.server";
import { setMarketStatus } from "../../app/markets/market-writes.server";
import { feedToken, renewFeedToken, savedFeedOccurrences, savedFeedResponse } from "../../app/saved/saved-feed.server";
import { savedMarketList } from "../../app/saved/saved-list.server";
import { saveMarket, savedCounts, savedMarketIds, unsaveMarket } from "../../app/saved/saved-markets.server";
import { ownedMarkets } from "../../app/organiser/control-panel/owner-markets.server";
import { createTestMarket, createUser, type TestUser } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

const { kind } = inject("testDatabase");
const TODAY = "2027-03-01";
const BASE_URL = "https://loppeguiden.test";

/** A one-day market on `date`, with the dates of `cancelled` called off (note optional). */
function oneDay(date: string, cancelled: { date: string; note?: string }[] = []) {
  return { kind: "dates", startDate: date, startTime: "10:00", endTime: "15:00", cancelled };
}

/**
 * Saved markets as the domain keeps them (app/saved/), on both databases: saving and its
 * refusals, the list's order and states, the owners' counts, the private feed and its new
 * address, and what the data download and deleting the account do with them. The buttons and
 * pages at the level of requests: saved-pages.test.ts.
 */
describe(`saved markets on ${kind}`, () => {
  let database: TestDatabase;
  let person: TestUser;

  beforeAll(async () => {
    database = await createTestDatabase();
    person = await createUser(database, { name: "Gitte Gemmer" });
  });

  afterAll(async () => {
    await database?.destroy();
  });

  it("saves a published market once, refuses a closed or unknown one, and unsaves; the public cache is left alone", async () => {
    const market = await createTestMarket(database, { name: "Gemmemarkedet" });
    const closed = await createTestMarket(database, { name: "Lukket Marked" });
    await setMarketStatus(database.db, closed.id, "archived");
    const generation = await readCacheGeneration(database.db);

    expect(await saveMarket(database.db, person.id, market.id)).toEqual({ outcome: "saved", name: "Gemmemarkedet" });
    expect(await saveMarket(database.db, person.id, market.id)).toEqual({ outcome: "saved", name: "Gemmemarkedet" });
    expect(await saveMarket(database.db, person.id, closed.id)).toEqual({ outcome: "closed", name: "Lukket Marked" });
    expect(await saveMarket(database.db, person.id, "00000000-0000-4000-8000-000000000000")).toEqual({ outcome: "not-found", name: null });
    expect(await savedMarketIds(database.db, person.id)).toEqual([market.id]);

    expect(await unsaveMarket(database.db, person.id, market.id)).toBe("Gemmemarkedet");
    expect(await savedMarketIds(database.db, person.id)).toEqual([]);
    expect(await readCacheGeneration(database.db)).toBe(generation);
  });

  it("lists the next date first, then shops, then those without coming dates; a closed market and a cancelled date show as such", async () => {
    const user = await createUser(database, { name: "Liste Lise" });
    const later = await createTestMarket(database, { name: "Senere Marked", schedules: [oneDay("2027-04-10")] });
    const sooner = await createTestMarket(database, { name: "Snart Marked", schedules: [oneDay("2027-03-06"), oneDay("2027-03-13")] });
    const calledOff = await createTestMarket(database, { name: "Aflyst Først", schedules: [oneDay("2027-03-07"), oneDay("2027-03-20")] });
    await database.db
      .updateTable("market_occurrences")
      .set({ status: "cancelled", note: "Regnvejr" })
      .where("market_id", "=", calledOff.id)
      .where("local_date", "=", "2027-03-07")
      .execute();
    const past = await createTestMarket(database, { name: "Forbi Marked", schedules: [oneDay("2027-02-01")] });
    const shop = await createTestMarket(database, {
      name: "Butikken",
      type: "thrift_store",
      schedules: [{ kind: "opening_hours", startDate: "2026-01-01", openingHours: { mon: [["10:00", "17:30"]] } }],
    });
    const closed = await createTestMarket(database, { name: "Alt Lukket", schedules: [oneDay("2027-03-05")] });
    for (const market of [later, sooner, calledOff, past, shop, closed]) await saveMarket(database.db, user.id, market.id);
    await setMarketStatus(database.db, closed.id, "archived");

    const all = await savedMarketList(database.db, user.id, TODAY, "alle");
    expect(all.map((market) => market.name)).toEqual(["Snart Marked", "Aflyst Først", "Senere Marked", "Butikken", "Alt Lukket", "Forbi Marked"]);
    expect(all.find((market) => market.name === "Snart Marked")!.next).toEqual({ date: "2027-03-06", endDate: "2027-03-06", startTime: "10:00", endTime: "15:00" });
    expect(all.find((market) => market.name === "Aflyst Først")!.cancelled).toEqual([
      { date: "2027-03-07", endDate: "2027-03-07", startTime: "10:00", endTime: "15:00", note: "Regnvejr" },
    ]);
    expect(all.find((market) => market.name === "Alt Lukket")).toMatchObject({ status: "archived", next: null });

    const coming = await savedMarketList(database.db, user.id, TODAY, "kommende");
    expect(coming.map((market) => market.name)).toEqual(["Snart Marked", "Aflyst Først", "Senere Marked", "Butikken"]);
  });

  it("counts how many saved each of an owner's markets", async () => {
    const owner = await createUser(database, { name: "Olga Ejer" });
    const popular = await createTestMarket(database, { name: "Populært Marked" }, { owner: owner.id });
    const quiet = await createTestMarket(database, { name: "Stille Marked" }, { owner: owner.id });
    const fans = await Promise.all([1, 2, 3].map((n) => createUser(database, { name: `Fan ${n}` })));
    for (const fan of fans) await saveMarket(database.db, fan.id, popular.id);
    expect(await savedCounts(database.db, [popular.id, quiet.id])).toEqual(new Map([[popular.id, 3]]));
    const listed = await ownedMarkets(database.db, owner.id, TODAY);
    expect(listed.map((market) => [market.name, market.saves])).toEqual([
      ["Populært Marked", 3],
      ["Stille Marked", 0],
    ]);
  });

  it("feeds the saved markets' dates as iCalendar, a cancelled one as cancelled; a new address ends the old", async () => {
    const user = await createUser(database, { name: "Kalender Karl" });
    const market = await createTestMarket(database, { name: "Feedmarkedet", schedules: [oneDay("2027-03-06"), oneDay("2027-03-13")] });
    const other = await createTestMarket(database, { name: "Ikke Gemt", schedules: [oneDay("2027-03-06")] });
    await saveMarket(database.db, user.id, market.id);
    const token = await feedToken(database.db, user.id);
    expect(await feedToken(database.db, user.id)).toBe(token);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    await database.db
      .updateTable("market_occurrences")
      .set({ status: "cancelled", note: "Pinse" })
      .where("market_id", "=", market.id)
      .where("local_date", "=", "2027-03-13")
      .execute();
    const occurrences = await savedFeedOccurrences(database.db, token, TODAY);
    expect(occurrences!.map((occurrence) => [occurrence.market.name, occurrence.date, occurrence.status])).toEqual([
      ["Feedmarkedet", "2027-03-06", "scheduled"],
      ["Feedmarkedet", "2027-03-13", "cancelled"],
    ]);
    expect(occurrences!.some((occurrence) => occurrence.market.id === other.id)).toBe(false);

    const answer = await savedFeedResponse(database.db, token, { baseUrl: BASE_URL, now: new Date("2027-03-01T09:00:00Z") });
    expect(answer.status).toBe(200);
    expect(answer.headers["Cache-Control"]).toBe("private, no-store");
    expect(answer.headers["X-Robots-Tag"]).toBe("noindex, nofollow");
    const events = ICAL.Component.fromString(answer.body)
      .getAllSubcomponents("vevent")
      .map((event) => new ICAL.Event(event));
    expect(events.map((event) => [event.summary, event.startDate.toString().slice(0, 10), event.component.getFirstPropertyValue("status") ?? null])).toEqual([
      ["Feedmarkedet", "2027-03-06", null],
      ["Feedmarkedet", "2027-03-13", "CANCELLED"],
    ]);

    const renewed = await renewFeedToken(database.db, user.id);
    expect(renewed).not.toBe(token);
    expect(await savedFeedOccurrences(database.db, token, TODAY)).toBeNull();
    expect((await savedFeedResponse(database.db, token, { baseUrl: BASE_URL })).status).toBe(404);
    expect(await savedFeedOccurrences(database.db, renewed, TODAY)).toHaveLength(2);
    expect(await savedFeedOccurrences(database.db, "../../etc/passwd", TODAY)).toBeNull();
  });

  it("puts the saved markets and the feed's address in the data download, and deleting the account takes both", async () => {
    const user = await createUser(database, { name: "Data Dorte" });
    const market = await createTestMarket(database, { name: "Dataens Marked" });
    await saveMarket(database.db, user.id, market.id, new Date("2027-03-01T10:00:00.000Z"));
    const token = await feedToken(database.db, user.id);

    const exported = await assembleAccountExport(database.db, user.id, { baseUrl: BASE_URL });
    expect(exported!.savedMarkets).toEqual([{ marketId: market.id, name: "Dataens Marked", url: `${BASE_URL}/markeder/${market.slug}`, savedAt: "2027-03-01T10:00:00.000Z" }]);
    expect(exported!.savedMarketsFeed).toEqual({ token, url: `${BASE_URL}/gemte-markeder/kalender/${token}.ics` });

    // The auth library deletes the user row; the saved rows and the feed go with it.
    await database.db.deleteFrom("user").where("id", "=", user.id).execute();
    expect(await database.db.selectFrom("saved_markets").select("market_id").where("user_id", "=", user.id).execute()).toEqual([]);
    expect(await database.db.selectFrom("saved_market_feeds").select("token").where("user_id", "=", user.id).execute()).toEqual([]);
    expect(await savedFeedOccurrences(database.db, token, TODAY)).toBeNull();
  });
});
