import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { PermissionHolder } from "../../app/auth/permissions";
import { readCacheGeneration } from "../../app/lib/cache-generation.server";
import { currentSlugFor, getPublicMarket } from "../../app/markets/market-detail.server";
import { findMarkets } from "../../app/register/market-list.server";
import { createMarket } from "../../app/markets/market-writes.server";
import { addExtraDate } from "../../app/organiser/control-panel/manage-market.server";
import { readStoredMarket, revisionsOf } from "../../app/revisions/revisions.server";
import { snapshotOf, type MarketSnapshot } from "../../app/revisions/snapshot";
import { approveRevision, rejectRevision, restoreRevision } from "../../app/revisions/decisions.server";
import { archiveMarket, cancelOccurrence } from "../../app/revisions/archive-and-cancel.server";
import { editMarket, submitMarket } from "../../app/revisions/send.server";
import { marketInput } from "../support/factories";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

/*
 * Organisers' submissions and edits, the review and the revisions (app/revisions/, app/review/):
 * which changes go live at once and which wait (the trust rules), what approving, rejecting and
 * restoring do to the market the public sees, and that every change leaves a revision.
 */

const TODAY = "2027-03-01";
const clock = { today: TODAY, now: new Date("2027-03-01T09:00:00Z") };
const later = (minutes: number) => ({ today: TODAY, now: new Date(clock.now.getTime() + minutes * 60_000) });

const newcomer: PermissionHolder = { id: "00000000-0000-4000-8000-000000000001", roles: ["visitor"] };
const organizer: PermissionHolder = { id: "00000000-0000-4000-8000-000000000002", roles: ["visitor", "organizer"] };
const admin: PermissionHolder = { id: "00000000-0000-4000-8000-000000000003", roles: ["visitor", "admin"] };
const stranger: PermissionHolder = { id: "00000000-0000-4000-8000-000000000004", roles: ["visitor"] };

async function content(fields: Record<string, unknown> = {}): Promise<MarketSnapshot> {
  return snapshotOf(await marketInput({ schedules: [{ kind: "rule", startDate: "2027-03-07", rrule: "FREQ=WEEKLY;BYDAY=SU", startTime: "10:00", endTime: "15:00" }], ...fields }));
}

