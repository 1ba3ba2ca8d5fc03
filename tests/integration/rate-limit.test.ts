import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { forgetEndedRateLimitWindows, hitRateLimit, parseRateLimit } from "../../app/lib/rate-limit.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

const { kind } = inject("testDatabase");
const rule = { limit: 3, windowSeconds: 60 };
const at = (seconds: number) => new Date(Date.UTC(2026, 10, 21, 12, 0, seconds));

describe(`rate limits stored in ${kind}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  it("allows the limit and refuses the next, with the seconds left in the window", async () => {
    const results = [];
    for (const second of [0, 1, 2, 10]) results.push(await hitRateLimit(database.db, "form:a", rule, at(second)));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results.map((r) => r.hits)).toEqual([1, 2, 3, 4]);
    expect(results[3]?.retryAfterSeconds).toBe(50);
  });

  it("starts a new window when the old one has run out", async () => {
    for (const second of [0, 1, 2, 3]) await hitRateLimit(database.db, "form:b", rule, at(second));
    const later = await hitRateLimit(database.db, "form:b", rule, at(61));
    expect(later).toMatchObject({ allowed: true, hits: 1 });
  });

  it("counts each key on its own", async () => {
    for (const second of [0, 1, 2, 3]) await hitRateLimit(database.db, "form:c", rule, at(second));
    expect((await hitRateLimit(database.db, "form:d", rule, at(4))).allowed).toBe(true);
  });

  it("counts requests that arrive together exactly once each", async () => {
    const burst = await Promise.all(Array.from({ length: 10 }, () => hitRateLimit(database.db, "form:burst", { limit: 5, windowSeconds: 60 }, at(0))));
    expect(burst.filter((r) => r.allowed)).toHaveLength(5);
    expect(burst.map((r) => r.hits).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it("forgets counters a day after their window started, and keeps the younger ones", async () => {
    const day = 24 * 60 * 60 * 1000;
    const now = at(0);
    await hitRateLimit(database.db, "sign-in:ip:192.0.2.1", rule, new Date(now.getTime() - day - 1000));
    await hitRateLimit(database.db, "sign-in:ip:192.0.2.2", rule, new Date(now.getTime() - day + 1000));
    const before = await database.db.selectFrom("rate_limits").select("key").where("key", "like", "sign-in:ip:%").execute();
    expect(before).toHaveLength(2);

    expect(await forgetEndedRateLimitWindows(database.db, now)).toBe(1);
    const after = await database.db.selectFrom("rate_limits").select("key").where("key", "like", "sign-in:ip:%").execute();
    expect(after.map((row) => row.key)).toEqual(["sign-in:ip:192.0.2.2"]);
  });
});

describe("rate limit settings", () => {
  it("reads limit/window from text and falls back on nonsense", () => {
    const fallback = { limit: 20, windowSeconds: 60 };
    expect(parseRateLimit("5/10", fallback)).toEqual({ limit: 5, windowSeconds: 10 });
    expect(parseRateLimit(undefined, fallback)).toBe(fallback);
    expect(parseRateLimit("mange", fallback)).toBe(fallback);
    expect(parseRateLimit("0/10", fallback)).toBe(fallback);
    // Counters are forgotten after a day, so no window may be longer.
    expect(parseRateLimit("5/86400", fallback)).toEqual({ limit: 5, windowSeconds: 86400 });
    expect(parseRateLimit("5/86401", fallback)).toBe(fallback);
  });
});
