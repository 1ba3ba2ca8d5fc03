import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { readCacheGeneration } from "../../app/lib/cache-generation.server";
import { marketInputSchema, type MarketInput } from "../../app/markets/market-input";
import { currentSlugFor } from "../../app/markets/market-detail.server";
import { findMarkets } from "../../app/register/market-list.server";
import { createMarket, updateMarket, upsertImportedMarkets } from "../../app/markets/market-writes.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

const TODAY = "2027-03-01";
const options = { today: TODAY };
const organiser = { userId: "bruger-1" };
const other = { userId: "bruger-2" };

/** A published market as a form would submit it, through the same schema. */
function input(name: string, fields: Record<string, unknown> = {}): MarketInput {
  return marketInputSchema.parse({
    name,
    type: "flea_market",
    postalCode: "8000",
    city: "Aarhus C",
    latitude: "56,15",
    longitude: "10,2",
    status: "published",
    schedules: [{ kind: "rule", startDate: "2027-05-02", rrule: "FREQ=WEEKLY;BYDAY=SU", startTime: "10:00", endTime: "15:00" }],
    ...fields,
  });
}

describe(`writing markets on ${inject("testDatabase").kind}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  const named = (name: string) => database.db.selectFrom("markets").selectAll().where("name", "=", name).orderBy("created_at").orderBy("slug").execute();
  const marketById = (id: string) => database.db.selectFrom("markets").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const datesOf = async (id: string) =>
    (await database.db.selectFrom("market_occurrences").select("local_date").where("market_id", "=", id).orderBy("local_date").execute()).map((row) => row.local_date);
  const found = async (text: string) => (await findMarkets(database.db, { text }, { today: TODAY, pageSize: 100 })).items.map((item) => item.slug);

  it("creates a second market when a person submits the name and postal code of an existing one", async () => {
    const [imported] = await upsertImportedMarkets(database.db, [input("Loppemarked på Torvet")], options);
    // Even the existing market's slug in the input does not make it an edit.
    const created = await createMarket(database.db, input("Loppemarked på Torvet", { slug: imported!.slug }), organiser, options);

    const rows = await named("Loppemarked på Torvet");
    expect(rows.map((row) => [row.slug, row.source, row.owner_id])).toEqual([
      ["loppemarked-paa-torvet-aarhus-c", "import", null],
      ["loppemarked-paa-torvet-aarhus-c-2", "user", organiser.userId],
    ]);
    expect(created).toEqual({ id: rows[1]!.id, slug: "loppemarked-paa-torvet-aarhus-c-2" });
    expect(created.id).not.toBe(imported!.id);
    expect(await datesOf(created.id)).toContain("2027-05-02");
    expect(await found("Loppemarked på Torvet")).toEqual(expect.arrayContaining([imported!.slug, created.slug]));
  });

  it("updates exactly the given market, moves it to its new name's slug, and refreshes occurrences, search and caches", async () => {
    const mine = await createMarket(database.db, input("Byttemarked i Risskov"), organiser, options);
    const theirs = await createMarket(database.db, input("Byttemarked i Risskov"), other, options);
    const theirsBefore = await marketById(theirs.id);
    const generation = await readCacheGeneration(database.db);

    const renamed = input("Julemarked i Risskov", { schedules: [{ kind: "dates", startDate: "2027-12-04", startTime: "10:00", endTime: "16:00" }] });
    const result = await updateMarket(database.db, mine.id, renamed, organiser, options);

    expect(result).toEqual({ found: true, id: mine.id, slug: "julemarked-i-risskov-aarhus-c" });
    const after = await marketById(mine.id);
    expect([after.name, after.slug, after.owner_id]).toEqual(["Julemarked i Risskov", "julemarked-i-risskov-aarhus-c", organiser.userId]);
    expect(await currentSlugFor(database.db, mine.slug)).toBe("julemarked-i-risskov-aarhus-c");
    expect(await marketById(theirs.id)).toEqual(theirsBefore);
    expect(await datesOf(mine.id)).toEqual(["2027-12-04"]);
    expect(await found("Julemarked i Risskov")).toEqual([after.slug]);
    expect(await found("Byttemarked i Risskov")).toEqual([theirs.slug]);
    expect(await readCacheGeneration(database.db)).toBe(generation + 1);
  });

  it("keeps the slug when the name still gives it, and gives a market back its own former slug, never another's", async () => {
    const market = await createMarket(database.db, input("Loppemarked i Hasle"), organiser, options);
    const twin = await createMarket(database.db, input("Loppemarked i Hasle"), other, options);
    expect(twin.slug).toBe("loppemarked-i-hasle-aarhus-c-2");
    // Another text, the same name: the slug stays.
    expect(await updateMarket(database.db, twin.id, input("Loppemarked i Hasle", { description: "Nu med kaffe." }), other, options)).toMatchObject({ slug: twin.slug });

    const renamed = await updateMarket(database.db, market.id, input("Hasle Loppemarked"), organiser, options);
    expect(renamed).toMatchObject({ slug: "hasle-loppemarked-aarhus-c" });
    // The twin is renamed to the first market's old name: that slug was the first market's, so the twin gets a new one.
    const twinRenamed = await updateMarket(database.db, twin.id, input("Loppemarked i Hasle Nord"), other, options);
    expect(twinRenamed).toMatchObject({ slug: "loppemarked-i-hasle-nord-aarhus-c" });
    // Back to its first name, the market gets its own first slug again, and the old address works for the new one.
    expect(await updateMarket(database.db, market.id, input("Loppemarked i Hasle"), organiser, options)).toMatchObject({ slug: market.slug });
    expect(await currentSlugFor(database.db, "hasle-loppemarked-aarhus-c")).toBe(market.slug);
    expect(await currentSlugFor(database.db, twin.slug)).toBe("loppemarked-i-hasle-nord-aarhus-c");
  });

  it("reports an unknown id as not found and writes nothing", async () => {
    const count = async (table: "markets" | "market_schedules" | "market_occurrences") =>
      Number(
        (
          await database.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = [await count("markets"), await count("market_schedules"), await count("market_occurrences"), await readCacheGeneration(database.db)];

    const result = await updateMarket(database.db, "00000000-0000-0000-0000-000000000000", input("Spøgelsesmarked"), organiser, options);

    expect(result).toEqual({ found: false });
    expect([await count("markets"), await count("market_schedules"), await count("market_occurrences"), await readCacheGeneration(database.db)]).toEqual(before);
    expect(await named("Spøgelsesmarked")).toEqual([]);
  });

  it("lets the importer update by slug or by name and postal code, with one cache bump per import", async () => {
    const [first, second] = await upsertImportedMarkets(database.db, [input("Kræmmermarked i Viby"), input("Antikmarked i Viby")], options);
    const generation = await readCacheGeneration(database.db);

    const saved = await upsertImportedMarkets(
      database.db,
      [input("Kræmmermarked i Viby", { description: "Nu med kaffe." }), input("Antik- og samlermarked i Viby", { slug: second!.slug })],
      options,
    );

    expect(saved).toEqual([
      { id: first!.id, slug: first!.slug, action: "updated" },
      { id: second!.id, slug: second!.slug, action: "updated" },
    ]);
    expect((await marketById(first!.id)).description).toBe("Nu med kaffe.");
    expect((await marketById(second!.id)).name).toBe("Antik- og samlermarked i Viby");
    expect(await readCacheGeneration(database.db)).toBe(generation + 1);
  });
});