describe(`submissions, review and revisions on ${inject("testDatabase").kind}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
  });

  const db = () => database.db;
  const listedSlugs = async (text: string) => (await findMarkets(db(), { text }, { today: TODAY, pageSize: 50 })).items.map((item) => item.slug);
  const status = async (id: string) => (await readStoredMarket(db(), id))!.status;

  it("keeps a newcomer's first submission out of sight until an admin approves it, and then publishes it everywhere", async () => {
    const submitted = await submitMarket(db(), newcomer, await content({ name: "Nykommerens Loppemarked" }), clock);
    expect(submitted.status).toBe("pending");
    expect(await getPublicMarket(db(), submitted.slug, TODAY)).toBeNull();
    expect(await listedSlugs("Nykommerens")).toEqual([]);

    const [pending] = await revisionsOf(db(), submitted.id);
    expect(pending).toMatchObject({ kind: "submission", state: "pending", authorId: newcomer.id, before: null });
    const generation = await readCacheGeneration(db());

    const decision = await approveRevision(db(), admin, pending!.id, undefined, later(5));
    expect(decision.outcome).toBe("approved");
    expect(await status(submitted.id)).toBe("published");
    expect(await listedSlugs("Nykommerens")).toEqual([submitted.slug]);
    expect(await readCacheGeneration(db())).toBeGreaterThan(generation);
    expect((await revisionsOf(db(), submitted.id))[0]).toMatchObject({ state: "applied", decidedBy: admin.id });
    // Decided once: a second decision changes nothing.
    expect((await rejectRevision(db(), admin, pending!.id, "For sent")).outcome).toBe("already_decided");
  });

  it("rejects a submission with a reason, and a corrected one waits again", async () => {
    const submitted = await submitMarket(db(), newcomer, await content({ name: "Afvist Marked" }), clock);
    const [pending] = await revisionsOf(db(), submitted.id);
    const rejected = await rejectRevision(db(), admin, pending!.id, "Adressen mangler husnummer.", later(1));
    expect(rejected.outcome).toBe("rejected");
    expect(await status(submitted.id)).toBe("rejected");
    expect((await revisionsOf(db(), submitted.id))[0]).toMatchObject({ state: "rejected", reason: "Adressen mangler husnummer.", decidedBy: admin.id });

    const resent = await editMarket(db(), newcomer, submitted.id, await content({ name: "Afvist Marked", street: "Torvet 3" }), later(2));
    expect(resent.outcome).toBe("pending");
    expect(await status(submitted.id)).toBe("pending");
    const revisions = await revisionsOf(db(), submitted.id);
    expect(revisions.map((revision) => [revision.kind, revision.state])).toEqual([
      ["submission", "pending"],
      ["submission", "rejected"],
    ]);
  });

  it("lets an admin correct a submission while approving it", async () => {
    const submitted = await submitMarket(db(), newcomer, await content({ name: "Stavefejl Markd" }), clock);
    const [pending] = await revisionsOf(db(), submitted.id);
    await approveRevision(db(), admin, pending!.id, await content({ name: "Stavefejl Marked" }), later(1));
    const stored = await readStoredMarket(db(), submitted.id);
    expect([stored!.name, stored!.status]).toEqual(["Stavefejl Marked", "published"]);
    // The rename moved the address, and the one the organiser was told still leads there.
    expect(await currentSlugFor(db(), submitted.slug)).toBe(stored!.slug);
  });

  it("publishes at once for an admin, and for an organizer who already has a public market, but not for an organizer's first", async () => {
    expect((await submitMarket(db(), admin, await content({ name: "Admins Marked" }), clock)).status).toBe("published");
    expect((await submitMarket(db(), organizer, await content({ name: "Arrangørens Første" }), clock)).status).toBe("pending");
    await createMarket(db(), { ...(await marketInput({ name: "Arrangørens Kendte" })), status: "published" }, { userId: organizer.id }, clock);
    expect((await submitMarket(db(), organizer, await content({ name: "Arrangørens Andet" }), clock)).status).toBe("published");
  });

  it("applies an owner's edit at once once an admin has approved the market, and the organizer's always", async () => {
    const submitted = await submitMarket(db(), newcomer, await content({ name: "Godkendt Marked" }), clock);
    await approveRevision(db(), admin, (await revisionsOf(db(), submitted.id))[0]!.id, undefined, later(1));
    const edited = await editMarket(db(), newcomer, submitted.id, await content({ name: "Godkendt Marked", description: "Nu med kaffe." }), later(2));
    expect(edited.outcome).toBe("applied");
    expect((await readStoredMarket(db(), submitted.id))!.snapshot.description).toBe("Nu med kaffe.");

    const organizers = await createMarket(db(), { ...(await marketInput({ name: "Arrangørens Eget" })), status: "published" }, { userId: organizer.id }, clock);
    expect((await editMarket(db(), organizer, organizers.id, await content({ name: "Arrangørens Eget", phone: "12345678" }), later(3))).outcome).toBe("applied");
  });

  it("keeps a new owner's edit of a public market waiting, with its fields before and after, until an admin approves it", async () => {
    // Published without a review (as a claimed market once will be): its owner is not trusted yet.
    const market = await createMarket(db(), { ...(await content({ name: "Ventende Marked", entryFeeDkk: "20" })), status: "published" }, { userId: newcomer.id }, clock);
    const before = (await readStoredMarket(db(), market.id))!.snapshot;
    const proposal = await content({ name: "Ventende Marked", entryFeeDkk: "0", description: "Gratis entré fra i år." });

    expect((await editMarket(db(), newcomer, market.id, proposal, later(1))).outcome).toBe("pending");
    expect((await readStoredMarket(db(), market.id))!.snapshot).toEqual(before);
    // A second edit before the review replaces the first: the reviewer sees one change.
    const second = { ...proposal, description: "Gratis entré fra i år. Kaffe i boden." };
    await editMarket(db(), newcomer, market.id, second, later(2));
    const waiting = (await revisionsOf(db(), market.id)).filter((revision) => revision.state === "pending");
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ kind: "edit", before, changedFields: ["description", "entryFeeDkk"] });

    await approveRevision(db(), admin, waiting[0]!.id, undefined, later(3));
    const after = (await readStoredMarket(db(), market.id))!.snapshot;
    expect([after.description, after.entryFeeDkk]).toEqual(["Gratis entré fra i år. Kaffe i boden.", 0]);
    // Approved once, the owner is trusted with this market from now on.
    expect((await editMarket(db(), newcomer, market.id, { ...second, phone: "87654321" }, later(4))).outcome).toBe("applied");
  });

  it("never lets someone else's edit go live, even on a market without an owner", async () => {
    const market = await createMarket(db(), { ...(await marketInput({ name: "Andres Marked" })), status: "published" }, { userId: newcomer.id }, clock);
    expect((await editMarket(db(), stranger, market.id, await content({ name: "Kapret Marked" }), later(1))).outcome).toBe("pending");
    expect((await readStoredMarket(db(), market.id))!.name).toBe("Andres Marked");
  });

  it("records every change, and an admin's restore brings back an earlier version as a revision of its own", async () => {
    const market = await submitMarket(db(), admin, await content({ name: "Historisk Marked", description: "Første udgave." }), clock);
    await editMarket(db(), admin, market.id, await content({ name: "Historisk Marked", description: "Anden udgave." }), later(1));
    await editMarket(db(), admin, market.id, await content({ name: "Historisk Marked Nord", description: "Tredje udgave." }), later(2));
    const [third, second, first] = await revisionsOf(db(), market.id);
    expect([third!.changedFields, second!.changedFields]).toEqual([["name", "description"], ["description"]]);
    expect(first!.kind).toBe("submission");

    const restored = await restoreRevision(db(), admin, second!.id, later(3));
    expect(restored).toMatchObject({ outcome: "restored", slug: market.slug });
    const stored = await readStoredMarket(db(), market.id);
    expect([stored!.name, stored!.snapshot.description]).toEqual(["Historisk Marked", "Anden udgave."]);
    const [restore] = await revisionsOf(db(), market.id);
    expect(restore).toMatchObject({ kind: "restore", state: "applied", authorId: admin.id, decidedBy: admin.id, restoredFrom: second!.id, changedFields: ["name", "description"] });
    // A rejected or waiting change was never the market: it cannot be restored.
    const pending = await editMarket(db(), stranger, market.id, await content({ name: "Historisk Marked" }), later(4));
    expect(pending.outcome).toBe("pending");
    const waiting = (await revisionsOf(db(), market.id)).find((revision) => revision.state === "pending");
    expect((await restoreRevision(db(), admin, waiting!.id, later(5))).outcome).toBe("not_restorable");
  });

  it("archives a market at once and cancels one date, which the page shows with the reason of an organizer, whose edits are live", async () => {
    const market = await createMarket(db(), { ...(await content({ name: "Aflysningsmarked" })), status: "published" }, { userId: organizer.id }, clock);
    expect(await cancelOccurrence(db(), organizer, market.id, "2027-03-14", "Regnvejr", later(1))).toBe("cancelled");
    expect(await cancelOccurrence(db(), organizer, market.id, "2027-03-15", null, later(1))).toBe("no_such_date");
    const page = await getPublicMarket(db(), market.slug, TODAY);
    expect(page!.upcoming.slice(0, 3).map((occurrence) => [occurrence.date, occurrence.status, occurrence.note ?? null])).toEqual([
      ["2027-03-07", "scheduled", null],
      ["2027-03-14", "cancelled", "Regnvejr"],
      ["2027-03-21", "scheduled", null],
    ]);
    expect(await cancelOccurrence(db(), organizer, market.id, "2027-03-14", null, later(2))).toBe("no_such_date");

    expect(await archiveMarket(db(), organizer, market.id, later(3))).toBe(true);
    expect(await archiveMarket(db(), organizer, market.id, later(3))).toBe(false);
    expect(await status(market.id)).toBe("archived");
    expect(await listedSlugs("Aflysningsmarked")).toEqual([]);
    expect((await revisionsOf(db(), market.id)).map((revision) => revision.kind)).toEqual(["archive", "cancel_date"]);
  });

  it("keeps a date cancelled in a submission through its approval, and never archives a market the public has not seen", async () => {
    const submitted = await submitMarket(db(), newcomer, await content({ name: "Aflyst Før Godkendelse" }), clock);
    expect(await cancelOccurrence(db(), newcomer, submitted.id, "2027-03-14", "Vejarbejde", later(1))).toBe("cancelled");
    expect(await archiveMarket(db(), newcomer, submitted.id, later(2))).toBe(false);
    expect(await status(submitted.id)).toBe("pending");

    const waiting = (await revisionsOf(db(), submitted.id)).find((revision) => revision.state === "pending");
    await approveRevision(db(), admin, waiting!.id, undefined, later(3));
    const page = await getPublicMarket(db(), submitted.slug, TODAY);
    expect(page!.upcoming.find((occurrence) => occurrence.date === "2027-03-14")).toMatchObject({ status: "cancelled", note: "Vejarbejde" });
  });

  it("keeps a date cancelled and an extra date added while an owner's edit waits when that edit is approved", async () => {
    const market = await createMarket(db(), { ...(await content({ name: "Ventende Datoer" })), status: "published" }, { userId: newcomer.id }, clock);
    // The waiting edit retimes the Sundays: the cancellation must find its day all the same.
    const proposal = await content({ name: "Ventende Datoer", description: "Nu fra klokken elleve." });
    proposal.schedules = proposal.schedules.map((spec) => ({ ...spec, startTime: "11:00" }));
    expect((await editMarket(db(), newcomer, market.id, proposal, later(1))).outcome).toBe("pending");

    // Cancelled at once; the reason is free text and joins the owner's waiting edit (decision 0027).
    expect(await cancelOccurrence(db(), newcomer, market.id, "2027-03-14", "Storm", later(2))).toBe("cancelled_note_waits");
    const meanwhile = (await getPublicMarket(db(), market.slug, TODAY))!.upcoming.find((occurrence) => occurrence.date === "2027-03-14")!;
    expect([meanwhile.status, meanwhile.note ?? null]).toEqual(["cancelled", null]);
    const extra = await addExtraDate(db(), admin, (await readStoredMarket(db(), market.id))!, { date: "2027-03-17", startTime: "10:00", endTime: "14:00" }, later(3));
    expect(extra.outcome).toBe("applied");
    const waiting = (await revisionsOf(db(), market.id)).find((revision) => revision.state === "pending")!;
    // The review still shows only what the owner changed.
    expect(waiting.changedFields).toEqual(["description", "schedules"]);

    await approveRevision(db(), admin, waiting.id, undefined, later(4));
    const page = await getPublicMarket(db(), market.slug, TODAY);
    expect(page!.upcoming.slice(0, 4).map((occurrence) => [occurrence.date, occurrence.startTime, occurrence.status, occurrence.note ?? null])).toEqual([
      ["2027-03-07", "11:00", "scheduled", null],
      ["2027-03-14", "11:00", "cancelled", "Storm"],
      ["2027-03-17", "10:00", "scheduled", null],
      ["2027-03-21", "11:00", "scheduled", null],
    ]);
  });

  it("does not trust an owner because an admin restored or changed their market, only because one approved it", async () => {
    const market = await createMarket(db(), { ...(await content({ name: "Gendannet Marked", description: "Første." })), status: "published" }, { userId: newcomer.id }, clock);
    await editMarket(db(), admin, market.id, await content({ name: "Gendannet Marked", description: "Anden." }), later(1));
    const [adminsEdit] = await revisionsOf(db(), market.id);
    await editMarket(db(), admin, market.id, await content({ name: "Gendannet Marked", description: "Tredje." }), later(2));
    expect((await restoreRevision(db(), admin, adminsEdit!.id, later(3))).outcome).toBe("restored");
    expect((await editMarket(db(), newcomer, market.id, await content({ name: "Gendannet Marked", description: "Ejerens." }), later(4))).outcome).toBe("pending");
  });

  it("changes no date of a closed market", async () => {
    const market = await createMarket(db(), { ...(await content({ name: "Lukket Datomarked" })), status: "published" }, { userId: newcomer.id }, clock);
    await archiveMarket(db(), newcomer, market.id, later(1));
    expect(await cancelOccurrence(db(), newcomer, market.id, "2027-03-14", null, later(2))).toBe("closed");
    const stored = (await readStoredMarket(db(), market.id))!;
    expect((await addExtraDate(db(), admin, stored, { date: "2027-03-17", startTime: "10:00", endTime: "14:00" }, later(3))).outcome).toBe("closed");
    expect((await readStoredMarket(db(), market.id))!.snapshot).toEqual(stored.snapshot);
  });

  it("decides a change once when two admins decide it at the same moment", async () => {
    const submitted = await submitMarket(db(), newcomer, await content({ name: "Dobbelt Godkendt" }), clock);
    const [pending] = await revisionsOf(db(), submitted.id);
    const other: PermissionHolder = { id: "00000000-0000-4000-8000-000000000005", roles: ["visitor", "admin"] };
    const outcomes = await Promise.all([approveRevision(db(), admin, pending!.id, undefined, later(1)), rejectRevision(db(), other, pending!.id, "Dublet", later(1))]);
    // Whichever commits first decides; the other changes nothing.
    const winner = outcomes.find((outcome) => outcome.outcome !== "already_decided");
    expect(outcomes.filter((outcome) => outcome.outcome === "already_decided")).toHaveLength(1);
    const decided = (await revisionsOf(db(), submitted.id))[0]!;
    if (winner?.outcome === "approved") expect([decided.state, decided.decidedBy, await status(submitted.id)]).toEqual(["applied", admin.id, "published"]);
    else expect([decided.state, decided.decidedBy, await status(submitted.id)]).toEqual(["rejected", other.id, "rejected"]);
  });
});
