import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import {
  bumpCacheGeneration,
  forgetOldPageInvalidations,
  invalidatePages,
  latestPageInvalidation,
  onCacheInvalidation,
  pollCacheInvalidations,
  readCacheGeneration,
  type CacheInvalidation,
} from "../../app/lib/cache-generation.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

const kind = inject("testDatabase").kind;

/** What this instance's listeners are told while `write` runs. */
async function toldDuring(write: () => Promise<unknown>): Promise<CacheInvalidation[]> {
  const told: CacheInvalidation[] = [];
  const stop = onCacheInvalidation((change) => told.push(change));
  try {
    await write();
  } finally {
    stop();
  }
  return told;
}

function useDatabase(): () => TestDatabase {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });
  return () => database;
}

describe(`page cache generation on ${kind}`, () => {
  const database = useDatabase();

  it("starts at 0 and counts every write to public data, telling this instance at once", async () => {
    const { db } = database();
    expect(await readCacheGeneration(db)).toBe(0);
    const told = await toldDuring(async () => {
      await bumpCacheGeneration(db);
      await bumpCacheGeneration(db);
      await Promise.all([bumpCacheGeneration(db), bumpCacheGeneration(db)]);
    });
    expect(await readCacheGeneration(db)).toBe(4);
    expect(told).toEqual(Array.from({ length: 4 }, () => ({ kind: "all" })));
  });
});

describe(`pages invalidated by path on ${kind}`, () => {
  const database = useDatabase();

  it("tells this instance at once and leaves a row per path for the other instances, without a new generation", async () => {
    const { db } = database();
    const told = await toldDuring(async () => {
      await invalidatePages(db, ["/community", "/community/topic/7", "/community"]);
      await invalidatePages(db, []);
    });
    expect(told).toEqual([{ kind: "paths", paths: ["/community", "/community/topic/7"] }]);
    const rows = await db.selectFrom("page_invalidations").select(["id", "path"]).orderBy("id").execute();
    expect(rows.map((row) => row.path)).toEqual(["/community", "/community/topic/7"]);
    expect(await latestPageInvalidation(db)).toBe(rows[1]!.id);
    // Not a new generation: the map's markers, the landing data and the sitemap's data stay.
    expect(await readCacheGeneration(db)).toBe(0);
  });

  it("refuses what is not a pathname before it writes anything", async () => {
    const { db } = database();
    const before = await latestPageInvalidation(db);
    for (const wrong of ["community", "/community?side=2", "/community#svar", `/${"x".repeat(400)}`]) {
      const told = await toldDuring(() => expect(invalidatePages(db, ["/register", wrong])).rejects.toThrow(/pathnames/));
      expect(told).toEqual([]);
    }
    expect(await latestPageInvalidation(db)).toBe(before);
  });

  it("writes many paths in parts", async () => {
    const { db } = database();
    const before = await latestPageInvalidation(db);
    const paths = Array.from({ length: 1203 }, (_, topic) => `/community/topic/${topic}`);
    const told = await toldDuring(() => invalidatePages(db, paths));
    expect(told).toEqual([{ kind: "paths", paths }]);
    const written = await db.selectFrom("page_invalidations").select("path").where("id", ">", before).orderBy("id").execute();
    expect(written.map((row) => row.path)).toEqual(paths);
  });

  it("forgets the rows of more than a day ago, and no others", async () => {
    const { db } = database();
    const count = async () =>
      Number(
        (
          await db
            .selectFrom("page_invalidations")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const now = new Date("2031-03-10T12:00:00.000Z");
    const before = await count();
    await invalidatePages(db, ["/community/topic/1"], new Date("2031-03-09T11:59:59.000Z"));
    await invalidatePages(db, ["/community/topic/2"], new Date("2031-03-09T12:00:01.000Z"));
    // Everything from the tests above (written today) is older than a day on 10 March 2031 too.
    expect(await forgetOldPageInvalidations(db, now)).toBe(before + 1);
    expect(await count()).toBe(1);
  });
});

describe(`an instance's poll of the invalidations on ${kind}`, () => {
  const database = useDatabase();

  it("empties everything at first, then names the paths written since, once", async () => {
    const { db } = database();
    await invalidatePages(db, ["/community/topic/1"]);
    const poll = pollCacheInvalidations(db);
    expect(await poll()).toEqual({ kind: "all" });
    expect(await poll()).toBeNull();
    await invalidatePages(db, ["/community", "/community/topic/2"]);
    await invalidatePages(db, ["/community"]);
    expect(await poll()).toEqual({ kind: "paths", paths: ["/community", "/community/topic/2"] });
    expect(await poll()).toBeNull();
  });

  it("empties everything when the generation moved, whatever paths came with it", async () => {
    const { db } = database();
    const poll = pollCacheInvalidations(db);
    await poll();
    await invalidatePages(db, ["/community"]);
    await bumpCacheGeneration(db);
    expect(await poll()).toEqual({ kind: "all" });
    expect(await poll()).toBeNull();
  });

  it("empties everything when more paths came than it reads at once, and reads on after them", async () => {
    const { db } = database();
    const poll = pollCacheInvalidations(db, { maxPaths: 3 });
    await poll();
    await invalidatePages(db, ["/a", "/b", "/c"]);
    expect(await poll()).toEqual({ kind: "paths", paths: ["/a", "/b", "/c"] });
    await invalidatePages(db, ["/a", "/b", "/c", "/d"]);
    expect(await poll()).toEqual({ kind: "all" });
    expect(await poll()).toBeNull();
    await invalidatePages(db, ["/e"]);
    expect(await poll()).toEqual({ kind: "paths", paths: ["/e"] });
  });

  it("starts afresh after a failed read", async () => {
    const { db } = database();
    const poll = pollCacheInvalidations(db);
    await poll();
    await db.schema.alterTable("page_invalidations").renameTo("page_invalidations_away").execute();
    try {
      await expect(poll()).rejects.toThrow();
    } finally {
      await db.schema.alterTable("page_invalidations_away").renameTo("page_invalidations").execute();
    }
    expect(await poll()).toEqual({ kind: "all" });
    expect(await poll()).toBeNull();
  });
});

describe(`ids that come out of order on ${kind}`, () => {
  const database = useDatabase();
  // Rows written with their ids, as two instances' inserts committing in the other order leave them.
  const insert = (id: number, path: string) => database().db.insertInto("page_invalidations").values({ id, path, created_at: new Date().toISOString() }).execute();

  it("reads a row committed after a newer one, and lets a missing id go after a minute", async () => {
    const { db } = database();
    let now = Date.parse("2031-03-10T12:00:00.000Z");
    const poll = pollCacheInvalidations(db, { now: () => now });
    await insert(1000, "/a");
    await poll();
    await insert(1003, "/d");
    expect(await poll()).toEqual({ kind: "paths", paths: ["/d"] });
    await insert(1001, "/b");
    expect(await poll()).toEqual({ kind: "paths", paths: ["/b"] });
    expect(await poll()).toBeNull();
    now += 61_000;
    expect(await poll()).toBeNull();
    // 1002 is no longer looked for.
    await insert(1002, "/c");
    expect(await poll()).toBeNull();
  });

  it("empties everything when the ids begin again below the last one it read", async () => {
    const { db } = database();
    const poll = pollCacheInvalidations(db);
    await poll();
    await db.deleteFrom("page_invalidations").execute();
    await insert(1, "/a");
    expect(await poll()).toEqual({ kind: "all" });
    await insert(2, "/b");
    expect(await poll()).toEqual({ kind: "paths", paths: ["/b"] });
  });
});
