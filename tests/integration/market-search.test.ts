import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { byteOrder, containsText, dialectOf, toNumber } from "../../app/lib/db/dialect.server";
import { MARKET_TEXT_INDEX } from "../../app/markets/search/text-query.server";
import { fullTextMatch } from "../../app/search/full-text.server";
import { findMarkets } from "../../app/register/market-list.server";
import { indexMarkets, rebuildSearchIndex, searchDb } from "../../app/markets/search/index.server";
import { FIXTURE_MARKETS, FIXTURE_TODAY, insertFixtureMarkets } from "../fixtures/markets";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

const { kind } = inject("testDatabase");

describe(`Danish market search on ${kind}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await insertFixtureMarkets(database.db);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  const search = async (text: string) => {
    const page = await findMarkets(database.db, { text }, { today: FIXTURE_TODAY, pageSize: 100 });
    expect(page.total).toBe(page.items.length);
    return page.items.map((item) => item.slug);
  };
  const published = (predicate: (market: (typeof FIXTURE_MARKETS)[number]) => boolean) =>
    FIXTURE_MARKETS.filter((m) => (m.status ?? "published") === "published" && predicate(m)).map((m) => m.slug);

  it("finds the same markets for kobenhavn, koebenhavn and København", async () => {
    const plain = await search("kobenhavn");
    expect(plain).toEqual(expect.arrayContaining(["koebenhavns-antikmarked", "kobenhavns-kraemmermarked"]));
    expect(await search("København")).toEqual(plain);
    expect(await search("KOEBENHAVN")).toEqual(plain);
  });

  it("finds 'Loppemarkeder i …' and 'Loppemarkedet …' for loppemarked", async () => {
    const found = await search("loppemarked");
    expect(found).toEqual(expect.arrayContaining(["loppemarkeder-i-christianshavn", "loppemarkedet-ved-kirken"]));
    expect(await search("loppemarkeder")).toEqual(found);
  });

  it("finds every market with a postal code in 8000–8382 for aarhus, also where the text says Århus or only Viby J", async () => {
    const inAarhus = published((m) => m.postal >= 8000 && m.postal <= 8382);
    expect(inAarhus).toEqual(expect.arrayContaining(["loppemarked-i-aarhus", "viby-kraemmermarked"]));
    const found = await search("aarhus");
    expect([...found].sort()).toEqual([...inAarhus].sort());
    expect(found).not.toContain("lystrup-byttedag");
    expect(await search("Århus")).toEqual(found);
    expect(await search("arhus")).toEqual(found);
  });

  it("forgives one typo", async () => {
    const intended = await search("loppemarked");
    expect(intended.length).toBeGreaterThan(10);
    expect(await search("lopemarked")).toEqual(intended);
    expect(await search("loppemarekd")).toEqual(intended);
    expect(await search("kobenhvn")).toEqual(await search("kobenhavn"));
    expect(await search("lopemarkd")).toEqual([]);
  });

  it("matches æ, ø and å written either way", async () => {
    expect(await search("helsingor")).toEqual(["nattemarked-i-helsingoer", "helsingoer-loppemarked"]);
    expect(await search("Helsingør")).toEqual(await search("helsingoer"));
    expect(await search("kraemmermarked")).toEqual(await search("Kræmmermarked"));
    expect(await search("aero")).toEqual(["aeroe-loppemarked"]);
  });

  it("matches the start of a word and the parts of compound words", async () => {
    expect(await search("antik")).toEqual(expect.arrayContaining(["koebenhavns-antikmarked", "aarhus-antik-samlermarked", "naestved-antikmarked"]));
    expect(await search("kobenh")).toEqual(await search("kobenhavn"));
    expect(await search("genbrug")).toEqual(["genbrug-svendborg", "genbrugsbutikken-frederiksberg"]);
  });

  it("requires every word", async () => {
    expect(await search("Århus loppemarked")).toEqual(["loppemarked-i-aarhus", "risskov-loppemarked", "loppemarked-uden-dato"]);
    expect(await search("loppemarked xylofonvrag")).toEqual([]);
  });

  it("ranks a market with the word in its name above one that has it only in its type or text", async () => {
    const found = await search("loppemarked");
    expect(found.at(-1)).toBe("boerneloppemarked-holstebro");
  });

  it("never shows markets that are not published", async () => {
    expect(await search("hemmeligt")).toEqual([]);
  });

  it("treats text of stop words and symbols only as no text", async () => {
    const all = await findMarkets(database.db, {}, { today: FIXTURE_TODAY, pageSize: 100 });
    const stop = await findMarkets(database.db, { text: "i og på !!" }, { today: FIXTURE_TODAY, pageSize: 100 });
    expect(stop.total).toBe(published(() => true).length);
    expect(stop.items.map((i) => i.slug)).toEqual(all.items.map((i) => i.slug));
  });
});

describe(`keeping the search index up to date on ${kind}`, () => {
  let database: TestDatabase;
  let ids: Map<string, string>;
  beforeAll(async () => {
    database = await createTestDatabase();
    ids = await insertFixtureMarkets(database.db);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  const search = async (text: string) => (await findMarkets(database.db, { text }, { today: FIXTURE_TODAY, pageSize: 100 })).items.map((i) => i.slug);
  const vocabulary = async () =>
    Object.fromEntries((await searchDb(database.db).selectFrom("market_search_terms").select(["term", "doc_count"]).execute()).map((r) => [r.term, Number(r.doc_count)]));

  it("finds a renamed market by its new name only after it is indexed again", async () => {
    const id = ids.get("vejle-pladeboers")!;
    await database.db.updateTable("markets").set({ name: "Vejle Vinylmarked", description: "Vinyl og cd'er." }).where("id", "=", id).execute();
    expect(await search("vinylmarked")).toEqual([]);
    await indexMarkets(database.db, [id]);
    expect(await search("vinylmarked")).toEqual(["vejle-pladeboers"]);
    expect(await search("pladebors")).toEqual([]);
  });

  it("drops a market that is no longer published", async () => {
    const id = ids.get("skagen-loppemarked")!;
    expect(await search("skagen")).toEqual(["skagen-loppemarked"]);
    await database.db.updateTable("markets").set({ status: "archived" }).where("id", "=", id).execute();
    await indexMarkets(database.db, [id]);
    expect(await search("skagen")).toEqual([]);
    expect((await vocabulary())["skagen"]).toBeUndefined();
  });

  it("keeps the vocabulary counts equal to a rebuild from nothing", async () => {
    const incremental = await vocabulary();
    expect(incremental["loppemarked"]).toBeGreaterThan(10);
    await rebuildSearchIndex(database.db);
    expect(await vocabulary()).toEqual(incremental);
    expect(await search("vinylmarked")).toEqual(["vejle-pladeboers"]);
  });

  it("forgets a deleted market, also in the engine's own full-text index", async () => {
    const id = ids.get("nuuk-loppemarked")!;
    await database.db.deleteFrom("markets").where("id", "=", id).execute();
    await indexMarkets(database.db, [id]);
    expect(await search("nuuk")).toEqual([]);
    // PostgreSQL keeps the tsvector in the row itself; SQLite's FTS5 index is a table of its own.
    const { rows } =
      kind === "sqlite"
        ? await sql`select rowid from market_search_fts where market_search_fts match '"nuuk"'`.execute(database.db)
        : await sql`select market_id from market_search s where ${fullTextMatch(kind, MARKET_TEXT_INDEX, "s", [[{ term: "nuuk", prefix: false }]])}`.execute(database.db);
    expect(rows).toEqual([]);
  });
});

describe(`the dialect module on ${kind}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("knows which engine it talks to, also inside a transaction", async () => {
    expect(dialectOf(database.db)).toBe(kind);
    await database.db.transaction().execute(async (trx) => expect(dialectOf(trx)).toBe(kind));
  });

  it("reads a count as a number on both engines", async () => {
    const row = await database.db
      .selectFrom("markets")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    expect(toNumber(row.n as string | number)).toBe(0);
  });

  it("sorts text by its bytes, spaces and punctuation included", async () => {
    const names = ["ab", "a b", "a-c", "B", "a", "aa"];
    const values = sql.join(
      names.map((name) => sql`select cast(${name} as varchar(10)) as name`),
      sql` union all `,
    );
    const order = byteOrder(kind, sql.ref("v.name"));
    const { rows } = await sql<{ name: string }>`select v.name from (${values}) v order by ${order}`.execute(database.db);
    expect(rows.map((r) => r.name)).toEqual([...names].sort());
  });

  it("finds plain text inside text, case and pattern characters as written", async () => {
    const test = async (haystack: string, needle: string) => {
      const { rows } = await sql<{ found: unknown }>`select ${containsText(kind, sql`${haystack}`, needle)} as found`.execute(database.db);
      return Boolean(Number(rows[0]!.found) || rows[0]!.found === true);
    };
    expect(await test(" lop marked ", " marked ")).toBe(true);
    expect(await test(" lop marked ", " mark ")).toBe(false);
    expect(await test("100% sikkert", "0%")).toBe(true);
    expect(await test("abc", "a_c")).toBe(false);
  });
});
