import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { openDatabase } from "../../app/lib/db/database.server";
import { migrateToLatest } from "../../db/migrations/migrate.server";
import { adminQuery, createTestDatabase, postgresAdminUrl, uniqueName, withDatabaseName, type TestDatabase } from "../support/test-database";

const { kind } = inject("testDatabase");

describe(`database on ${kind}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  it("is the kind this project asked for", () => {
    expect(database.kind).toBe(kind);
  });

  it("starts from the migrated template, so migrating again does nothing", async () => {
    expect(await migrateToLatest(database.db)).toEqual([]);
  });

  it("inserts and reads a row", async () => {
    const now = new Date("2026-11-21T10:00:00.000Z").toISOString();
    await database.db.insertInto("site_state").values({ key: "cache-generation", value: "7", updated_at: now }).execute();
    const row = await database.db.selectFrom("site_state").selectAll().where("key", "=", "cache-generation").executeTakeFirstOrThrow();
    expect(row).toEqual({ key: "cache-generation", value: "7", updated_at: now });
  });

  it("refuses a second row with the same key", async () => {
    const row = { key: "dublet", value: "1", updated_at: new Date().toISOString() };
    await database.db.insertInto("site_state").values(row).execute();
    await expect(database.db.insertInto("site_state").values(row).execute()).rejects.toThrow();
  });

  it("answers a ping", async () => {
    expect(await database.ping()).toBe(true);
  });
});

describe(`migrations on an empty ${kind} database`, () => {
  it("create every table, once", async () => {
    let url: string;
    let cleanup: () => Promise<void>;
    if (kind === "sqlite") {
      const dir = mkdtempSync(path.join(tmpdir(), "lg-migrate-"));
      url = `file:${path.join(dir, "empty.db")}`;
      cleanup = async () => rmSync(dir, { recursive: true, force: true });
    } else {
      const name = uniqueName(`${inject("testDatabase").prefix}_empty`);
      await adminQuery(`CREATE DATABASE "${name}"`);
      url = withDatabaseName(postgresAdminUrl(), name);
      cleanup = async () => void (await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    }
    const empty = openDatabase(url);
    try {
      expect(await migrateToLatest(empty.db)).toEqual([
        "auth:user",
        "auth:session",
        "auth:account",
        "auth:verification",
        "0001_platform",
        "0002_markets",
        "0003_market_search",
        "0004_market_search_type_place",
        "0005_profiles",
        "0006_contact_messages",
        "0007_measurements",
        "0008_market_openings",
        "0009_market_openings_filters",
        "0010_market_views",
        "0011_market_submissions",
        "0012_claims_plans_images",
        "0013_saved_markets",
        "0014_one_open_claim",
        "0015_admin_log_and_blocks",
        "0016_page_invalidations",
        "0017_forum",
        "0018_forum_reading_and_search",
        "0019_contact_message_states",
        "0020_admin_market_pages",
        "0021_live_events",
      ]);
      expect(await migrateToLatest(empty.db)).toEqual([]);
      const tables = (await empty.db.introspection.getTables()).map((table) => table.name).sort();
      expect(tables).toEqual(
        expect.arrayContaining([
          "rate_limits",
          "site_state",
          "markets",
          "market_schedules",
          "market_occurrences",
          "contact_messages",
          "market_openings",
          "admin_log",
          "page_invalidations",
          "forum_topics",
          "forum_posts",
          "forum_topic_users",
          "forum_search_text",
          "contact_message_answers",
        ]),
      );
    } finally {
      await empty.close();
      await cleanup();
    }
  });
});
