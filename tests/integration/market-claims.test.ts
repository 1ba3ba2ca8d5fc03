import { DEFAULT_RATE_LIMITS } from "../../app/lib/config.server";
import { randomUUID } from "node:crypto";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { assembleAccountExport } from "../../app/account/account-export.server";
import { releaseUserData } from "../../app/account/deletion.server";
import { createDiskStorage } from "../../app/lib/storage/index.server";
import { findProfile } from "../../app/auth/profiles.server";
import { rolesOf } from "../../app/auth/roles";
import { readCacheGeneration } from "../../app/lib/cache-generation.server";
import translation from "../../app/locales/da/translation.json";
import { claimSchema, type ClaimInput } from "../../app/claims/claim-form";
import { claimQueue } from "../../app/claims/claim-queue.server";
import { forgetOldClaimContacts } from "../../app/claims/claim-retention.server";
import { approveClaim, getClaim, holdsApprovedClaim, marketForClaim, rejectClaim, submitClaim, type Claim } from "../../app/claims/claims.server";
import { setMarketStatus } from "../../app/markets/market-writes.server";
import { runDailyOccurrenceJob } from "../../app/jobs/daily-job.server";
import { createTestMarket, createUser, type TestMarket, type TestUser } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const CLAIM_RULE = DEFAULT_RATE_LIMITS.claims;

const { kind } = inject("testDatabase");
const DAY = 24 * 60 * 60 * 1000;

/**
 * "Er det dit marked?" as the domain decides it (app/claims/), on both databases: one open
 * claim per person and market, what an approval moves and who it turns down, a rejection, the
 * contact details forgotten 90 days after the decision, and the claims in a person's data export
 * and deletion. The pages and mails at the level of requests: market-claims-pages.test.ts.
 */
