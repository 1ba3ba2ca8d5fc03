import { existsSync, readFileSync } from "node:fs";
import { inject } from "vitest";
import { failureOf } from "./demo-template";
import { copySqliteDatabase, type TestDatabase } from "./test-database";

/**
 * The demo data (db/seed) for the request-level files that need a full site: the SEO audit, the
 * landing pages with their markets, the sitemaps. Seeding takes seconds, so setup-sqlite.ts has one
 * template seeded per run, beside the tests (demo-template.ts), and each such file starts on a copy
 * of it (startSite({ demoData: true })). SQLite only: these files check what the site answers,
 * which the database does not change, and the PostgreSQL sweep opens every route there.
 */

declare module "vitest" {
  export interface ProvidedContext {
    /** SQLite: where the migrated template with the demo data appears once seeded (setup-sqlite.ts). */
    demoDatabase: string;
  }
}

/** Longer than seeding takes on two busy cores, shorter than a hook's time limit (vitest.config.ts). */
const SEEDING_WAIT_MS = 50_000;

/** The seeded template, once it is there. */
async function seededTemplate(): Promise<string> {
  const file = inject("demoDatabase");
  const deadline = Date.now() + SEEDING_WAIT_MS;
  while (!existsSync(file)) {
    if (existsSync(failureOf(file))) throw new Error(readFileSync(failureOf(file), "utf8"));
    if (Date.now() > deadline) throw new Error(`The demo data for the tests was not seeded within ${SEEDING_WAIT_MS / 1000} s (${file}).`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return file;
}

/** A fresh copy of the demo-data template for one test file. */
export async function createDemoDatabase(): Promise<TestDatabase> {
  const { kind, prefix } = inject("testDatabase");
  if (kind !== "sqlite") {
    throw new Error(
      "startSite({ demoData: true }) runs on SQLite only: the demo-data template is made by tests/support/setup-sqlite.ts. " +
        "A request-level file that needs the demo data stays off ON_BOTH_DATABASES in vitest.config.ts.",
    );
  }
  return copySqliteDatabase(await seededTemplate(), `${prefix}-demo`);
}
