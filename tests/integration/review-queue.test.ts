import pino from "pino";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import type { PermissionHolder } from "../../app/auth/permissions";
import type { Mail } from "../../app/mail/mailer.server";
import { marketsByStatus } from "../../app/markets/market-counts.server";
import { sendReviewMail } from "../../app/review/review-mails.server";
import { queueCounts, reviewItem, reviewQueue } from "../../app/review/review-queue.server";
import { snapshotOf, type MarketSnapshot } from "../../app/revisions/snapshot";
import { approveRevision, rejectRevision } from "../../app/revisions/decisions.server";
import { archiveMarket } from "../../app/revisions/archive-and-cancel.server";
import { editMarket, submitMarket } from "../../app/revisions/send.server";
import { createTestMarket, createUser, marketInput, type TestUser } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

const { kind } = inject("testDatabase");

/**
 * The admins' review queue as the domain reads it (app/review/review-queue.server.ts):
 * what waits, oldest first, who sent it, and the figures of the admin area's front page; and the
 * mails the organiser gets after a decision. The pages themselves: review-pages.test.ts.
 */
describe(`the review queue on ${kind}`, () => {
  let database: TestDatabase;
  let admin: PermissionHolder;
  let mette: TestUser;
  let ole: TestUser;
  const ids: Record<string, string> = {};

  const holder = (user: TestUser, roles: PermissionHolder["roles"] = ["visitor"]): PermissionHolder => ({ id: user.id, roles });
  const content = async (fields: Record<string, unknown>): Promise<MarketSnapshot> => snapshotOf(await marketInput(fields));
  const at = (minute: number) => ({ now: new Date(Date.UTC(2026, 4, 10, 9, minute)) });

  beforeAll(async () => {
    database = await createTestDatabase();
    const [adminUser, first, second] = await Promise.all([
      createUser(database, { name: "Anders Admin", admin: true }),
      createUser(database, { name: "Mette Holm" }),
      createUser(database, { name: "Ole Olsen" }),
    ]);
    admin = holder(adminUser, ["visitor", "admin"]);
    mette = first;
    ole = second;
  });

  afterAll(async () => {
    await database?.destroy();
  });

  test("is empty before anything is sent", async () => {
    expect(await reviewQueue(database.db)).toEqual({ total: 0, items: [] });
    expect(await queueCounts(database.db)).toEqual({ submissions: 0, edits: 0, missingCoordinates: 0, oldestSubmission: null, oldestEdit: null });
  });

  test("lists waiting submissions and edits oldest first, with who sent them", async () => {
    // Sent out of order: the queue sorts by when.
    ids.later = (await submitMarket(database.db, holder(mette), await content({ name: "Loppemarked uden kort", latitude: undefined, longitude: undefined }), at(20))).id;
    ids.first = (await submitMarket(database.db, holder(mette), await content({ name: "Første loppemarked", city: "Vejle", postalCode: "7100" }), at(5))).id;
    // Ole's own market, never approved by an admin: his edit of it waits.
    const olesMarket = await createTestMarket(database, { name: "Oles marked" }, { owner: ole.id });
    ids.olesMarket = olesMarket.id;
    const edit = await editMarket(database.db, holder(ole), olesMarket.id, await content({ name: "Oles store marked", description: "Nu med kaffe." }), at(30));
    expect(edit.outcome).toBe("pending");
    // Neither an admin's own submission nor a change applied at once waits.
    await submitMarket(database.db, admin, await content({ name: "Adminens marked" }), at(1));
    await archiveMarket(database.db, admin, (await createTestMarket(database, { name: "Lukket marked" })).id, at(2));

    const { total, items } = await reviewQueue(database.db);
    expect(total).toBe(3);
    expect(items.map((item) => [item.kind, item.name])).toEqual([
      ["submission", "Første loppemarked"],
      ["submission", "Loppemarked uden kort"],
      ["edit", "Oles store marked"],
    ]);
    const [first, later, oles] = items;
    expect(first).toMatchObject({ marketId: ids.first, city: "Vejle", createdAt: "2026-05-10T09:05:00.000Z", missingCoordinates: false });
    expect(later!.missingCoordinates).toBe(true);
    expect(oles).toMatchObject({ marketId: olesMarket.id, changedFields: ["name", "description"] });
    // Mette has both of her submissions as markets; the account's age is an instant on both databases.
    expect(first!.author).toMatchObject({ id: mette.id, name: "Mette Holm", email: mette.email, marketCount: 2 });
    expect(new Date(first!.author!.createdAt).toISOString()).toBe(first!.author!.createdAt);
    expect(Date.now() - Date.parse(first!.author!.createdAt)).toBeLessThan(60 * 60 * 1000);
    expect(oles!.author).toMatchObject({ name: "Ole Olsen", marketCount: 1 });
    ids.edit = oles!.revisionId;
    ids.firstRevision = first!.revisionId;
    ids.laterRevision = later!.revisionId;

    // The front page's queues say since when the oldest of each kind waits.
    expect(await queueCounts(database.db)).toEqual({
      submissions: 2,
      edits: 1,
      missingCoordinates: 1,
      oldestSubmission: "2026-05-10T09:05:00.000Z",
      oldestEdit: "2026-05-10T09:30:00.000Z",
    });
  });

  test("pages through the queue", async () => {
    const page = await reviewQueue(database.db, { offset: 1, limit: 1 });
    expect(page.total).toBe(3);
    expect(page.items.map((item) => item.name)).toEqual(["Loppemarked uden kort"]);
    expect((await reviewQueue(database.db, { offset: 3, limit: 25 })).items).toEqual([]);
  });

  test("gives one item with its market and sender; other kinds and unknown ids are not review items", async () => {
    const item = await reviewItem(database.db, ids.edit!);
    expect(item?.revision).toMatchObject({ kind: "edit", state: "pending", before: expect.objectContaining({ name: "Oles marked" }) });
    expect(item?.market).toMatchObject({ id: ids.olesMarket, name: "Oles marked", status: "published" });
    expect(item?.author?.name).toBe("Ole Olsen");
    expect(item?.decidedBy).toBeNull();
    expect(await reviewItem(database.db, "00000000-0000-4000-8000-000000000000")).toBeNull();
    const archive = await database.db.selectFrom("market_revisions").select("id").where("kind", "=", "archive").executeTakeFirstOrThrow();
    expect(await reviewItem(database.db, archive.id)).toBeNull();
  });

  test("leaves decided changes out, and keeps who decided them", async () => {
    await rejectRevision(database.db, admin, ids.firstRevision!, "Datoen mangler.");
    await approveRevision(database.db, admin, ids.edit!);
    const { total, items } = await reviewQueue(database.db);
    expect(total).toBe(1);
    expect(items.map((item) => item.revisionId)).toEqual([ids.laterRevision]);
    expect(await queueCounts(database.db)).toMatchObject({ submissions: 1, edits: 0, missingCoordinates: 1, oldestEdit: null });
    const decided = await reviewItem(database.db, ids.firstRevision!);
    expect(decided?.revision).toMatchObject({ state: "rejected", reason: "Datoen mangler." });
    expect(decided?.decidedBy).toEqual({ name: "Anders Admin" });
  });

  test("counts the markets by status, every status present", async () => {
    expect(await marketsByStatus(database.db)).toEqual({ draft: 0, pending: 1, published: 2, rejected: 1, archived: 1 });
  });

  test("shows no sender once the account is gone", async () => {
    const gone = await createUser(database, { name: "Forsvundet" });
    const { id } = await submitMarket(database.db, holder(gone), await content({ name: "Efterladt marked" }), at(40));
    await database.db.deleteFrom("user").where("id", "=", gone.id).execute();
    const item = (await reviewQueue(database.db)).items.find((candidate) => candidate.marketId === id);
    expect(item?.author).toBeNull();
  });
});

