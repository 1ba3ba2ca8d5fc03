import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { importFile } from "../../app/import/import-file.server";
import { readImportRow } from "../../app/import/rows";
import { upsertImportedMarkets } from "../../app/markets/market-writes.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/import");
const TODAY = "2027-03-01";

describe(`importing markets into ${inject("testDatabase").kind}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  const markets = () => database.db.selectFrom("markets").selectAll().orderBy("name").execute();

  it("creates every good row with coordinates, schedules and occurrences", async () => {
    const summary = await importFile(database.db, path.join(FIXTURES, "good.csv"), { today: TODAY });
    expect(summary).toEqual({ rows: 4, created: 4, updated: 0, rejected: [] });
    const rows = await markets();
    expect(rows.map((row) => [row.name, row.source, row.status])).toEqual([
      ["Antikmarked Silkeborg", "import", "published"],
      ["Genbrug Vesterbro", "import", "published"],
      ["Kræmmermarked i Ribe", "import", "published"],
      ["Loppemarked på Ryesgade", "import", "published"],
    ]);
    // Looked up offline by postal code: Aarhus C lies near 56.15 N, 10.2 E.
    const aarhus = rows.find((row) => row.city === "Aarhus C")!;
    expect(Number(aarhus.latitude)).toBeCloseTo(56.15, 1);
    expect(Number(aarhus.longitude)).toBeCloseTo(10.2, 1);
    expect(aarhus.slug).toBe("loppemarked-paa-ryesgade-aarhus-c");

    const occurrences = await database.db
      .selectFrom("market_occurrences")
      .innerJoin("markets", "markets.id", "market_occurrences.market_id")
      .select(["markets.name", "market_occurrences.local_date", "market_occurrences.end_date", "market_occurrences.status"])
      .execute();
    const of = (name: string) => occurrences.filter((row) => row.name === name);
    expect(of("Genbrug Vesterbro")).toEqual([]);
    expect(of("Kræmmermarked i Ribe")).toEqual([{ name: "Kræmmermarked i Ribe", local_date: "2027-07-16", end_date: "2027-07-18", status: "scheduled" }]);
    expect(of("Antikmarked Silkeborg").find((row) => row.local_date === "2027-08-07")?.status).toBe("cancelled");
    expect(of("Loppemarked på Ryesgade").length).toBeGreaterThan(20);
  });

  it("updates the same markets on a second import instead of duplicating them", async () => {
    const summary = await importFile(database.db, path.join(FIXTURES, "good.csv"), { today: TODAY });
    expect(summary).toMatchObject({ created: 0, updated: 4, rejected: [] });
    expect(await markets()).toHaveLength(4);
  });

  it("imports JSON too", async () => {
    const summary = await importFile(database.db, path.join(FIXTURES, "markets.json"), { today: TODAY });
    expect(summary).toMatchObject({ rows: 1, created: 1, rejected: [] });
  });

  it("writes the good rows of a bad file and explains every rejected one", async () => {
    const summary = await importFile(database.db, path.join(FIXTURES, "bad.csv"), { today: TODAY });
    expect(summary.created).toBe(1);
    expect(summary.rejected.map((row) => row.row)).toEqual([2, 3, 4, 5, 6, 7]);
    const reasons = Object.fromEntries(summary.rejected.map((row) => [row.name, row.errors.join(" | ")]));
    expect(reasons["Hestemarked"]).toMatch(/^type: "hestemarked" er ikke en markedstype/);
    expect(reasons["Forkert postnummer"]).toContain("postnummer: Skriv et postnummer med fire cifre, fx 8000, eller et færøsk som FO-100.");
    expect(reasons["Ukendt by"]).toContain('by: "Atlantis" (5999) findes ikke i bylisten');
    expect(reasons["Dårlige felter"]).toMatch(/inde_ude.*faciliteter.*hjemmeside.*email/s);
    expect(reasons["Lukker før åbning"]).toMatch(/lukker|aabner/);
    expect(reasons["Ok Marked"]).toBe("Samme marked som række 1; kun den første bruges.");
    expect((await markets()).map((row) => row.name)).not.toContain("Hestemarked");
  });

  it("writes nothing at all when saving fails half-way", async () => {
    const good = readImportRow({
      navn: "Halvt Marked",
      type: "loppemarked",
      postnummer: "5000",
      by: "Odense",
      breddegrad: "55.4",
      laengdegrad: "10.4",
      plan: "hver lørdag kl. 10-14",
    });
    if (!good.ok) throw new Error(good.errors.join());
    const broken = { ...good.input, name: "Ødelagt Marked", schedules: [{ kind: "rule" as const, startDate: TODAY, rrule: "FREQ=BOGUS", startTime: "10:00", endTime: "14:00" }] };
    const before = (await markets()).length;
    await expect(upsertImportedMarkets(database.db, [good.input, broken], { today: TODAY })).rejects.toThrow();
    expect((await markets()).length).toBe(before);
  });
});
