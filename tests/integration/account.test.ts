import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { betterAuth } from "better-auth";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { assembleAccountExport } from "../../app/account/account-export.server";
import { createDiskStorage } from "../../app/lib/storage/index.server";
import { releaseUserData } from "../../app/account/deletion.server";
import { authOptions } from "../../app/auth/auth.server";
import { readCacheGeneration } from "../../app/lib/cache-generation.server";
import { loadConfig } from "../../app/lib/config.server";
import { marketInputSchema } from "../../app/markets/market-input";
import { createMarket } from "../../app/markets/market-writes.server";
import { revisionsOf } from "../../app/revisions/revisions.server";
import { snapshotOf, type MarketSnapshot } from "../../app/revisions/snapshot";
import { approveRevision, rejectRevision } from "../../app/revisions/decisions.server";
import { editMarket, submitMarket } from "../../app/revisions/send.server";
import { authSiteFor } from "../support/auth-site";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

const { kind } = inject("testDatabase");
const PASSWORD = "loppe-hemmelig-42";
const BASE_URL = "http://localhost:3000";

function newAuth(database: TestDatabase, dataDir: string) {
  const settings = loadConfig({
    DATA_DIR: dataDir,
    BASE_URL,
    SESSION_SECRET: randomBytes(32).toString("base64url"),
    // Signing up signs in at once: these tests are about what happens after.
    EMAIL_VERIFICATION: "0",
  });
  const options = authOptions(authSiteFor(database, settings));
  // generateId "uuid" leaves the id to PostgreSQL, whose auth tables (made by getMigrations
  // without that option) have no default for it: ids made here keep these tests about accounts.
  options.advanced = { ...options.advanced, database: { generateId: () => randomUUID() } };
  return betterAuth(options);
}

type Auth = ReturnType<typeof newAuth>;

async function signUp(auth: Auth, label: string) {
  const email = `${label}-${randomBytes(4).toString("hex")}@eksempel.dk`;
  const { headers, response } = await auth.api.signUpEmail({ body: { name: `Navn ${label}`, email, password: PASSWORD }, returnHeaders: true });
  const cookie = headers
    .getSetCookie()
    .map((value) => value.split(";")[0]!)
    .join("; ");
  return { id: response.user.id, email, cookie: new Headers({ cookie }), token: response.token! };
}

