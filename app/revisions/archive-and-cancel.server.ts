import type { Kysely } from "kysely";
import { recordIfNotOwner } from "./admin-acts.server";
import type { PermissionHolder } from "~/auth/permissions";
import type { Database } from "~/lib/db/schema";
import type { LocalDate } from "~/lib/dates";
import { setMarketStatus, updateMarket } from "../markets/market-writes.server";
import { clock, type Clock } from "./clock";
import { withCancelledDate, withCancelNote, withRestoredDate } from "./date-changes";
import { carryIntoWaitingEdits, insertRevision, pendingEditsOf, pendingRevisionOf, readStoredMarket, replacePending, wasPublic, type StoredMarket } from "./revisions.server";
import type { MarketSnapshot } from "./snapshot";
import { publishesEditAtOnce } from "./trust.server";

/* What the owner (or an admin) does to a market that is out there: close it, cancel one of its dates, or take a cancellation back. */

/**
 * "Markedet er lukket": the owner or an admin archives a published market. It goes at once: closing
 * only takes away. A market the public never saw is not archived: an archived page can be opened by
 * its address, and this one was never reviewed.
 */
export async function archiveMarket(db: Kysely<Database>, actor: PermissionHolder, marketId: string, options: Clock = {}): Promise<boolean> {
  const { now, today } = clock(options);
  const market = await readStoredMarket(db, marketId);
  if (!market || market.status !== "published") return false;
  return setMarketStatus(db, marketId, "archived", {
    now,
    today,
    alongside: async (trx) => {
      await insertRevision(trx, { marketId, kind: "archive", state: "applied", authorId: actor.id, before: market.snapshot, after: market.snapshot, now });
      await recordIfNotOwner(trx, actor, market, "market.archive", { after: { status: "archived" }, now });
    },
  });
}

/**
 * "closed": the market is archived, and a closed market's dates are no longer changed.
 * "cancelled_note_waits": the date is cancelled, and its reason waits for review.
 */
export type CancelResult = "cancelled" | "cancelled_note_waits" | "not_found" | "no_such_date" | "closed";

/**
 * "Aflys denne dato": the opening on `date` is cancelled, with an optional reason that the market
 * page and its .ics show. The cancellation is at once for the owner too: a visitor must not travel
 * to a cancelled market. The reason is free text like the rest of the market (decision 0027): it
 * goes live with the cancellation only for someone whose edits do; anyone else's waits in their
 * change for review, and the date shows as cancelled without a reason until it is approved.
 */
export async function cancelOccurrence(
  db: Kysely<Database>,
  actor: PermissionHolder,
  marketId: string,
  date: LocalDate,
  note: string | null,
  options: Clock = {},
): Promise<CancelResult> {
  const { now, today } = clock(options);
  const market = await readStoredMarket(db, marketId);
  if (!market) return "not_found";
  if (market.status === "archived") return "closed";
  const occurrence = await db
    .selectFrom("market_occurrences as o")
    .innerJoin("market_schedules as s", "s.id", "o.schedule_id")
    .select(["s.start_date", "s.kind", "s.rrule", "s.start_time", "o.status"])
    .where("o.market_id", "=", marketId)
    .where("o.local_date", "=", date)
    .executeTakeFirst();
  if (!occurrence || occurrence.status === "cancelled") return "no_such_date";
  // The stored schedule this opening came from, found by its content (rows get new ids on every write).
  const index = market.snapshot.schedules.findIndex(
    (spec) =>
      spec.startDate === occurrence.start_date && spec.kind === occurrence.kind && (spec.rrule ?? null) === occurrence.rrule && (spec.startTime ?? null) === occurrence.start_time,
  );
  if (index < 0) return "no_such_date";
  // A market nobody has seen is reviewed whole, its reason with it; a public one's reason waits unless the person is trusted.
  const liveNote = !note || !wasPublic(market.status) || (await publishesEditAtOnce(db, actor, market)) ? note : null;
  const schedules = market.snapshot.schedules.map((spec, i) =>
    i === index ? { ...spec, cancelled: [...(spec.cancelled ?? []), liveNote ? { date, note: liveNote } : { date }] } : spec,
  );
  const after = { ...market.snapshot, schedules };
  await applyDateChange(db, actor, market, { kind: "cancel_date", after, change: (snapshot) => withCancelledDate(snapshot, date, liveNote), now, today, date }, async (trx) => {
    if (note && liveNote === null) await noteForReview(trx, actor, marketId, after, date, note, now);
  });
  return note && liveNote === null ? "cancelled_note_waits" : "cancelled";
}

