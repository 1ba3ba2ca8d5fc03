import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { PermissionHolder } from "../../app/auth/permissions";
import { marketInputSchema } from "../../app/markets/market-input";
import { createMarket } from "../../app/markets/market-writes.server";
import { addExtraDate, managedMarket } from "../../app/organiser/control-panel/manage-market.server";
import { deleteOwnDraft, ownedDrafts, ownedMarkets } from "../../app/organiser/control-panel/owner-markets.server";
import { draftCard, ownedMarketCard, revisionRow } from "../../app/organiser/control-panel/owner-texts.server";
import { readStoredMarket, revisionsOf } from "../../app/revisions/revisions.server";
import { snapshotOf, type MarketSnapshot } from "../../app/revisions/snapshot";
import { approveRevision, rejectRevision } from "../../app/revisions/decisions.server";
import { cancelOccurrence } from "../../app/revisions/archive-and-cancel.server";
import { editMarket, submitMarket } from "../../app/revisions/send.server";
import translation from "../../app/locales/da/translation.json";
import { createUser } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

/**
 * The owner's side of submissions (app/organiser/control-panel/owner-markets.server.ts and
 * manage-market.server.ts) against a real database: what /dashboard/mine-markeder lists, a draft
 * thrown away, an extra date under the trust rules, and the history the manage page shows.
 */

const TODAY = "2027-03-01"; // a Monday
const clock = { today: TODAY, now: new Date("2027-03-01T09:00:00.000Z") };
const texts = translation.organiser;

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