describe(`the organiser's mail after a review on ${kind}`, () => {
  let database: TestDatabase;
  let admin: PermissionHolder;
  let organiser: TestUser;
  const BASE = "https://loppeguiden.example";

  beforeAll(async () => {
    database = await createTestDatabase();
    const adminUser = await createUser(database, { admin: true });
    admin = { id: adminUser.id, roles: ["visitor", "admin"] };
    organiser = await createUser(database, { name: "Mette <b>Holm</b>" });
  });

  afterAll(async () => {
    await database?.destroy();
  });

  const submit = async (name: string, by: TestUser = organiser) => submitMarket(database.db, { id: by.id, roles: ["visitor"] }, snapshotOf(await marketInput({ name })));
  const revisionOf = async (marketId: string) =>
    (await database.db.selectFrom("market_revisions").select("id").where("market_id", "=", marketId).where("state", "=", "pending").executeTakeFirstOrThrow()).id;

  test("an approved submission: the market is live, with its link, in HTML and text", async () => {
    const { id } = await submit("Sommerloppen");
    const result = await approveRevision(database.db, admin, await revisionOf(id));
    if (result.outcome !== "approved") throw new Error(result.outcome);
    const sent: Mail[] = [];
    expect(await sendReviewMail(database.db, result, { baseUrl: BASE, logger: pino({ level: "silent" }), send: async (mail) => void sent.push(mail) })).toBe("sent");
    const [mail] = sent;
    expect(mail).toMatchObject({ to: organiser.email, subject: "Sommerloppen er nu på Loppeguiden", link: `${BASE}/markeder/${result.market.slug}` });
    expect(mail!.text).toContain("Hej Mette <b>Holm</b>");
    expect(mail!.text).toContain(`${BASE}/markeder/${result.market.slug}`);
    expect(mail!.html).toContain("Mette &lt;b&gt;Holm&lt;/b&gt;");
    expect(mail!.html).toContain(`href="${BASE}/markeder/${result.market.slug}"`);
  });

  test("a rejection: the reason, and where to correct it and send it again", async () => {
    const { id } = await submit("Vinterloppen");
    const result = await rejectRevision(database.db, admin, await revisionOf(id), "Adressen mangler.\n\nSkriv også åbningstiden.");
    if (result.outcome !== "rejected") throw new Error(result.outcome);
    const sent: Mail[] = [];
    expect(await sendReviewMail(database.db, result, { baseUrl: BASE, logger: pino({ level: "silent" }), send: async (mail) => void sent.push(mail) })).toBe("sent");
    const [mail] = sent;
    expect(mail!.subject).toBe("Vinterloppen blev ikke godkendt");
    expect(mail!.text).toContain("Adressen mangler.\n\nSkriv også åbningstiden.");
    expect(mail!.text).toContain(`${BASE}/dashboard/mine-markeder`);
    expect(mail!.html).toContain('<p style="margin:0 0 16px">Skriv også åbningstiden.</p>');
  });

  test("nobody to write to once the author's account is gone, and a failed send is reported, not thrown", async () => {
    const gone = await createUser(database, { name: "Væk" });
    const { id } = await submit("Forladt marked", gone);
    const result = await approveRevision(database.db, admin, await revisionOf(id));
    if (result.outcome !== "approved") throw new Error(result.outcome);
    await database.db.deleteFrom("user").where("id", "=", gone.id).execute();
    let calls = 0;
    expect(await sendReviewMail(database.db, result, { baseUrl: BASE, logger: pino({ level: "silent" }), send: async () => void (calls += 1) })).toBe("no_recipient");
    expect(
      await sendReviewMail(
        database.db,
        { ...result, revision: { ...result.revision, authorId: null } },
        { baseUrl: BASE, logger: pino({ level: "silent" }), send: async () => void (calls += 1) },
      ),
    ).toBe("no_recipient");
    expect(calls).toBe(0);

    const { id: other } = await submit("Postkassen er fuld");
    const approved = await approveRevision(database.db, admin, await revisionOf(other));
    if (approved.outcome !== "approved") throw new Error(approved.outcome);
    const failing = async () => {
      throw new Error("550 Mailbox unavailable");
    };
    expect(await sendReviewMail(database.db, approved, { baseUrl: BASE, logger: pino({ level: "silent" }), send: failing })).toBe("failed");
  });
});