async function addMarket(database: TestDatabase, ownerId: string | null, name: string): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await database.db
    .insertInto("markets")
    .values({
      id,
      slug: `${name.toLowerCase().replace(/\W+/g, "-")}-${id.slice(0, 6)}`,
      name,
      sort_name: name.toLowerCase(),
      type: "loppemarked",
      postal_code: 8000,
      city: "Aarhus",
      owner_id: ownerId,
      status: "published",
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** A market's content as an organiser's form sends it. */
function content(name: string, fields: Record<string, unknown> = {}): MarketSnapshot {
  return snapshotOf(
    marketInputSchema.parse({
      name,
      type: "flea_market",
      postalCode: "8000",
      city: "Aarhus C",
      status: "published",
      schedules: [{ kind: "rule", startDate: "2027-01-03", rrule: "FREQ=WEEKLY;BYDAY=SU", startTime: "10:00", endTime: "15:00" }],
      ...fields,
    }),
  );
}

async function addDraft(database: TestDatabase, ownerId: string, name: string): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await database.db
    .insertInto("market_drafts")
    .values({ id, owner_id: ownerId, step: "place", fields: JSON.stringify({ name }), created_at: now, updated_at: now })
    .execute();
  return id;
}

async function ownerOf(database: TestDatabase, marketId: string) {
  const row = await database.db.selectFrom("markets").select("owner_id").where("id", "=", marketId).executeTakeFirstOrThrow();
  return row.owner_id;
}

describe(`accounts on ${kind}`, () => {
  let database: TestDatabase;
  let auth: Auth;
  let dataDir: string;
  let storageDir: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), "lg-account-test-"));
    storageDir = path.join(dataDir, "uploads");
    auth = newAuth(database, dataDir);
  });

  afterAll(async () => {
    await database?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("releaseUserData unclaims the user's markets only, empties the page caches and removes the avatar files", async () => {
    const leaving = await signUp(auth, "forlader");
    const staying = await signUp(auth, "bliver");
    const owned = [await addMarket(database, leaving.id, "Loppe i Gården"), await addMarket(database, leaving.id, "Kræmmer ved Åen")];
    const others = await addMarket(database, staying.id, "Naboens Marked");
    const avatarDir = path.join(storageDir, "avatars", leaving.id);
    mkdirSync(avatarDir, { recursive: true });
    writeFileSync(path.join(avatarDir, `${"a".repeat(32)}-256.webp`), "x");
    const neighbourDir = path.join(storageDir, "avatars", staying.id);
    mkdirSync(neighbourDir, { recursive: true });
    writeFileSync(path.join(neighbourDir, `${"b".repeat(32)}-256.webp`), "x");
    const generationBefore = await readCacheGeneration(database.db);

    await releaseUserData(database.db, createDiskStorage(storageDir), leaving.id);

    expect(await Promise.all(owned.map((id) => ownerOf(database, id)))).toEqual([null, null]);
    expect(await ownerOf(database, others)).toBe(staying.id);
    expect(await readCacheGeneration(database.db)).toBe(generationBefore + 1);
    expect(existsSync(avatarDir)).toBe(false);
    expect(readdirSync(neighbourDir)).toHaveLength(1);
  });

  it("releaseUserData deletes the drafts, the markets the public never saw and the waiting edits; the changes made stay without a name", async () => {
    const db = database.db;
    // Ids are enough here: what the library removes with the user is the test further down.
    const leaving = { id: randomUUID() };
    const staying = { id: randomUUID() };
    const person = { id: leaving.id, roles: ["visitor" as const] };
    const neighbour = { id: staying.id, roles: ["visitor" as const] };
    const admin = { id: randomUUID(), roles: ["admin" as const] };
    const draft = await addDraft(database, leaving.id, "Halvfærdigt Marked");
    const neighboursDraft = await addDraft(database, staying.id, "Naboens Kladde");
    const waiting = await submitMarket(db, person, content("Ventende Marked"));
    const turnedDown = await submitMarket(db, person, content("Afvist Marked"));
    await rejectRevision(db, admin, (await revisionsOf(db, turnedDown.id))[0]!.id, "Dublet");
    const published = await submitMarket(db, person, content("Godkendt Marked"));
    await approveRevision(db, admin, (await revisionsOf(db, published.id))[0]!.id);
    // Their edit of a market the neighbour runs waits for review; the neighbour's own submission waits too.
    const neighbours = await createMarket(db, { ...content("Naboens Marked"), status: "published" }, { userId: staying.id });
    expect((await editMarket(db, person, neighbours.id, content("Naboens Marked", { description: "Forkert" }))).outcome).toBe("pending");
    const neighboursWaiting = await submitMarket(db, neighbour, content("Naboens Ventende"));

    await releaseUserData(db, createDiskStorage(storageDir), leaving.id);

    const drafts = await db.selectFrom("market_drafts").select("id").where("id", "in", [draft, neighboursDraft]).execute();
    expect(drafts.map((row) => row.id)).toEqual([neighboursDraft]);
    const markets = await db
      .selectFrom("markets")
      .select(["id", "owner_id", "status"])
      .where("id", "in", [waiting.id, turnedDown.id, published.id, neighboursWaiting.id])
      .execute();
    expect(new Map(markets.map((row) => [row.id, [row.owner_id, row.status]]))).toEqual(
      new Map([
        [published.id, [null, "published"]],
        [neighboursWaiting.id, [staying.id, "pending"]],
      ]),
    );
    expect(await db.selectFrom("market_revisions").select("id").where("market_id", "in", [waiting.id, turnedDown.id]).execute()).toEqual([]);
    // The approved submission stays in the market's history, nobody's now; the waiting edit is gone.
    expect((await revisionsOf(db, published.id)).map((revision) => [revision.kind, revision.state, revision.authorId])).toEqual([["submission", "applied", null]]);
    expect((await revisionsOf(db, neighbours.id)).map((revision) => revision.state)).toEqual([]);
    expect(await db.selectFrom("market_revisions").select("id").where("author_id", "=", leaving.id).execute()).toEqual([]);
    expect((await revisionsOf(db, neighboursWaiting.id)).map((revision) => revision.authorId)).toEqual([staying.id]);
  });

  it("releaseUserData leaves the page caches alone when the user owned nothing", async () => {
    const user = await signUp(auth, "ingenting");
    const before = await readCacheGeneration(database.db);
    await releaseUserData(database.db, createDiskStorage(storageDir), user.id);
    expect(await readCacheGeneration(database.db)).toBe(before);
  });

  it("deleting an account through the library removes user, sessions, accounts and profile, and unclaims its markets", async () => {
    const user = await signUp(auth, "slettes");
    const market = await addMarket(database, user.id, "Sidste Marked");
    await auth.api.signInEmail({ body: { email: user.email, password: PASSWORD } });

    await expect(auth.api.deleteUser({ body: { password: "forkert-kode" }, headers: user.cookie })).rejects.toMatchObject({
      body: { code: "INVALID_PASSWORD" },
    });
    expect(await database.db.selectFrom("user").select("id").where("id", "=", user.id).executeTakeFirst()).toBeDefined();

    await auth.api.deleteUser({ body: { password: PASSWORD }, headers: user.cookie });

    const count = async (table: "session" | "account", column: "userId") => (await database.db.selectFrom(table).select("id").where(column, "=", user.id).execute()).length;
    expect(await database.db.selectFrom("user").select("id").where("id", "=", user.id).executeTakeFirst()).toBeUndefined();
    expect(await count("session", "userId")).toBe(0);
    expect(await count("account", "userId")).toBe(0);
    // The profile goes with the user (profiles.auth_user_id cascades) on both databases.
    expect(await database.db.selectFrom("profiles").select("id").where("auth_user_id", "=", user.id).executeTakeFirst()).toBeUndefined();
    expect(await ownerOf(database, market)).toBeNull();
    expect(await auth.api.getSession({ headers: user.cookie })).toBeNull();
  });

  it("the export holds user, profile, sessions, sign-in methods, owned markets, drafts and changes made, never a token or a password hash", async () => {
    const user = await signUp(auth, "eksport");
    const second = await auth.api.signInEmail({ body: { email: user.email, password: PASSWORD } });
    await addMarket(database, user.id, "Bagagerumsmarked");
    await addMarket(database, user.id, "Antik på Torvet");
    const others = await addMarket(database, null, "Andres Marked");
    const draft = await addDraft(database, user.id, "Min Kladde");
    await addDraft(database, randomUUID(), "Fremmed Kladde");
    const person = { id: user.id, roles: ["visitor" as const] };
    const submitted = await submitMarket(database.db, person, content("Indsendt Marked"));
    await editMarket(database.db, person, others, content("Andres Marked", { description: "Rettet af mig" }));
    const now = new Date("2026-05-01T10:00:00.000Z");

    const exported = await assembleAccountExport(database.db, user.id, { baseUrl: BASE_URL, now });

    expect(exported).not.toBeNull();
    expect(exported!.exportedAt).toBe(now.toISOString());
    expect(exported!.user).toMatchObject({ id: user.id, email: user.email, name: "Navn eksport", emailVerified: false });
    expect(exported!.user.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(exported!.profile).toMatchObject({ email: user.email, isAdmin: false, role: "visitor", avatarUrl: null });
    expect(exported!.sessions).toHaveLength(2);
    for (const session of exported!.sessions) expect(Object.keys(session).sort()).toEqual(["createdAt", "expiresAt", "id", "ipAddress", "updatedAt", "userAgent"]);
    expect(exported!.accounts).toEqual([expect.objectContaining({ providerId: "credential", accountId: user.id })]);
    expect(Object.keys(exported!.accounts[0]!).sort()).toEqual(["accountId", "createdAt", "id", "providerId", "updatedAt"]);
    expect(exported!.markets.map((market) => market.name)).toEqual(["Antik på Torvet", "Bagagerumsmarked", "Indsendt Marked"]);
    expect(exported!.markets[0]!.url).toBe(`${BASE_URL}/markeder/${exported!.markets[0]!.slug}`);
    expect(exported!.drafts).toEqual([expect.objectContaining({ id: draft, step: "place", fields: { name: "Min Kladde" } })]);
    expect(exported!.revisions.map((revision) => [revision.marketName, revision.kind, revision.state])).toEqual([
      ["Indsendt Marked", "submission", "pending"],
      ["Andres Marked", "edit", "pending"],
    ]);
    expect(exported!.revisions[0]!.marketId).toBe(submitted.id);
    expect(exported!.revisions[1]).toMatchObject({ changedFields: expect.arrayContaining(["description"]), content: expect.objectContaining({ description: "Rettet af mig" }) });

    const text = JSON.stringify(exported);
    const hash = await database.db.selectFrom("account").select("password").where("userId", "=", user.id).executeTakeFirstOrThrow();
    expect(hash.password).toBeTruthy();
    expect(text).not.toContain(hash.password!);
    expect(text).not.toContain(user.token);
    expect(text).not.toContain(second.token);
    expect(text).not.toMatch(/token|password/i);
  });

  it("the export of a user who is gone is null", async () => {
    expect(await assembleAccountExport(database.db, randomUUID(), { baseUrl: BASE_URL })).toBeNull();
  });
});
