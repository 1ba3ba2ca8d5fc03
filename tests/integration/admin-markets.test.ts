import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { searchAllMarkets } from "../../app/review/all-markets.server";
import { createTestMarket, createUser, type TestUser } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

const { kind } = inject("testDatabase");

/**
 * The admins' list of every market on both databases: whatever the status, found by name, town or
 * owner in any case of A–Z, the most recently changed first, and one status at a time.
 */
describe(`every market for the admins on ${kind}`, () => {
  let database: TestDatabase;
  let owner: TestUser;

  beforeAll(async () => {
    database = await createTestDatabase();
    owner = await createUser(database, { name: "Kirsten Ejer", email: "kirsten.ejer@example.dk" });
    const markets = [
      { name: "Loppemarked i Hallen", city: "Odense", status: "published" },
      { name: "Kræmmermarked ved Åen", city: "Aarhus", status: "pending" },
      { name: "Julemarked på Torvet", city: "Ribe", status: "draft" },
      { name: "Antikmarked i Laden", city: "Odense", status: "archived" },
    ];
    for (const [index, market] of markets.entries()) {
      const created = await createTestMarket(database, { name: market.name, city: market.city }, { owner: index === 1 ? owner.id : undefined });
      await database.db
        .updateTable("markets")
        .set({ status: market.status, updated_at: new Date(Date.UTC(2026, 10, 1 + index)).toISOString() })
        .where("id", "=", created.id)
        .execute();
    }
  });

  afterAll(async () => {
    await database?.destroy();
  });

  const names = async (query: string, status: Parameters<typeof searchAllMarkets>[1]["status"] = null) =>
    (await searchAllMarkets(database.db, { query, status, offset: 0, limit: 50 })).markets.map((market) => market.name);

  test("every status, the most recently changed first", async () => {
    expect(await names("")).toEqual(["Antikmarked i Laden", "Julemarked på Torvet", "Kræmmermarked ved Åen", "Loppemarked i Hallen"]);
    expect((await searchAllMarkets(database.db, { query: "", status: null, offset: 0, limit: 2 })).total).toBe(4);
  });

  test("by name in any case, by town, by the owner's name or address; and one status", async () => {
    expect(await names("LOPPEMARKED")).toEqual(["Loppemarked i Hallen"]);
    expect(await names("Åen")).toEqual(["Kræmmermarked ved Åen"]);
    expect(await names("odense")).toEqual(["Antikmarked i Laden", "Loppemarked i Hallen"]);
    expect(await names("kirsten")).toEqual(["Kræmmermarked ved Åen"]);
    expect(await names("ejer@example")).toEqual(["Kræmmermarked ved Åen"]);
    expect(await names("odense", "published")).toEqual(["Loppemarked i Hallen"]);
    expect(await names("", "draft")).toEqual(["Julemarked på Torvet"]);
    expect(await names("findes ikke")).toEqual([]);
  });
});
