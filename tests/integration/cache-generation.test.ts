import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { bumpCacheGeneration, onCacheGenerationBump, readCacheGeneration } from "../../app/lib/cache-generation.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

describe(`page cache generation on ${inject("testDatabase").kind}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  it("starts at 0 and counts every write to public data, telling this instance at once", async () => {
    let told = 0;
    const stop = onCacheGenerationBump(() => told++);
    expect(await readCacheGeneration(database.db)).toBe(0);
    await bumpCacheGeneration(database.db);
    await bumpCacheGeneration(database.db);
    await Promise.all([bumpCacheGeneration(database.db), bumpCacheGeneration(database.db)]);
    stop();
    expect(await readCacheGeneration(database.db)).toBe(4);
    expect(told).toBe(4);
  });
});