describe(`the owner's markets on ${inject("testDatabase").kind}`, () => {
  let database: TestDatabase;
  let owner: PermissionHolder;
  let organizer: PermissionHolder;
  let admin: PermissionHolder;
  let neighbour: PermissionHolder;

  beforeAll(async () => {
    database = await createTestDatabase();
    const [a, b, c, d] = await Promise.all([
      createUser(database, { name: "Olga Ejer" }),
      createUser(database, { name: "Ole Arrangør", role: "organizer" }),
      createUser(database, { name: "Anna Admin", admin: true }),
      createUser(database, { name: "Nabo Nielsen" }),
    ]);
    owner = { id: a.id, roles: ["visitor"] };
    organizer = { id: b.id, roles: ["visitor", "organizer"] };
    admin = { id: c.id, roles: ["visitor", "admin"] };
    neighbour = { id: d.id, roles: ["visitor"] };
  });

  afterAll(async () => {
    await database?.destroy();
  });

  async function addDraft(ownerId: string, fields: unknown, updatedAt: string, step = "datoer-og-tider"): Promise<string> {
    const id = randomUUID();
    await database.db
      .insertInto("market_drafts")
      .values({ id, owner_id: ownerId, step, fields: typeof fields === "string" ? fields : JSON.stringify(fields), created_at: updatedAt, updated_at: updatedAt })
      .execute();
    return id;
  }

  it("lists the person's markets by name: status, a waiting change, the next date that is not cancelled, and the last 30 days' views", async () => {
    const db = database.db;
    const waiting = await submitMarket(db, owner, content("Bakkens Loppemarked"), clock);
    const published = await submitMarket(db, owner, content("Algade Kræmmermarked"), clock);
    const [submission] = await revisionsOf(db, published.id);
    await approveRevision(db, admin, submission!.id, undefined, clock);
    // Sunday 7 March is cancelled: the next date is the 14th.
    expect(await cancelOccurrence(db, owner, published.id, "2027-03-07", "Storm", clock)).toBe("cancelled");
    const turnedDown = await submitMarket(db, owner, content("Cykelmarked ved Åen"), clock);
    const [turnedDownSubmission] = await revisionsOf(db, turnedDown.id);
    await rejectRevision(db, admin, turnedDownSubmission!.id, "Mangler adresse", clock);
    await submitMarket(
      db,
      owner,
      content("Genbrugsbutikken", { type: "thrift_store", schedules: [{ kind: "opening_hours", startDate: "2027-01-01", openingHours: { sat: [["10:00", "14:00"]] } }] }),
      clock,
    );
    await submitMarket(db, neighbour, content("Naboens Marked"), clock);
    // An untrusted edit of a public market: created public by the write path, with no approval in its history.
    const untouched = await createMarket(db, { ...content("Damhusengen Marked"), status: "published" }, { userId: owner.id }, clock);
    expect((await editMarket(db, owner, untouched.id, content("Damhusengen Marked", { description: "Nu med kaffe" }), clock)).outcome).toBe("pending");
    await db
      .insertInto("market_views")
      .values([
        { market_id: published.id, day: TODAY, views: 5 },
        { market_id: published.id, day: "2027-01-31", views: 7 },
        // 30 days before today: outside the last 30 days.
        { market_id: published.id, day: "2027-01-30", views: 100 },
        { market_id: untouched.id, day: "2027-02-15", views: 1 },
      ])
      .execute();

    const markets = await ownedMarkets(db, owner.id, TODAY);
    expect(markets.map((market) => [market.name, market.status, market.reachable, market.pendingKind])).toEqual([
      ["Algade Kræmmermarked", "published", true, null],
      ["Bakkens Loppemarked", "pending", false, "submission"],
      ["Cykelmarked ved Åen", "rejected", false, null],
      ["Damhusengen Marked", "published", true, "edit"],
      ["Genbrugsbutikken", "pending", false, "submission"],
    ]);
    const byName = new Map(markets.map((market) => [market.name, market]));
    expect(byName.get("Algade Kræmmermarked")).toMatchObject({ next: { date: "2027-03-14", startTime: "10:00", endTime: "15:00" }, views: 12 });
    expect(byName.get("Genbrugsbutikken")).toMatchObject({ isShop: true, next: null });
    expect(byName.get("Bakkens Loppemarked")!.id).toBe(waiting.id);

    const cards = markets.map(ownedMarketCard);
    expect(cards.map((card) => card.statusLabel)).toEqual([
      texts.mine.status.published,
      texts.mine.status.pending,
      texts.mine.status.rejected,
      texts.mine.status.published,
      texts.mine.status.pending,
    ]);
    expect(cards[0]).toMatchObject({ when: "søn. 14. mar. 2027 kl. 10–15", views: "12 visninger de sidste 30 dage", href: `/markeder/${published.slug}` });
    expect(cards[1]!.href).toBeNull();
    expect(cards[3]).toMatchObject({ pendingEdit: true, views: texts.mine.viewsOne });
    expect(cards[4]!.when).toBe(texts.mine.shop);
    expect(await ownedMarkets(db, randomUUID(), TODAY)).toEqual([]);
  });

  it("lists the person's drafts, last saved first, with the typed name or none, and deletes only their own", async () => {
    const person = await createUser(database, { name: "Kladde Karen" });
    const named = await addDraft(person.id, { name: "  Sommerloppen  ", city: "Vejle" }, "2027-02-20T10:00:00.000Z", "sted");
    const unnamed = await addDraft(person.id, { name: "" }, "2027-02-25T10:00:00.000Z", "noget-nyt");
    const unreadable = await addDraft(person.id, "ikke json", "2027-02-01T10:00:00.000Z");
    const others = await addDraft(neighbour.id, { name: "Naboens kladde" }, "2027-02-26T10:00:00.000Z");

    const drafts = await ownedDrafts(database.db, person.id);
    expect(drafts.map((draft) => [draft.id, draft.name, draft.step])).toEqual([
      [unnamed, null, "noget-nyt"],
      [named, "Sommerloppen", "sted"],
      [unreadable, null, "datoer-og-tider"],
    ]);
    expect(drafts.map(draftCard).map((card) => [card.name, card.saved, card.step])).toEqual([
      [texts.mine.draft.untitled, "Sidst gemt 25. feb. 2027 kl. 11.00", texts.mine.draft.stepUnknown],
      ["Sommerloppen", "Sidst gemt 20. feb. 2027 kl. 11.00", `Nåede til: ${texts.form.steps.place.title}`],
      [texts.mine.draft.untitled, "Sidst gemt 1. feb. 2027 kl. 11.00", `Nåede til: ${texts.form.steps.dates.title}`],
    ]);

    expect(await deleteOwnDraft(database.db, person.id, others)).toBe(false);
    expect(await deleteOwnDraft(database.db, person.id, named)).toBe(true);
    expect(await deleteOwnDraft(database.db, person.id, named)).toBe(false);
    expect((await ownedDrafts(database.db, person.id)).map((draft) => draft.id)).toEqual([unnamed, unreadable]);
    expect((await ownedDrafts(database.db, neighbour.id)).map((draft) => draft.id)).toEqual([others]);
  });

  it("adds an extra date live for a trusted owner, as a waiting change otherwise, and to a market still in review", async () => {
    const db = database.db;
    const datesOf = async (id: string) =>
      (
        await db
          .selectFrom("market_occurrences")
          .select(["local_date", "start_time"])
          .where("market_id", "=", id)
          .where("local_date", "<", "2027-03-14")
          .orderBy("local_date")
          .execute()
      ).map((row) => `${row.local_date} ${row.start_time}`);
    const trusted = await createMarket(db, { ...content("Arrangørens Marked"), status: "published" }, { userId: organizer.id }, clock);
    const stored = (id: string) => readStoredMarket(db, id).then((market) => market!);

    expect(await addExtraDate(db, organizer, await stored(trusted.id), { date: "2027-03-10", startTime: "16:00", endTime: "20:00" }, clock)).toEqual({ outcome: "applied" });
    expect(await datesOf(trusted.id)).toEqual(["2027-03-07 10:00", "2027-03-10 16:00"]);

    const untrusted = await createMarket(db, { ...content("Begynderens Marked"), status: "published" }, { userId: owner.id }, clock);
    expect(await addExtraDate(db, owner, await stored(untrusted.id), { date: "2027-03-10", startTime: "16:00", endTime: "20:00" }, clock)).toEqual({ outcome: "pending" });
    // A second extra date joins the first in the one waiting change.
    expect(await addExtraDate(db, owner, await stored(untrusted.id), { date: "2027-03-12", startTime: "09:00", endTime: "12:00" }, clock)).toEqual({ outcome: "pending" });
    expect(await datesOf(untrusted.id)).toEqual(["2027-03-07 10:00"]);
    const waiting = (await revisionsOf(db, untrusted.id)).filter((revision) => revision.state === "pending");
    expect(waiting).toHaveLength(1);
    expect(waiting[0]!.after.schedules.filter((spec) => spec.kind === "dates").map((spec) => spec.startDate)).toEqual(["2027-03-10", "2027-03-12"]);

    const inReview = await submitMarket(db, owner, content("Ventende Marked"), clock);
    expect(await addExtraDate(db, owner, await stored(inReview.id), { date: "2027-03-10", startTime: "16:00", endTime: "20:00" }, clock)).toEqual({ outcome: "market_pending" });
    expect(await datesOf(inReview.id)).toEqual(["2027-03-07 10:00", "2027-03-10 16:00"]);

    const market = await stored(trusted.id);
    const extra = { startTime: "10:00", endTime: "15:00" };
    expect(await addExtraDate(db, organizer, market, { date: "2027-02-28", ...extra }, clock)).toMatchObject({ outcome: "invalid", field: "date", message: "past" });
    expect(await addExtraDate(db, organizer, market, { date: "2028-09-02", ...extra }, clock)).toMatchObject({ outcome: "invalid", field: "date", message: "beyond" });
    expect(await addExtraDate(db, organizer, market, { date: "2027-03-07", ...extra }, clock)).toMatchObject({ outcome: "invalid", field: "date", message: "taken" });
    await cancelOccurrence(db, organizer, trusted.id, "2027-03-14", null, clock);
    expect(await addExtraDate(db, organizer, await stored(trusted.id), { date: "2027-03-14", ...extra }, clock)).toMatchObject({
      outcome: "invalid",
      field: "date",
      message: "cancelled",
    });
  });

  it("shows the history with authors, the cancelled dates, a rejection's reason, and which versions an admin may restore", async () => {
    const db = database.db;
    const author = await createUser(database, { name: "Forfatter Frida" });
    const frida: PermissionHolder = { id: author.id, roles: ["visitor"] };
    const submitted = await submitMarket(db, frida, content("Historiemarkedet"), clock);
    const [submission] = await revisionsOf(db, submitted.id);
    await approveRevision(db, admin, submission!.id, undefined, clock);
    const later = { ...clock, now: new Date("2027-03-01T10:00:00.000Z") };
    await editMarket(db, frida, submitted.id, content("Historiemarkedet", { description: "Kaffe og kage" }), later);
    await cancelOccurrence(db, frida, submitted.id, "2027-03-21", "Pinse", { ...clock, now: new Date("2027-03-01T11:00:00.000Z") });

    const page = await managedMarket(db, (await readStoredMarket(db, submitted.id))!, TODAY);
    expect(page.revisions.map((revision) => [revision.kind, revision.state, revision.authorName, revision.restorable])).toEqual([
      ["cancel_date", "applied", "Forfatter Frida", false],
      ["edit", "applied", "Forfatter Frida", true],
      ["submission", "applied", "Forfatter Frida", true],
    ]);
    expect(page.dates.slice(0, 4).map((date) => [date.date, date.cancelled, date.note])).toEqual([
      ["2027-03-07", false, null],
      ["2027-03-14", false, null],
      ["2027-03-21", true, "Pinse"],
      ["2027-03-28", false, null],
    ]);
    expect(page.dates).toHaveLength(10);
    const rows = page.revisions.map(revisionRow);
    expect(rows[0]).toMatchObject({
      kind: texts.manage.history.kinds.cancel_date,
      who: "af Forfatter Frida",
      when: "1. mar. 2027 kl. 12.00",
      details: ["Aflyst: søn. 21. mar. 2027"],
    });
    expect(rows[1]).toMatchObject({ kind: texts.manage.history.kinds.edit, state: texts.manage.history.states.applied, decided: null, details: [] });
    expect(rows[1]!.changes.map((change) => [change.field, change.after])).toEqual([["description", "Kaffe og kage"]]);
    // The admin approved the submission: the history says who.
    expect(rows[2]!.decided).toBe(texts.manage.history.approvedBy.replace("{{name}}", "Anna Admin"));
    expect(rows[2]!.details).toEqual([]);

    // The author's account goes: their changes stay, without their name.
    await db.updateTable("market_revisions").set({ author_id: null }).where("author_id", "=", author.id).execute();
    const anonymous = await managedMarket(db, (await readStoredMarket(db, submitted.id))!, TODAY);
    expect(anonymous.revisions.map(revisionRow).map((row) => row.who)).toEqual(Array(3).fill(`af ${texts.manage.history.deletedUser}`));

    const rejected = await submitMarket(db, neighbour, content("Afvist Marked"), clock);
    const [rejectedSubmission] = await revisionsOf(db, rejected.id);
    await rejectRevision(db, admin, rejectedSubmission!.id, "Ligner en dublet", clock);
    const turnedDown = await managedMarket(db, (await readStoredMarket(db, rejected.id))!, TODAY);
    expect(turnedDown).toMatchObject({ status: "rejected", reachable: false, rejectionReason: "Ligner en dublet" });
    expect(turnedDown.revisions.map(revisionRow)[0]!.details).toEqual(["Begrundelse: Ligner en dublet"]);
  });
});
