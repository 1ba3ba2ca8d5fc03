import type { Kysely } from "kysely";
import type { PermissionHolder } from "~/auth/permissions";
import { addMonths, type LocalDate } from "~/lib/dates";
import type { Database } from "~/lib/db/schema";
import { marketTypeInfo } from "../../markets/market-types";
import { REACHABLE_STATUSES } from "../../markets/query/visibility.server";
import { OCCURRENCE_HORIZON_MONTHS } from "../../markets/schedule/occurrences.server";
import { validateSchedule } from "../../markets/schedule/validation";
import type { ScheduleSpec } from "../../markets/types";
import { pendingEditsOf, pendingRevisionOf, revisionsOf, type Revision, type RevisionKind, type RevisionState, type StoredMarket } from "../../revisions/revisions.server";
import { fieldChanges, type FieldChange } from "../../revisions/field-changes";
import { changedFields, type MarketSnapshot, type SnapshotField } from "../../revisions/snapshot";
import type { OwnedMarket } from "./owner-markets.server";
import { withExtraDate } from "../../revisions/date-changes";
import { carryIntoWaitingEdits } from "../../revisions/revisions.server";
import { editMarket } from "../../revisions/send.server";
import { type Clock } from "../../revisions/clock";
import { publishesEditAtOnce } from "../../revisions/trust.server";

/*
 * What /manage-market/{id} shows and does beyond the write path's own functions: the market's
 * state for its owner, its coming dates with the cancelled ones, its history with who did what,
 * and an extra date added to its schedules.
 */

/** How many coming dates the page lists, each with its own "Aflys denne dato". */
export const MANAGED_DATES = 10;

export interface ManagedDate {
  date: LocalDate;
  endDate: LocalDate;
  startTime: string;
  endTime: string;
  cancelled: boolean;
  note: string | null;
}

export interface ManagedRevision {
  id: string;
  kind: RevisionKind;
  state: RevisionState;
  createdAt: string;
  /** The author's name; null once their account is deleted. */
  authorName: string | null;
  /** The admin who approved, rejected or restored it; null when nobody decided it (or their account is deleted). */
  deciderName: string | null;
  changedFields: SnapshotField[];
  /** What it changed, field by field, before and after: for an edit and a restore (a submission is the whole market). */
  changes: FieldChange[];
  /** The dates a "cancel_date" revision cancelled. */
  cancelledDates: LocalDate[];
  /** The dates a "restore_date" revision opened again. */
  restoredDates: LocalDate[];
  reason: string | null;
  /** An admin decided it (approved or rejected), rather than it going live on its own. */
  reviewed: boolean;
  /** An applied version that differs from the market as it is now: an admin may bring it back. */
  restorable: boolean;
}

export interface ManagedMarket extends Omit<OwnedMarket, "pendingKind" | "next" | "views" | "saves"> {
  pendingKind: RevisionKind | null;
  /** Why an admin turned the market down, when it is rejected. */
  rejectionReason: string | null;
  dates: ManagedDate[];
  revisions: ManagedRevision[];
}

/** The coming openings, cancelled ones included, from today. */
export async function comingDates(db: Kysely<Database>, marketId: string, today: LocalDate, limit = MANAGED_DATES): Promise<ManagedDate[]> {
  const rows = await db
    .selectFrom("market_occurrences")
    .select(["local_date", "end_date", "start_time", "end_time", "status", "note"])
    .where("market_id", "=", marketId)
    .where("end_date", ">=", today)
    .orderBy("local_date")
    .orderBy("start_time")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    date: row.local_date,
    endDate: row.end_date,
    startTime: row.start_time,
    endTime: row.end_time,
    cancelled: row.status === "cancelled",
    note: row.note,
  }));
}

function cancelledIn(snapshot: MarketSnapshot | null): Set<LocalDate> {
  return new Set((snapshot?.schedules ?? []).flatMap((spec) => (spec.cancelled ?? []).map((entry) => entry.date)));
}

/** The market's history, newest first, with the authors' and deciding admins' names as they are now. */
export async function managedRevisions(db: Kysely<Database>, market: StoredMarket): Promise<ManagedRevision[]> {
  const revisions = await revisionsOf(db, market.id);
  const people = [...new Set(revisions.flatMap((revision) => [revision.authorId, revision.decidedBy]).filter((id): id is string => id !== null))];
  const named = people.length ? await db.selectFrom("user").select(["id", "name"]).where("id", "in", people).execute() : [];
  const names = new Map(named.map((person) => [person.id, person.name]));
  return revisions.map((revision: Revision) => {
    const before = cancelledIn(revision.before);
    const after = cancelledIn(revision.after);
    return {
      id: revision.id,
      kind: revision.kind,
      state: revision.state,
      createdAt: revision.createdAt,
      authorName: revision.authorId ? (names.get(revision.authorId) ?? null) : null,
      deciderName: revision.decidedBy ? (names.get(revision.decidedBy) ?? null) : null,
      changedFields: revision.changedFields,
      changes: revision.kind === "edit" || revision.kind === "restore" ? fieldChanges(revision.before, revision.after, revision.changedFields) : [],
      cancelledDates: revision.kind === "cancel_date" ? [...after].filter((date) => !before.has(date)).sort() : [],
      restoredDates: revision.kind === "restore_date" ? [...before].filter((date) => !after.has(date)).sort() : [],
      reason: revision.reason,
      reviewed: revision.decidedBy !== null && revision.kind !== "restore",
      restorable: revision.state === "applied" && changedFields(market.snapshot, revision.after).length > 0,
    };
  });
}

