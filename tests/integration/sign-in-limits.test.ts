import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { beginSignIn, SLOWDOWN_MAX_MS, type SignInLimits } from "../../app/auth/auth-rate-limits.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

const { kind } = inject("testDatabase");
const rules: SignInLimits = {
  perClient: { limit: 5, windowSeconds: 600 },
  perClientAndEmail: { limit: 3, windowSeconds: 600 },
  perEmail: { limit: 4, windowSeconds: 600 },
};
const now = new Date(Date.UTC(2026, 10, 24, 12, 0, 0));

describe(`sign-in limits on ${kind}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  /** One attempt that turns out `outcome`; its verdict. */
  async function attempt(clientAddress: string, email: string, outcome: "right" | "wrong") {
    const begun = await beginSignIn(database.db, { clientAddress, email }, rules, now);
    if (begun.allowed) await begun.settle(outcome);
    return begun;
  }

  it("wrong passwords stop the client that sent them, not the owner elsewhere", async () => {
    const verdicts = [];
    for (let i = 0; i < 4; i++) verdicts.push((await attempt("10.0.0.1", "ejer@example.dk", "wrong")).allowed);
    expect(verdicts).toEqual([true, true, true, false]);
    expect((await attempt("10.0.0.2", "ejer@example.dk", "right")).allowed).toBe(true);
  });

  it("a client that guesses at many addresses is stopped by its own total", async () => {
    const verdicts = [];
    for (let i = 0; i < 6; i++) verdicts.push((await attempt("10.0.1.1", `nr${i}@example.dk`, "wrong")).allowed);
    expect(verdicts).toEqual([true, true, true, true, true, false]);
  });

  it("a right password costs the client nothing", async () => {
    const verdicts = [];
    for (let i = 0; i < 8; i++) verdicts.push((await attempt("10.0.2.1", "flittig@example.dk", "right")).allowed);
    expect(verdicts.every(Boolean)).toBe(true);
  });

  it("guesses at one address from many clients slow its answers down, and never refuse them", async () => {
    const delays = [];
    for (let i = 0; i < 8; i++) {
      const begun = await attempt(`10.0.3.${i}`, "udsat@example.dk", "wrong");
      expect(begun.allowed).toBe(true);
      if (begun.allowed) delays.push(begun.delayMs);
    }
    expect(delays).toEqual([0, 0, 0, 0, 500, 1000, 1500, 2000]);
    const owner = await beginSignIn(database.db, { clientAddress: "10.0.3.200", email: "udsat@example.dk" }, rules, now);
    expect(owner).toMatchObject({ allowed: true, delayMs: 2500 });
    expect(SLOWDOWN_MAX_MS).toBe(5000);
  });

  it("attempts sent together are each counted before any is checked", async () => {
    // Only the per-address limit in play: with both, the two counts of concurrent attempts interleave
    // in any order, and which attempts pass both (never more than 3) depends on it.
    const pairOnly = { ...rules, perClient: { limit: 100, windowSeconds: 600 } };
    const together = await Promise.all(Array.from({ length: 10 }, () => beginSignIn(database.db, { clientAddress: "10.0.4.1", email: "samtidig@example.dk" }, pairOnly, now)));
    expect(together.filter((verdict) => verdict.allowed)).toHaveLength(3);
  });
});
