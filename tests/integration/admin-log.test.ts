import { randomUUID } from "node:crypto";
import { mkdtemp, readdir, readFile, rm, utimes } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { releaseUserData } from "../../app/account/deletion.server";
import { ADMIN_ACTION_KINDS, type AdminActionKind } from "../../app/admin-log/kinds";
import { adminLogPage } from "../../app/admin-log/read.server";
import { ROLE_PERMISSIONS, type Permission, type PermissionHolder } from "../../app/auth/permissions";
import { ROLES } from "../../app/auth/roles";
import { claimSchema } from "../../app/claims/claim-form";
import { approveClaim, marketForClaim, rejectClaim, submitClaim } from "../../app/claims/claims.server";
import { removeAllOrphanFiles, removeOrphanFile } from "../../app/image-cleanup/cleanup-page.server";
import { DEFAULT_RATE_LIMITS } from "../../app/lib/config.server";
import { createDiskStorage, type Storage } from "../../app/lib/storage/index.server";
import { blockPerson, unblockPerson } from "../../app/people/blocks.server";
import { changeRole } from "../../app/people/change-role.server";
import { searchPeople } from "../../app/people/people-search.server";
import { setUserRole } from "../../app/people/set-role.server";
import { archiveMarket, cancelOccurrence, restoreCancelledDate } from "../../app/revisions/archive-and-cancel.server";
import { approveRevision, rejectRevision, restoreRevision, undoLiveChange } from "../../app/revisions/decisions.server";
import { mergeMarkets } from "../../app/review/merge-markets.server";
import { readStoredMarket, revisionsOf } from "../../app/revisions/revisions.server";
import { editMarket, submitMarket } from "../../app/revisions/send.server";
import { snapshotOf } from "../../app/revisions/snapshot";
import { moderatePost, moderateTopic } from "../../app/forum/moderation.server";
import { startTopic } from "../../app/forum/writes.server";
import { createTestMarket, createUser, marketInput, type TestUser } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { answerMessage, setMessageClosed } from "../../app/inbox/answers.server";

const { kind } = inject("testDatabase");
const DAY = 24 * 60 * 60 * 1000;

/**
 * The admin log (app/admin-log/) and the people it is about (app/people/), on both databases: every
 * admin action leaves its entry, the role and block rules, and what deleting an account does to the
 * log. The pages at the level of requests: admin-pages.test.ts.
 */

/** A write only an admin may do: a permission no other role holds, to do rather than to see. */
const ADMIN_WRITES = ROLE_PERMISSIONS.admin.filter(
  (permission) => !permission.startsWith("read:") && ROLES.every((role) => role === "admin" || !ROLE_PERMISSIONS[role].includes(permission)),
);

/** Admin-only permissions that nothing on the site uses yet; the test below holds them unused. */
const NOT_YET_USED: Permission[] = [];

/** Where a permission is used: the app's source, which names it in a string. */
async function appSourcesNaming(permission: Permission): Promise<string[]> {
  const root = path.resolve(import.meta.dirname, "../../app");
  const files = (await readdir(root, { recursive: true })).filter((file) => /\.tsx?$/.test(file) && !file.endsWith(".test.ts") && !file.startsWith("auth/permissions"));
  const naming = await Promise.all(files.map(async (file) => ((await readFile(path.join(root, file), "utf8")).includes(`"${permission}"`) ? file : null)));
  return naming.filter((file): file is string => file !== null);
}

