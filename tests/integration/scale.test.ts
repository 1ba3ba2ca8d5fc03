import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { todayInDenmark } from "../../app/lib/dates";
import { openDatabase, type AppDatabase } from "../../app/lib/db/database.server";
import { migrateToLatest } from "../../db/migrations/migrate.server";
import { seedDemoData } from "../../db/seed/seed.server";
import {
  cachedPagesFollowWrites,
  dailyJobOnce,
  liveAcrossInstances,
  pictureOnEveryInstance,
  rateLimitAcrossInstances,
  sessionOnEveryInstance,
  signUp,
  type CheckResult,
  type Person,
} from "../../scripts/scale/checks";
import { startProxiedSite, type ProxiedSite } from "../../scripts/scale/proxied-site";
import { adminQuery, postgresAdminUrl, uniqueName, withDatabaseName } from "../support/test-database";

/**
 * `npm run scale-test`'s properties that need no killing, on two instances of the built server
 * sharing one PostgreSQL database behind nginx: the same checks (scripts/scale/checks.ts), so that
 * a change that breaks running on several machines turns this red, not only the longer script.
 */
const POLL_MS = 300;

describe("two instances behind nginx, one database", () => {
  let databaseName: string;
  let database: AppDatabase;
  let site: ProxiedSite;
  let writer: Person;
  let replier: Person;
  let topicId = 0;

  beforeAll(async () => {
    databaseName = uniqueName("lg_scale");
    await adminQuery(`CREATE DATABASE "${databaseName}"`);
    const databaseUrl = withDatabaseName(postgresAdminUrl(), databaseName);
    database = openDatabase(databaseUrl, { poolSize: 2 });
    await migrateToLatest(database.db);
    // Not claiming the day's job, as a start would: the instances share it out.
    await seedDemoData(database.db, { today: todayInDenmark(), count: 40 });
    site = await startProxiedSite({ instances: 2, databaseUrl, env: { RATE_LIMIT_CONTACT: "3/3600", EMAIL_VERIFICATION: "0", CACHE_POLL_MS: String(POLL_MS) } });
    [writer, replier] = [await signUp(site.url, "Skala Skribent"), await signUp(site.url, "Skala Svarer")];
  }, 120_000);

  afterAll(async () => {
    await site?.stop();
    await database?.close();
    if (databaseName) await adminQuery(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
  });

  const held = (result: CheckResult) => expect(result.ok, `${result.property}: ${result.figures}`).toBe(true);

  test("a session made through one instance is valid on the other", async () => {
    held(await sessionOnEveryInstance(site, writer));
  });

  test("a rate limit counts one visitor across instances by the address nginx passes on", async () => {
    held(await rateLimitAcrossInstances(site));
  });

  test("a change made through one instance reaches the other's cached page within the poll", async () => {
    const market = await database.db.selectFrom("markets").select("slug").where("status", "=", "published").orderBy("id").limit(1).executeTakeFirstOrThrow();
    const result = await cachedPagesFollowWrites(site, writer, market.slug, POLL_MS);
    topicId = result.topicId;
    held(result);
  });

  test("an uploaded picture is served by each instance", async () => {
    held(await pictureOnEveryInstance(site, writer, database));
  });

  test("a reply written through one instance reaches a live stream the other holds", async () => {
    expect(topicId).toBeGreaterThan(0);
    held(await liveAcrossInstances(site, replier, topicId));
  });

  test("the daily job ran on one instance only", () => {
    held(dailyJobOnce(site));
  });
});
