import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type AppDatabase } from "../../app/lib/db/database.server";
import { appTables, countRows } from "../../db/backup/app-tables.server";
import { Refusal } from "../../db/backup/refusal";
import { copyDatabase, type CopyResult } from "../../db/copy/copy-database.server";
import { createDemoDatabase } from "../support/demo-database";
import { runScript } from "../support/run-script";
import { startSite, type SiteResponse } from "../support/site";
import { createEmptyDatabase, type EmptyDatabase, type TestDatabase } from "../support/test-database";

/**
 * npm run db:copy (db/copy/): the demo site moved from SQLite to an empty PostgreSQL database has
 * every table with the same rows, the values the two databases store differently converted, the
 * sequences past the copied ids, and serves the same pages. It refuses a target that holds data.
 * SQLite is the source (the demo data is seeded there once a run), so this file stays off
 * ON_BOTH_DATABASES; the target is a PostgreSQL database of its own.
 */

describe("moving the demo site from SQLite to PostgreSQL", () => {
  let source: TestDatabase;
  let target: EmptyDatabase;
  let copy: AppDatabase;
  let copied: CopyResult;

  beforeAll(async () => {
    source = await createDemoDatabase();
    target = await createEmptyDatabase("postgres");
    copied = await copyDatabase(source.url, target.url);
    copy = openDatabase(target.url, { poolSize: 2 });
  }, 120_000);

  afterAll(async () => {
    await copy?.close();
    await source?.destroy();
    await target?.remove();
  });

  it("copies every table of the site with the same number of rows", async () => {
    const tables = await appTables(source.db);
    expect(copied.tables.map((row) => row.table).sort()).toEqual(tables);
    expect(copied.tables.filter((row) => row.source !== row.target)).toEqual([]);
    // Counted again here, on both sides, rather than taken from the copy's own report.
    const sourceCounts = await countRows(source.db, tables);
    expect(await countRows(copy.db, tables)).toEqual(sourceCounts);
    expect(sourceCounts.get("markets")).toBeGreaterThan(2000);
    expect(sourceCounts.get("forum_posts")).toBeGreaterThan(100);
    // Migrated first; the migrator's own record is the target's, not copied.
    expect(copied.migrated).toContain("0001_platform");
    expect(tables).not.toContain("kysely_migration");
  });

  it("converts what the two databases store differently, and moves the sequences past the copied ids", async () => {
    const [person] = await source.db.selectFrom("user").select(["id", "emailVerified", "createdAt"]).orderBy("id").limit(1).execute();
    expect(person).toMatchObject({ emailVerified: 1, createdAt: expect.stringMatching(/Z$/) });
    const copiedPerson = await copy.db.selectFrom("user").select(["emailVerified", "createdAt"]).where("id", "=", person!.id).executeTakeFirstOrThrow();
    expect(copiedPerson.emailVerified).toBe(true);
    expect(copiedPerson.createdAt).toEqual(new Date(person!.createdAt));

    // PostgreSQL made its search vectors from the copied text (SQLite's FTS5 tables are not copied).
    const { rows: vectors } = await sql<{ n: string }>`select count(*) as n from market_search_text where tsv is not null`.execute(copy.db);
    expect(Number(vectors[0]!.n)).toBe((await countRows(source.db, ["market_search_text"])).get("market_search_text"));

    const highest = await source.db
      .selectFrom("forum_topics")
      .select((eb) => eb.fn.max("id").as("id"))
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const added = await copy.db
      .insertInto("forum_topics")
      .values({ category_slug: "generelt", title: "Efter flytningen", state: "published", created_at: now, last_posted_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(added.id).toBe(Number(highest.id) + 1);
    await copy.db.deleteFrom("forum_topics").where("id", "=", added.id).execute();
  });

  it("refuses a target that already holds data, and leaves it as it was", async () => {
    const tables = await appTables(copy.db);
    const before = await countRows(copy.db, tables);
    const again = copyDatabase(source.url, target.url);
    await expect(again).rejects.toBeInstanceOf(Refusal);
    await expect(again).rejects.toThrow(/^Måldatabasen indeholder allerede data \(\w+: [\d.]+ rækker, .+\)\. npm run db:copy flytter kun til en tom database/);
    expect(await countRows(copy.db, tables)).toEqual(before);

    const dataDir = mkdtempSync(path.join(tmpdir(), "lg-copy-"));
    const command = await runScript("scripts/db-copy.ts", ["--til", target.url], { DATABASE_URL: source.url, DATA_DIR: dataDir, SESSION_SECRET: "kopi-test" });
    rmSync(dataDir, { recursive: true, force: true });
    expect(command).toMatchObject({ code: 2, stderr: expect.stringMatching(/^Måldatabasen indeholder allerede data \(.+\)\. npm run db:copy flytter kun til en tom database/) });
    expect(command.stdout).toMatch(/^Kopierer SQLite \(file:.+\) til postgres:\/\/.+ …\n$/);
  });

  it("serves the same front page, register and market page from the copy as from the source", async () => {
    const [fromSource, fromCopy] = await Promise.all([startSite({ env: { DATABASE_URL: source.url } }), startSite({ env: { DATABASE_URL: target.url } })]);
    try {
      const both = async (page: string): Promise<[SiteResponse, SiteResponse]> => {
        const answers = await Promise.all([fromSource.get(page), fromCopy.get(page)]);
        expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
        return answers;
      };
      const marketNames = (answer: SiteResponse) => answer.html.all("main article h2, main article h3").map((heading) => heading.text.trim());

      for (const page of ["/", "/register"]) {
        const [original, moved] = await both(page);
        expect(marketNames(original).length).toBeGreaterThan(0);
        expect(marketNames(moved)).toEqual(marketNames(original));
      }
      const [register] = await both("/register");
      const marketPage = register.html.one('main article a[href^="/markeder/"]')!.getAttribute("href")!;
      const [original, moved] = await both(marketPage);
      expect(moved.html.h1s()).toEqual(original.html.h1s());
      expect(moved.html.h1s()).toHaveLength(1);
    } finally {
      await Promise.all([fromSource.close(), fromCopy.close()]);
    }
  }, 60_000);
});