/**
 * The reason of a cancelled date, as a change of the person's that waits for review: in their
 * waiting edit when they have one (which already has the date cancelled), else in a new edit whose
 * before is the market with the date cancelled, so that the review shows the reason alone.
 */
async function noteForReview(trx: Kysely<Database>, actor: PermissionHolder, marketId: string, live: MarketSnapshot, date: LocalDate, note: string, now: Date): Promise<void> {
  const own = (await pendingEditsOf(trx, marketId)).find((edit) => edit.authorId === actor.id);
  if (own) await replacePending(trx, own, withCancelNote(own.after, date, note));
  else await insertRevision(trx, { marketId, kind: "edit", state: "pending", authorId: actor.id, before: live, after: withCancelNote(live, date, note), now });
}

export type RestoreDateResult = "restored" | "not_found" | "not_cancelled" | "closed";

/**
 * "Genopret datoen": a date cancelled by mistake opens again, at once, and its reason goes. It
 * brings back only what the market's reviewed schedule already held, so it needs no review; the
 * changes that wait lose the cancellation too, so that approving one does not cancel it again. A
 * date that has passed stays as it was.
 */
export async function restoreCancelledDate(db: Kysely<Database>, actor: PermissionHolder, marketId: string, date: LocalDate, options: Clock = {}): Promise<RestoreDateResult> {
  const { now, today } = clock(options);
  const market = await readStoredMarket(db, marketId);
  if (!market) return "not_found";
  if (market.status === "archived") return "closed";
  const after = withRestoredDate(market.snapshot, date);
  if (after === market.snapshot || date < today) return "not_cancelled";
  await applyDateChange(db, actor, market, { kind: "restore_date", after, change: (snapshot) => withRestoredDate(snapshot, date), now, today, date });
  return "restored";
}

/**
 * A date change that goes live at once (decision 0025): the market written with its revision, and
 * the same change made in what waits for review, so that approving it does not undo the change: a
 * submission still in review, and every waiting edit. `more` writes in the same transaction.
 */
async function applyDateChange(
  db: Kysely<Database>,
  actor: PermissionHolder,
  market: StoredMarket,
  {
    kind,
    after,
    change,
    now,
    today,
    date,
  }: { kind: "cancel_date" | "restore_date"; after: MarketSnapshot; change: (snapshot: MarketSnapshot) => MarketSnapshot; now: Date; today: LocalDate; date: LocalDate },
  more?: (trx: Kysely<Database>) => Promise<void>,
): Promise<void> {
  const pending = wasPublic(market.status) ? null : await pendingRevisionOf(db, market.id);
  await updateMarket(
    db,
    market.id,
    { ...after, status: market.status },
    { userId: actor.id },
    {
      now,
      today,
      alongside: async (trx) => {
        await insertRevision(trx, { marketId: market.id, kind, state: "applied", authorId: actor.id, before: market.snapshot, after, now });
        if (pending?.kind === "submission") await replacePending(trx, pending, change(pending.after));
        await carryIntoWaitingEdits(trx, market.id, change);
        await recordIfNotOwner(trx, actor, market, kind === "cancel_date" ? "market.cancel-date" : "market.restore-date", { after: { date }, now });
        await more?.(trx);
      },
    },
  );
}