/** Everything the page shows about one market. */
export async function managedMarket(db: Kysely<Database>, market: StoredMarket, today: LocalDate): Promise<ManagedMarket> {
  const [pending, dates, revisions] = await Promise.all([pendingRevisionOf(db, market.id), comingDates(db, market.id, today), managedRevisions(db, market)]);
  const rejection = market.status === "rejected" ? revisions.find((revision) => revision.state === "rejected" && revision.kind === "submission") : undefined;
  return {
    id: market.id,
    slug: market.slug,
    name: market.name,
    status: market.status,
    reachable: REACHABLE_STATUSES.includes(market.status),
    isShop: marketTypeInfo(market.snapshot.type).isShop,
    pendingKind: pending?.kind ?? null,
    rejectionReason: rejection?.reason ?? null,
    dates,
    revisions,
  };
}

export interface ExtraDate {
  date: LocalDate;
  startTime: string;
  endTime: string;
}

export type ExtraDateResult =
  /** Live on the market's page now. */
  | { outcome: "applied" }
  /** Kept as a change that waits for an admin; the public page is as before. */
  | { outcome: "pending" }
  /** Added to a market that itself still waits for review (or was rejected and is sent again). */
  | { outcome: "market_pending" }
  /** The market is closed (archived): its dates no longer change. */
  | { outcome: "closed" }
  | { outcome: "invalid"; field: keyof ExtraDate; message: "past" | "beyond" | "taken" | "cancelled" | "schedule"; detail?: string }
  | { outcome: "not_found" };

/**
 * "Tilføj ekstra dato": one more opening, as a schedule of kind "dates", through editMarket, so
 * the trust rules decide whether it goes live at once. A person whose own edit already waits adds
 * the date to that edit, not to the market as the public sees it: their waiting change is kept.
 * A closed market's dates are left alone: the page offers no date there to add to or cancel.
 */
export async function addExtraDate(
  db: Kysely<Database>,
  actor: PermissionHolder,
  market: StoredMarket,
  extra: ExtraDate,
  options: Clock & { today: LocalDate },
): Promise<ExtraDateResult> {
  const { today } = options;
  if (market.status === "archived") return { outcome: "closed" };
  if (extra.date < today) return { outcome: "invalid", field: "date", message: "past" };
  if (extra.date > addMonths(today, OCCURRENCE_HORIZON_MONTHS)) return { outcome: "invalid", field: "date", message: "beyond" };
  const existing = await db
    .selectFrom("market_occurrences")
    .select("status")
    .where("market_id", "=", market.id)
    .where("local_date", "<=", extra.date)
    .where("end_date", ">=", extra.date)
    .execute();
  if (existing.some((row) => row.status === "scheduled")) return { outcome: "invalid", field: "date", message: "taken" };
  if (existing.length) return { outcome: "invalid", field: "date", message: "cancelled" };

  const spec: ScheduleSpec = { kind: "dates", startDate: extra.date, startTime: extra.startTime, endTime: extra.endTime, durationDays: 1, cancelled: [] };
  const issue = validateSchedule(spec)[0];
  if (issue) {
    const field = issue.field === "endTime" || issue.field === "startTime" ? issue.field : "date";
    return { outcome: "invalid", field, message: "schedule", detail: issue.message };
  }

  // An archived market was turned away above: the public sees this one unless it waits for review.
  const wasPublic = market.status === "published";
  const ownWaitingEdit = wasPublic ? (await pendingEditsOf(db, market.id)).find((revision) => revision.authorId === actor.id) : undefined;
  const base = ownWaitingEdit && !(await publishesEditAtOnce(db, actor, market)) ? ownWaitingEdit.after : market.snapshot;
  // Live at once, the date goes into the edits that wait as well: approving one must not lose it.
  const result = await editMarket(
    db,
    actor,
    market.id,
    { ...base, schedules: [...base.schedules, spec] },
    {
      ...options,
      whenApplied: (trx) => carryIntoWaitingEdits(trx, market.id, (snapshot) => withExtraDate(snapshot, spec)),
    },
  );
  if (result.outcome === "not_found") return { outcome: "not_found" };
  if (!wasPublic) return { outcome: "market_pending" };
  return { outcome: result.outcome === "pending" ? "pending" : "applied" };
}