describe(`the admin log on ${kind}`, () => {
  let database: TestDatabase;
  let admin: TestUser;
  let asAdmin: PermissionHolder;
  let store: Storage;
  let storeRoot: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    admin = await createUser(database, { name: "Anne Admin", admin: true });
    asAdmin = { id: admin.id, roles: ["visitor", "admin"] };
    storeRoot = await mkdtemp(path.join(os.tmpdir(), "lg-admin-log-"));
    store = createDiskStorage(storeRoot);
  });

  afterAll(async () => {
    await database?.destroy();
    await rm(storeRoot, { recursive: true, force: true });
  });

  const db = () => database.db;

  async function entriesAbout(targetId: string) {
    return (await db().selectFrom("admin_log").selectAll().where("target_id", "=", targetId).orderBy("created_at").orderBy("id").execute()).map((row) => ({
      ...row,
      before: row.before === null ? null : (JSON.parse(row.before) as unknown),
      after: row.after === null ? null : (JSON.parse(row.after) as unknown),
    }));
  }

  async function pendingRevision(marketId: string) {
    return (await revisionsOf(db(), marketId)).find((revision) => revision.state === "pending")!;
  }

  async function sentMarket(name: string) {
    const person = await createUser(database);
    const sent = await submitMarket(db(), { id: person.id, roles: ["visitor"] }, snapshotOf(await marketInput({ name })));
    return { person, marketId: sent.id };
  }

  async function claimed(name: string) {
    const person = await createUser(database);
    const market = await createTestMarket(database, { name });
    const outcome = await submitClaim(db(), person.id, (await marketForClaim(db(), market.slug))!, claimSchema.parse({ relation: "arrangoer", contact: "12 34 56 78" }), {
      rule: DEFAULT_RATE_LIMITS.claims,
    });
    if (outcome.kind !== "sent") throw new Error(`No claim: ${outcome.kind}`);
    return { market, claimId: outcome.claim.id };
  }

  async function nextSunday(marketId: string): Promise<string> {
    const row = await db()
      .selectFrom("market_occurrences")
      .select("local_date")
      .where("market_id", "=", marketId)
      .where("local_date", ">", new Date(Date.now() + DAY).toISOString().slice(0, 10))
      .orderBy("local_date")
      .executeTakeFirstOrThrow();
    return row.local_date;
  }

  async function orphan(key: string) {
    await store.put(key, new Uint8Array(120), "image/webp");
    const old = new Date(Date.now() - 3 * DAY);
    await utimes(path.join(storeRoot, ...key.split("/")), old, old);
  }

  /**
   * Each admin-only write done once the way its page does it, with the entries it must leave: the
   * kind, the target, and what the entry says beyond that.
   */
  type Expected = { kind: AdminActionKind; target: string; label: string; reason?: string; before?: unknown; after?: unknown };

  /** A topic by a person two days old, written an hour ago: no limit stands in the way. */
  async function forumTopic(title: string, text: string) {
    const person = await createUser(database);
    await db()
      .updateTable("user")
      .set({ createdAt: new Date(Date.now() - 2 * DAY).toISOString() })
      .where("id", "=", person.id)
      .execute();
    const started = await startTopic(db(), person.id, { categorySlug: "generelt", title, text, marketId: null }, { now: new Date(Date.now() - 3600_000) });
    if (started.kind !== "started") throw new Error(`No topic: ${started.kind}`);
    return started;
  }
  const mail = { baseUrl: "http://loppeguiden.test", send: async () => {}, logger: pino({ level: "silent" }) };

  const SCENARIOS: Record<string, () => Promise<Expected[]>> = {
    "hide:post:any": async () => {
      const hidden = await forumTopic("Skjult emne", "Køb billige ure her");
      const waiting = await forumTopic("Ventende emne", "Et fint spørgsmål");
      await db().updateTable("forum_posts").set({ state: "waiting" }).where("id", "=", waiting.postId).execute();
      const reported = await forumTopic("Anmeldt emne", "Helt i orden");
      await db()
        .insertInto("forum_reports")
        .values({ id: randomUUID(), post_id: reported.postId, reporter_id: null, reason: "spam", text: "", created_at: new Date().toISOString() })
        .execute();
      expect((await moderatePost(db(), admin.id, hidden.postId, "hide", "Reklame", mail)).kind).toBe("done");
      expect((await moderatePost(db(), admin.id, hidden.postId, "show", "Fejltagelse", mail)).kind).toBe("done");
      expect((await moderatePost(db(), admin.id, waiting.postId, "approve", "", mail)).kind).toBe("done");
      expect((await moderatePost(db(), admin.id, reported.postId, "dismiss", "Intet galt", mail)).kind).toBe("done");
      const id = (post: { postId: number }) => String(post.postId);
      return [
        { kind: "post.hide", target: id(hidden), label: "Skjult emne: Køb billige ure her", reason: "Reklame", before: { post: "published" }, after: { post: "hidden" } },
        { kind: "post.show", target: id(hidden), label: "Skjult emne: Køb billige ure her", reason: "Fejltagelse", before: { post: "hidden" }, after: { post: "published" } },
        { kind: "post.approve", target: id(waiting), label: "Ventende emne: Et fint spørgsmål", before: { post: "waiting" }, after: { post: "published" } },
        { kind: "post.dismiss", target: id(reported), label: "Anmeldt emne: Helt i orden", reason: "Intet galt" },
      ];
    },
    "delete:post:any": async () => {
      const topic = await forumTopic("Slettet emne", "Grimme ord");
      expect((await moderatePost(db(), admin.id, topic.postId, "delete", "Grimt sprog", mail)).kind).toBe("done");
      return [
        { kind: "post.delete", target: String(topic.postId), label: "Slettet emne: Grimme ord", reason: "Grimt sprog", before: { post: "published" }, after: { post: "deleted" } },
      ];
    },
    "lock:topic:any": async () => {
      const topic = await forumTopic("Låst emne", "Diskussionen løb løbsk");
      expect((await moderateTopic(db(), admin.id, topic.topicId, "lock", { reason: "Skænderi" }, mail)).kind).toBe("done");
      expect((await moderateTopic(db(), admin.id, topic.topicId, "unlock", { reason: "Faldet til ro" }, mail)).kind).toBe("done");
      const target = String(topic.topicId);
      return [
        { kind: "topic.lock", target, label: "Låst emne", reason: "Skænderi", before: { locked: false }, after: { locked: true } },
        { kind: "topic.unlock", target, label: "Låst emne", reason: "Faldet til ro", before: { locked: true }, after: { locked: false } },
      ];
    },
    "pin:topic:any": async () => {
      const topic = await forumTopic("Fastgjort emne", "Regler for forummet");
      expect((await moderateTopic(db(), admin.id, topic.topicId, "pin", { reason: "Alle skal se det" }, mail)).kind).toBe("done");
      expect((await moderateTopic(db(), admin.id, topic.topicId, "unpin", { reason: "" }, mail)).kind).toBe("done");
      const target = String(topic.topicId);
      return [
        { kind: "topic.pin", target, label: "Fastgjort emne", reason: "Alle skal se det", before: { pinned: false }, after: { pinned: true } },
        { kind: "topic.unpin", target, label: "Fastgjort emne", before: { pinned: true }, after: { pinned: false } },
      ];
    },
    "move:topic:any": async () => {
      const topic = await forumTopic("Flyttet emne", "Hvad er denne vase værd?");
      expect((await moderateTopic(db(), admin.id, topic.topicId, "move", { reason: "Hører til fund", category: "loppefund" }, mail)).kind).toBe("done");
      return [
        { kind: "topic.move", target: String(topic.topicId), label: "Flyttet emne", reason: "Hører til fund", before: { category: "Generelt" }, after: { category: "Loppefund" } },
      ];
    },
    "moderate:market:any": async () => {
      const approved = await sentMarket("Godkendt Loppemarked");
      expect((await approveRevision(db(), asAdmin, (await pendingRevision(approved.marketId)).id)).outcome).toBe("approved");
      const rejected = await sentMarket("Afvist Loppemarked");
      expect((await rejectRevision(db(), asAdmin, (await pendingRevision(rejected.marketId)).id, "Ingen adresse")).outcome).toBe("rejected");
      const [first] = await revisionsOf(db(), approved.marketId);
      expect((await restoreRevision(db(), asAdmin, first!.id)).outcome).toBe("restored");
      // An organizer's edit went live without review; an admin undoes it from the recent changes.
      const organizer = await createUser(database, { name: "Ole Organisator", role: "organizer" });
      const live = await createTestMarket(database, { name: "Live Rettet" }, { owner: organizer.id });
      const stored = (await readStoredMarket(db(), live.id))!;
      expect((await editMarket(db(), { id: organizer.id, roles: ["visitor", "organizer"] }, live.id, { ...stored.snapshot, description: "Noget helt andet" })).outcome).toBe(
        "applied",
      );
      const [edit] = await revisionsOf(db(), live.id);
      expect((await undoLiveChange(db(), asAdmin, edit!.id)).outcome).toBe("undone");
      return [
        { kind: "revision.undo", target: live.id, label: "Live Rettet", after: expect.objectContaining({ undid: edit!.id, fields: ["description"] }) },
        {
          kind: "revision.approve",
          target: approved.marketId,
          label: "Godkendt Loppemarked",
          before: { status: "pending" },
          after: expect.objectContaining({ status: "published" }),
        },
        { kind: "revision.restore", target: approved.marketId, label: "Godkendt Loppemarked" },
        { kind: "revision.reject", target: rejected.marketId, label: "Afvist Loppemarked", reason: "Ingen adresse", after: expect.objectContaining({ status: "rejected" }) },
      ];
    },
    "update:market:any": async () => {
      const market = await createTestMarket(database, { name: "Importeret Marked" });
      const stored = (await readStoredMarket(db(), market.id))!;
      expect((await editMarket(db(), asAdmin, market.id, { ...stored.snapshot, description: "Rettet af en administrator" })).outcome).toBe("applied");
      const date = await nextSunday(market.id);
      expect(await cancelOccurrence(db(), asAdmin, market.id, date, null)).toBe("cancelled");
      expect(await restoreCancelledDate(db(), asAdmin, market.id, date)).toBe("restored");
      return [
        { kind: "market.edit", target: market.id, label: "Importeret Marked", after: { fields: ["description"] } },
        { kind: "market.cancel-date", target: market.id, label: "Importeret Marked", after: { date } },
        { kind: "market.restore-date", target: market.id, label: "Importeret Marked", after: { date } },
      ];
    },
    // An admin's edit goes live at once: the same act as the edit above, recorded as it.
    "publish:market:any": async () => {
      const market = await createTestMarket(database, { name: "Straks Rettet" });
      const stored = (await readStoredMarket(db(), market.id))!;
      expect((await editMarket(db(), asAdmin, market.id, { ...stored.snapshot, city: "Aarhus N" })).outcome).toBe("applied");
      return [{ kind: "market.edit", target: market.id, label: "Straks Rettet", after: { fields: ["city"] } }];
    },
    "delete:market:any": async () => {
      const market = await createTestMarket(database, { name: "Lukket Marked" });
      expect(await archiveMarket(db(), asAdmin, market.id)).toBe(true);
      const duplicate = await createTestMarket(database, { name: "Dobbelt Marked" });
      const kept = await createTestMarket(database, { name: "Beholdt Marked" });
      expect((await mergeMarkets(db(), asAdmin, { duplicateId: duplicate.id, keptId: kept.id })).outcome).toBe("merged");
      return [
        { kind: "market.archive", target: market.id, label: "Lukket Marked", after: { status: "archived" } },
        {
          kind: "market.merge",
          target: kept.id,
          label: "Beholdt Marked",
          before: expect.objectContaining({ duplicate: expect.objectContaining({ id: duplicate.id, name: "Dobbelt Marked" }) }),
          after: expect.objectContaining({ moved: expect.objectContaining({ schedules: 0 }) }),
        },
      ];
    },
    "moderate:claim:any": async () => {
      const yes = await claimed("Anmodet Marked");
      expect((await approveClaim(db(), asAdmin, yes.claimId)).outcome).toBe("approved");
      const no = await claimed("Afvist Anmodning");
      expect((await rejectClaim(db(), asAdmin, no.claimId, "Kan ikke bekræftes")).outcome).toBe("rejected");
      return [
        { kind: "claim.approve", target: yes.market.id, label: "Anmodet Marked" },
        { kind: "claim.reject", target: no.market.id, label: "Afvist Anmodning", reason: "Kan ikke bekræftes" },
      ];
    },
    "delete:image:any": async () => {
      await orphan("markets/forladt/en-400.webp");
      await removeOrphanFile(store, db(), admin.id, "markets/forladt/en-400.webp", 1);
      await orphan("markets/forladt/to-400.webp");
      await orphan("markets/forladt/tre-400.webp");
      await removeAllOrphanFiles(store, db(), admin.id);
      return [
        { kind: "image.remove", target: "markets/forladt/en-400.webp", label: "markets/forladt/en-400.webp", after: { bytes: 120 } },
        { kind: "image.remove-all", target: "*", label: "2 filer", after: { count: 2, bytes: 240 } },
      ];
    },
    "answer:message:any": async () => {
      const id = randomUUID();
      await db()
        .insertInto("contact_messages")
        .values({
          id,
          name: "Bo Beskeder",
          email: "bo@example.dk",
          topic: "question",
          plan: null,
          message: "Hvornår åbner I?",
          created_at: new Date().toISOString(),
          mailed_at: null,
        })
        .execute();
      const answerMail = { ...mail, replyTo: "kontakt@loppeguiden.test" };
      expect((await answerMessage(db(), admin.id, id, "Vi åbner kl. 10.", answerMail)).kind).toBe("answered");
      expect((await setMessageClosed(db(), admin.id, id, true)).kind).toBe("changed");
      expect((await setMessageClosed(db(), admin.id, id, false)).kind).toBe("changed");
      const label = "Bo Beskeder: Spørgsmål om Loppeguiden";
      return [
        { kind: "message.answer", target: id, label, before: { message: "new" }, after: { message: "answered" } },
        { kind: "message.close", target: id, label, before: { message: "answered" }, after: { message: "closed" } },
        { kind: "message.reopen", target: id, label, before: { message: "closed" }, after: { message: "answered" } },
      ];
    },
    "manage:user:any": async () => {
      const person = await createUser(database, { name: "Rolf Rolle" });
      expect((await changeRole(db(), admin.id, { userId: person.id }, "organizer", "Kendt arrangør", { adminEmails: [] })).kind).toBe("changed");
      return [{ kind: "user.role", target: person.id, label: "Rolf Rolle", reason: "Kendt arrangør", before: { role: "visitor" }, after: { role: "organizer" } }];
    },
    "block:user:any": async () => {
      const person = await createUser(database, { name: "Bente Blokeret" });
      expect(await blockPerson(db(), admin.id, person.id, "Spam i beskeder")).toBe("blocked");
      expect(await unblockPerson(db(), admin.id, person.id, "Lovede bedring")).toBe("unblocked");
      return [
        { kind: "user.block", target: person.id, label: "Bente Blokeret", reason: "Spam i beskeder", before: { blocked: false }, after: { blocked: true } },
        { kind: "user.unblock", target: person.id, label: "Bente Blokeret", reason: "Lovede bedring", before: { blocked: true }, after: { blocked: false } },
      ];
    },
  };

  it("records every write only admins may do, with who, what, the target's name, the reason and the change", async () => {
    const used = ADMIN_WRITES.filter((permission) => !NOT_YET_USED.includes(permission));
    expect(Object.keys(SCENARIOS).sort(), "each admin-only write needs its scenario here").toEqual([...used].sort());
    for (const permission of NOT_YET_USED) expect(await appSourcesNaming(permission), `${permission} is used: give it a scenario`).toEqual([]);

    const kindsSeen = new Set<string>();
    for (const [permission, scenario] of Object.entries(SCENARIOS)) {
      for (const expected of await scenario()) {
        const entries = (await entriesAbout(expected.target)).filter((entry) => entry.kind === expected.kind);
        expect(entries, `${permission}: ${expected.kind}`).toHaveLength(1);
        expect(entries[0], `${permission}: ${expected.kind}`).toMatchObject({
          actor_id: admin.id,
          actor_label: "Anne Admin",
          target_type: ADMIN_ACTION_KINDS[expected.kind],
          target_label: expected.label,
          reason: expected.reason ?? null,
          ...(expected.before === undefined ? {} : { before: expected.before }),
          ...(expected.after === undefined ? {} : { after: expected.after }),
        });
        kindsSeen.add(expected.kind);
      }
    }
    expect([...kindsSeen].sort(), "every kind of entry is made by some scenario").toEqual(Object.keys(ADMIN_ACTION_KINDS).sort());
  });

  it("records nothing when an owner changes their own market", async () => {
    const owner = await createUser(database);
    const market = await createTestMarket(database, { name: "Ejerens Eget" }, { owner: owner.id });
    const asOwner: PermissionHolder = { id: owner.id, roles: ["visitor", "organizer"] };
    const stored = (await readStoredMarket(db(), market.id))!;
    await editMarket(db(), asOwner, market.id, { ...stored.snapshot, description: "Egen rettelse" });
    await archiveMarket(db(), asOwner, market.id);
    expect(await entriesAbout(market.id)).toEqual([]);
  });

  it("refuses to take admin from oneself, from an address in ADMIN_EMAILS and from the last admin, on the page and the command line", async () => {
    const listed = await createUser(database, { name: "Liste Admin", admin: true });
    expect((await changeRole(db(), admin.id, { userId: admin.id }, "visitor", "Træt", { adminEmails: [] })).kind).toBe("self");
    expect(await changeRole(db(), admin.id, { userId: listed.id }, "seller", "Ny rolle", { adminEmails: [listed.email] })).toEqual({ kind: "listed-admin", email: listed.email });
    expect(await setUserRole(db(), listed.email, "seller", { adminEmails: [listed.email] })).toEqual({ kind: "listed-admin", email: listed.email });
    expect((await entriesAbout(listed.id)).map((entry) => entry.kind)).toEqual(["user.role"]);

    // Every admin but one demoted: the last one stays, whoever asks.
    const admins = await db().selectFrom("profiles").select("auth_user_id").where("is_admin", "=", 1).execute();
    for (const { auth_user_id: id } of admins) if (id !== admin.id) await changeRole(db(), admin.id, { userId: id }, "visitor", "Oprydning", { adminEmails: [] });
    expect(await setUserRole(db(), admin.email, "visitor")).toEqual({ kind: "last-admin" });
    expect((await changeRole(db(), listed.id, { userId: admin.id }, "visitor", "Kup", { adminEmails: [] })).kind).toBe("last-admin");
    // The command line's change is logged with no account behind it.
    await setUserRole(db(), listed.email, "admin", { reason: "Tilbage igen" });
    // Found by its reason: the demotion before it may share its millisecond, and then the order of the two is the ids'.
    const restored = (await entriesAbout(listed.id)).filter((entry) => entry.reason === "Tilbage igen");
    expect(restored).toEqual([expect.objectContaining({ actor_id: null, actor_label: "Kommandolinjen", after: { role: "admin" } })]);
  });

  it("lets only one of two admins demoting each other at once succeed", async () => {
    const other = await createUser(database, { name: "Anden Admin", admin: true });
    const admins = await db().selectFrom("profiles").select("auth_user_id").where("is_admin", "=", 1).execute();
    for (const { auth_user_id: id } of admins)
      if (id !== admin.id && id !== other.id) await changeRole(db(), admin.id, { userId: id }, "visitor", "Oprydning", { adminEmails: [] });
    const outcomes = await Promise.all([
      changeRole(db(), admin.id, { userId: other.id }, "visitor", "Dig", { adminEmails: [] }),
      changeRole(db(), other.id, { userId: admin.id }, "visitor", "Nej, dig", { adminEmails: [] }),
    ]);
    expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual(["changed", "last-admin"]);
    const stillAdmins = await db().selectFrom("profiles").select("auth_user_id").where("is_admin", "=", 1).execute();
    expect(stillAdmins).toHaveLength(1);
    // Put back as the tests before found it.
    const demoted = outcomes[0].kind === "changed" ? other : admin;
    await setUserRole(db(), demoted.email, "admin");
  });

  it("refuses a block of oneself, and a block removes every session of the person", async () => {
    const person = await createUser(database, { name: "Sessions Søren" });
    const now = new Date().toISOString();
    const expires = new Date(Date.now() + DAY).toISOString();
    for (const token of ["a", "b"]) {
      await db()
        .insertInto("session")
        .values({ id: `${person.id}-${token}`, userId: person.id, token: `${person.id}-${token}`, expiresAt: expires, createdAt: now, updatedAt: now })
        .execute();
    }
    expect(await blockPerson(db(), admin.id, admin.id, "Test")).toBe("self");
    expect(await blockPerson(db(), admin.id, person.id, "Chikane")).toBe("blocked");
    expect(await blockPerson(db(), admin.id, person.id, "Igen")).toBe("already-blocked");
    expect(await db().selectFrom("session").select("id").where("userId", "=", person.id).execute()).toEqual([]);
    expect((await entriesAbout(person.id)).map((entry) => entry.kind)).toEqual(["user.block"]);
  });

  it("keeps a deleted account's entries, with 'Slettet bruger' for its name as actor and as target", async () => {
    const gone = await createUser(database, { name: "Gitte Går", admin: true });
    const target = await createUser(database, { name: "Tom Target" });
    await changeRole(db(), gone.id, { userId: target.id }, "seller", "Sælger ting", { adminEmails: [] });
    await changeRole(db(), admin.id, { userId: gone.id }, "visitor", "Stopper", { adminEmails: [] });
    await releaseUserData(db(), store, gone.id);
    const byGone = await adminLogPage(db(), { actorId: gone.id }, { offset: 0, limit: 10 });
    expect(byGone.entries.map((entry) => [entry.actorLabel, entry.targetLabel])).toEqual([["Slettet bruger", "Tom Target"]]);
    const aboutGone = await adminLogPage(db(), { target: { type: "user", id: gone.id } }, { offset: 0, limit: 10 });
    expect(aboutGone.entries.map((entry) => entry.targetLabel)).toEqual(["Slettet bruger", "Slettet bruger"]);
  });

  it("narrows the log by kind, by who did it and by kind of target", async () => {
    const roles = await adminLogPage(db(), { kind: "user.role" }, { offset: 0, limit: 500 });
    expect(roles.total).toBeGreaterThan(0);
    expect(new Set(roles.entries.map((entry) => entry.kind))).toEqual(new Set(["user.role"]));
    const images = await adminLogPage(db(), { target: { type: "image" }, actorId: admin.id }, { offset: 0, limit: 500 });
    expect(images.entries.map((entry) => entry.kind).sort()).toEqual(["image.remove", "image.remove-all"]);
    const paged = await adminLogPage(db(), {}, { offset: 1, limit: 2 });
    expect(paged.entries).toHaveLength(2);
  });

  it("finds people by any part of their name or address, A–Z in any case, newest first, and counts a common word only up to a cap", async () => {
    const older = await createUser(database, { name: "Karen Søgbar", email: "karen.soeg@example.dk" });
    await db()
      .updateTable("user")
      .set({ createdAt: new Date(Date.now() - 10 * DAY).toISOString() } as never)
      .where("id", "=", older.id)
      .execute();
    const newer = await createUser(database, { name: "Søgbar Jensen", email: "sj@eksempel.dk" });
    expect((await searchPeople(db(), "SøGBAR", { offset: 0, limit: 10 })).people.map((person) => person.id)).toEqual([newer.id, older.id]);
    expect((await searchPeople(db(), "soeg@EXAMPLE", { offset: 0, limit: 10 })).people.map((person) => person.id)).toEqual([older.id]);
    const page = await searchPeople(db(), "søgbar", { offset: 1, limit: 1 });
    expect(page).toMatchObject({ total: 2, people: [{ id: older.id, name: "Karen Søgbar", roles: ["visitor"], blocked: false }] });
    // Characters a LIKE pattern would read as wildcards are searched for as themselves.
    expect((await searchPeople(db(), "%", { offset: 0, limit: 10 })).total).toBe(0);
  });
});