describe(`claims on markets on ${kind}`, () => {
  let database: TestDatabase;
  let admin: { id: string; roles: ["visitor", "admin"] };

  beforeAll(async () => {
    database = await createTestDatabase();
    const user = await createUser(database, { name: "Anne Admin", admin: true });
    admin = { id: user.id, roles: ["visitor", "admin"] };
  });

  afterAll(async () => {
    await database?.destroy();
  });

  const input = (fields: Partial<Record<"relation" | "contact" | "message", string>> = {}): ClaimInput =>
    claimSchema.parse({ relation: "arrangoer", contact: "12 34 56 78", ...fields });

  async function claimable(market: TestMarket) {
    return (await marketForClaim(database.db, market.slug))!;
  }

  async function claim(user: TestUser, market: TestMarket, fields: Parameters<typeof input>[0] = {}, now = new Date()): Promise<Claim> {
    const outcome = await submitClaim(database.db, user.id, await claimable(market), input(fields), { now, rule: CLAIM_RULE });
    if (outcome.kind !== "sent") throw new Error(`The claim was not sent: ${JSON.stringify(outcome)}`);
    return outcome.claim;
  }

  const ownerOf = async (marketId: string) => (await database.db.selectFrom("markets").select("owner_id").where("id", "=", marketId).executeTakeFirstOrThrow()).owner_id;

  it("holds one open claim per person and market in the database: two sent at once give one claim and the already-sent answer", async () => {
    const person = await createUser(database);
    const market = await createTestMarket(database);
    const target = await claimable(market);
    // Both pass the check before either writes: the unique index (0014_one_open_claim) decides.
    const outcomes = await Promise.all([
      submitClaim(database.db, person.id, target, input(), { rule: CLAIM_RULE }),
      submitClaim(database.db, person.id, target, input(), { rule: CLAIM_RULE }),
    ]);
    const sent = outcomes.filter((outcome) => outcome.kind === "sent");
    expect(sent).toHaveLength(1);
    expect(outcomes.find((outcome) => outcome.kind !== "sent")).toMatchObject({ kind: "refused", state: { kind: "open", claim: { id: sent[0]!.claim.id } } });
    const rows = () => database.db.selectFrom("market_claims").select(["id", "status"]).where("market_id", "=", market.id).where("user_id", "=", person.id).execute();
    expect(await rows()).toHaveLength(1);

    // Written past the check, a second open row is refused by the database itself; a decided one is not.
    const row = {
      market_id: market.id,
      user_id: person.id,
      relation: "andet",
      contact: null,
      message: null,
      reason: null,
      decided_by: null,
      decided_at: null,
      created_at: new Date().toISOString(),
    };
    await expect(
      database.db
        .insertInto("market_claims")
        .values({ ...row, id: randomUUID(), status: "open" })
        .execute(),
    ).rejects.toThrow();
    await database.db
      .insertInto("market_claims")
      .values({ ...row, id: randomUUID(), status: "rejected" })
      .execute();
    expect((await rows()).map((claim) => claim.status).sort()).toEqual(["open", "rejected"]);
  });

  it("keeps one open claim per person and market, and refuses markets with an owner or closed", async () => {
    const [person, other, owner] = await Promise.all([createUser(database), createUser(database), createUser(database)]);
    const market = await createTestMarket(database);
    const first = await claim(person, market, { contact: "Ole@Example.COM", message: "  Jeg er formand.  " });
    expect(first).toMatchObject({ status: "open", relation: "arrangoer", contact: "ole@example.com", message: "Jeg er formand.", decidedBy: null });

    const second = await submitClaim(database.db, person.id, await claimable(market), input(), { rule: CLAIM_RULE });
    expect(second).toMatchObject({ kind: "refused", state: { kind: "open", claim: { id: first.id, createdAt: first.createdAt } } });
    // Someone else may ask for the same market.
    await claim(other, market);

    const owned = await createTestMarket(database, {}, { owner: owner.id });
    expect(await submitClaim(database.db, person.id, await claimable(owned), input(), { rule: CLAIM_RULE })).toEqual({ kind: "refused", state: { kind: "has_owner" } });
    expect(await submitClaim(database.db, owner.id, await claimable(owned), input(), { rule: CLAIM_RULE })).toEqual({ kind: "refused", state: { kind: "own" } });
    const closed = await createTestMarket(database);
    await setMarketStatus(database.db, closed.id, "archived");
    expect(await submitClaim(database.db, person.id, await claimable(closed), input(), { rule: CLAIM_RULE })).toEqual({ kind: "refused", state: { kind: "closed" } });

    // Once turned down, the person may ask again.
    await rejectClaim(database.db, admin, first.id, "Vi kunne ikke bekræfte det.");
    expect((await claim(person, market)).status).toBe("open");
  });

  it("counts a person's claims against a limit", async () => {
    const person = await createUser(database);
    const rule = { limit: 2, windowSeconds: 60 * 60 };
    const outcomes = [];
    for (let i = 0; i < 3; i++) outcomes.push(await submitClaim(database.db, person.id, await claimable(await createTestMarket(database)), input(), { rule }));
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(["sent", "sent", "limited"]);
    expect(outcomes[2]).toMatchObject({ retryAfterSeconds: expect.any(Number) });
  });

  it("approving moves the market, trusts the person with it and with nothing else (no role), and turns down the other open claims", async () => {
    const [person, rival, seller] = await Promise.all([createUser(database), createUser(database), createUser(database, { role: "seller" })]);
    const market = await createTestMarket(database);
    const elsewhere = await createTestMarket(database);
    const approved = await claim(person, market);
    const [rivalClaim, sellerClaim] = [await claim(rival, market), await claim(seller, market)];
    const rivalsOtherClaim = await claim(rival, elsewhere);
    const generation = await readCacheGeneration(database.db);
    const now = new Date("2026-06-01T10:00:00.000Z");

    const result = await approveClaim(database.db, admin, approved.id, { now });

    expect(result.outcome).toBe("approved");
    if (result.outcome !== "approved") return;
    expect(result.claim).toMatchObject({ status: "approved", decidedBy: admin.id, decidedAt: now.toISOString(), reason: null });
    expect(result.rejected.map((claim) => claim.id).sort()).toEqual([rivalClaim.id, sellerClaim.id].sort());
    for (const other of [rivalClaim, sellerClaim]) {
      expect(await getClaim(database.db, other.id)).toMatchObject({
        status: "rejected",
        reason: translation.claims.decision.takenReason,
        decidedBy: admin.id,
        decidedAt: now.toISOString(),
      });
    }
    // A claim on another market is not touched.
    expect((await getClaim(database.db, rivalsOtherClaim.id))!.status).toBe("open");
    expect(await ownerOf(market.id)).toBe(person.id);
    // Trusted with this market: their edits of it go live (trust.server.ts); no role for the next one (decision 0027).
    expect(rolesOf(await findProfile(database.db, person.id))).toEqual(["visitor"]);
    expect(await holdsApprovedClaim(database.db, market.id, person.id)).toBe(true);
    expect(await holdsApprovedClaim(database.db, elsewhere.id, person.id)).toBe(false);
    expect(await holdsApprovedClaim(database.db, market.id, rival.id)).toBe(false);
    expect(rolesOf(await findProfile(database.db, rival.id))).toEqual(["visitor"]);
    expect(rolesOf(await findProfile(database.db, seller.id))).toEqual(["visitor", "seller"]);
    // Cached market pages must drop "Er det dit marked?".
    expect(await readCacheGeneration(database.db)).toBeGreaterThan(generation);
    expect((await claimQueue(database.db, { offset: 0, limit: 100 })).items.map((item) => item.claim.id)).not.toContain(approved.id);

    // Deciding again changes nothing.
    expect(await approveClaim(database.db, admin, approved.id)).toMatchObject({ outcome: "already_decided", claim: { status: "approved" } });
    expect(await rejectClaim(database.db, admin, rivalClaim.id, "Igen")).toMatchObject({ outcome: "already_decided", claim: { reason: translation.claims.decision.takenReason } });
  });

  it("an admin who claims a market stays admin; a claim on a market that got an owner meanwhile cannot be approved", async () => {
    const otherAdmin = await createUser(database, { admin: true });
    const market = await createTestMarket(database);
    const own = await claim(otherAdmin, market);
    expect((await approveClaim(database.db, admin, own.id)).outcome).toBe("approved");
    expect(rolesOf(await findProfile(database.db, otherAdmin.id))).toEqual(["visitor", "admin"]);

    const person = await createUser(database);
    const taken = await createTestMarket(database);
    const late = await claim(person, taken);
    await database.db.updateTable("markets").set({ owner_id: otherAdmin.id }).where("id", "=", taken.id).execute();
    expect(await approveClaim(database.db, admin, late.id)).toEqual({ outcome: "market_has_owner" });
    expect((await getClaim(database.db, late.id))!.status).toBe("open");
    expect(await ownerOf(taken.id)).toBe(otherAdmin.id);
  });

  it("of two admins approving rival claims at once, one wins and the other claim is turned down", async () => {
    const [one, two] = await Promise.all([createUser(database), createUser(database)]);
    const market = await createTestMarket(database);
    const [first, second] = [await claim(one, market), await claim(two, market)];
    const results = await Promise.all([approveClaim(database.db, admin, first.id), approveClaim(database.db, admin, second.id)]);
    expect(results.filter((result) => result.outcome === "approved")).toHaveLength(1);
    const statuses = [(await getClaim(database.db, first.id))!.status, (await getClaim(database.db, second.id))!.status].sort();
    expect(statuses).toEqual(["approved", "rejected"]);
    expect([one.id, two.id]).toContain(await ownerOf(market.id));
  });

  it("rejecting keeps the reason, who and when; the market stays without owner", async () => {
    const person = await createUser(database);
    const market = await createTestMarket(database);
    const open = await claim(person, market);
    const now = new Date("2026-06-02T08:30:00.000Z");
    const result = await rejectClaim(database.db, admin, open.id, "Vi kunne ikke få fat i dig.", { now });
    expect(result).toMatchObject({ outcome: "rejected", claim: { status: "rejected", reason: "Vi kunne ikke få fat i dig.", decidedBy: admin.id, decidedAt: now.toISOString() } });
    expect(await ownerOf(market.id)).toBeNull();
    expect(rolesOf(await findProfile(database.db, person.id))).toEqual(["visitor"]);
    expect(await rejectClaim(database.db, admin, crypto.randomUUID(), "Findes ikke")).toEqual({ outcome: "not_found" });
  });

  it("removes the contact details of claims decided more than 90 days ago, by the daily job too", async () => {
    const person = await createUser(database);
    const now = new Date("2026-09-01T00:00:00.000Z");
    const [oldMarket, recentMarket, openMarket] = await Promise.all([createTestMarket(database), createTestMarket(database), createTestMarket(database)]);
    const old = await claim(person, oldMarket, { contact: "gammel@example.com" }, new Date(now.getTime() - 200 * DAY));
    await rejectClaim(database.db, admin, old.id, "Nej", { now: new Date(now.getTime() - 91 * DAY) });
    const recent = await claim(person, recentMarket, { contact: "ny@example.com" }, new Date(now.getTime() - 200 * DAY));
    await rejectClaim(database.db, admin, recent.id, "Nej", { now: new Date(now.getTime() - 89 * DAY) });
    // An open claim keeps its details however old it is: the admin still needs them.
    const waiting = await claim(person, openMarket, { contact: "venter@example.com" }, new Date(now.getTime() - 200 * DAY));

    // The other tests' claims were decided long enough before this date too.
    expect(await forgetOldClaimContacts(database.db, now)).toBeGreaterThanOrEqual(1);
    expect(await forgetOldClaimContacts(database.db, now)).toBe(0);
    expect(await getClaim(database.db, old.id)).toMatchObject({ contact: null, status: "rejected", reason: "Nej", message: null });
    expect((await getClaim(database.db, recent.id))!.contact).toBe("ny@example.com");
    expect((await getClaim(database.db, waiting.id))!.contact).toBe("venter@example.com");

    // The daily job: two days later the recent one is past 90 days as well.
    expect(await runDailyOccurrenceJob(database.db, pino({ level: "silent" }), "2026-09-03", new Date(now.getTime() + 2 * DAY))).not.toBeNull();
    expect((await getClaim(database.db, recent.id))!.contact).toBeNull();
    expect((await getClaim(database.db, waiting.id))!.contact).toBe("venter@example.com");
  });

  it("a person's claims are in their data export with the contact details, and go with their account", async () => {
    const [person, decider] = await Promise.all([createUser(database), createUser(database, { admin: true })]);
    const market = await createTestMarket(database, { name: "Eksportmarkedet" });
    const open = await claim(person, market, { relation: "forening", contact: "+45 11 22 33 44", message: "Kasserer" });
    const other = await createUser(database);
    const othersClaim = await claim(other, await createTestMarket(database));
    await rejectClaim(database.db, { id: decider.id, roles: ["visitor", "admin"] }, othersClaim.id, "Nej");

    const exported = await assembleAccountExport(database.db, person.id, { baseUrl: "http://localhost:3000" });
    expect(exported!.claims).toEqual([
      {
        id: open.id,
        marketId: market.id,
        marketName: "Eksportmarkedet",
        relation: "forening",
        contact: "+45 11 22 33 44",
        message: "Kasserer",
        status: "open",
        reason: null,
        createdAt: open.createdAt,
        decidedAt: null,
      },
    ]);
    expect((await assembleAccountExport(database.db, other.id, { baseUrl: "http://localhost:3000" }))!.claims.map((claim) => claim.id)).toEqual([othersClaim.id]);

    const store = createDiskStorage(mkdtempSync(path.join(tmpdir(), "lg-claims-")));
    await releaseUserData(database.db, store, person.id);
    expect(await getClaim(database.db, open.id)).toBeNull();
    // The admin who decided someone else's claim leaves; the claim stays, without their id.
    await releaseUserData(database.db, store, decider.id);
    expect(await getClaim(database.db, othersClaim.id)).toMatchObject({ status: "rejected", reason: "Nej", decidedBy: null });
  });
});
