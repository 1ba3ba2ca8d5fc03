import { sql, type Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";
import { countAtMost } from "~/lib/db/count-at-most.server";
import { publishQueueChange } from "~/lib/realtime/events.server";
import { LIVE_CHANGE_KINDS } from "../revisions/decisions.server";
import { revisionFromRow, type Revision } from "../revisions/revisions.server";
import type { MarketStatus } from "~/markets/types";
import { isMarketStatus } from "./all-markets.server";

/*
 * The admins' recent changes (/dashboard/admin/aendringer): what trusted owners changed in their
 * markets without review, newest first, so that a harmless listing turned into something else is
 * caught after the fact. An admin looks each over (looked_over_at) or undoes it
 * (undoLiveChange in app/revisions/decisions.server.ts). An admin's own changes are not listed:
 * the admin log holds those.
 */

export interface RecentChange {
  revision: Revision;
  marketSlug: string;
  /** The market's name and status as they are now. */
  marketName: string;
  marketStatus: MarketStatus;
  author: { id: string; name: string; email: string } | null;
  lookedOver: { at: string; by: string | null } | null;
  /** An admin undid it already. */
  undone: boolean;
}

/** Which changes the page shows: those not looked over yet (the queue), or all of them. */
export type RecentChangesView = "new" | "all";

/**
 * Applied without review, by someone who is not an admin. The state is a literal: SQLite uses the
 * partial indexes of 0020 only when the query's terms match the index's own, which a bound
 * parameter does not. The admins are left out by an anti-join, whose few rows PostgreSQL
 * estimates well enough to read the newest changes off the index and stop at the page.
 */
function liveChanges(db: Kysely<Database>, view: RecentChangesView) {
  return db
    .selectFrom("market_revisions as r")
    .where("r.state", "=", sql.lit("applied"))
    .where("r.decided_by", "is", null)
    .where("r.kind", "in", LIVE_CHANGE_KINDS)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("profiles as p")
            .select("p.id")
            .whereRef("p.auth_user_id", "=", "r.author_id")
            .where((admin) => admin.or([admin("p.is_admin", "=", 1), admin("p.role", "=", "admin")])),
        ),
      ),
    )
    .$if(view === "new", (qb) => qb.where("r.looked_over_at", "is", null));
}

/**
 * How many changes are counted before the page says "over": the pages reach the newest thousand,
 * and an older change is in its market's own history. Counting stops there, so the count costs
 * the same however many changes wait.
 */
export const RECENT_CHANGES_COUNT_CAP = 1000;

async function cappedCount(db: Kysely<Database>, view: RecentChangesView): Promise<{ total: number; more: boolean }> {
  const total = await countAtMost(db, liveChanges(db, view).select("r.id"), RECENT_CHANGES_COUNT_CAP);
  return { total: Math.min(total, RECENT_CHANGES_COUNT_CAP), more: total > RECENT_CHANGES_COUNT_CAP };
}

/** One page of the recent changes, the newest first, and how many there are (up to the cap). */
export async function recentChanges(
  db: Kysely<Database>,
  { view, offset, limit }: { view: RecentChangesView; offset: number; limit: number },
): Promise<{ total: number; more: boolean; changes: RecentChange[] }> {
  const [counted, rows] = await Promise.all([
    cappedCount(db, view),
    liveChanges(db, view)
      .innerJoin("markets as m", "m.id", "r.market_id")
      .leftJoin("user as u", "u.id", "r.author_id")
      .leftJoin("user as checker", "checker.id", "r.looked_over_by")
      .selectAll("r")
      .select(["m.slug as market_slug", "m.name as market_name", "m.status as market_status", "u.name as author_name", "u.email as author_email", "checker.name as checker_name"])
      .select((eb) =>
        eb.exists(eb.selectFrom("market_revisions as undo").select("undo.id").whereRef("undo.restored_from", "=", "r.id").where("undo.kind", "=", "restore")).as("undone"),
      )
      .orderBy("r.created_at", "desc")
      .orderBy("r.id", "desc")
      .offset(offset)
      .limit(limit)
      .execute(),
  ]);
  return {
    ...counted,
    changes: rows.map((row) => ({
      revision: revisionFromRow(row),
      marketSlug: row.market_slug,
      marketName: row.market_name,
      marketStatus: isMarketStatus(row.market_status) ? row.market_status : "draft",
      author: row.author_id && row.author_name !== null ? { id: row.author_id, name: row.author_name, email: row.author_email ?? "" } : null,
      lookedOver: row.looked_over_at ? { at: row.looked_over_at, by: row.checker_name } : null,
      undone: Boolean(Number(row.undone)),
    })),
  };
}

/** The queue on the admins' front page: the changes not looked over yet (up to the cap), and since when the oldest waits. */
export async function recentChangesQueue(db: Kysely<Database>): Promise<{ size: number; more: boolean; oldest: string | null }> {
  const [counted, oldest] = await Promise.all([
    cappedCount(db, "new"),
    liveChanges(db, "new").select("r.created_at").orderBy("r.created_at").orderBy("r.id").limit(1).executeTakeFirst(),
  ]);
  return { size: counted.total, more: counted.more, oldest: oldest?.created_at ?? null };
}

/**
 * An admin has looked a change over: it leaves the queue. False when it is not such a change, or
 * was looked over already (then who did it first stays recorded).
 */
export async function markLookedOver(db: Kysely<Database>, adminId: string, revisionId: string, now = new Date()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const marked = await lookOver(trx, adminId, revisionId, now);
    if (marked) await publishQueueChange(trx, "revisions", now);
    return marked;
  });
}

async function lookOver(db: Kysely<Database>, adminId: string, revisionId: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable("market_revisions")
    .set({ looked_over_at: now.toISOString(), looked_over_by: adminId })
    .where("id", "=", revisionId)
    .where("state", "=", "applied")
    .where("decided_by", "is", null)
    .where("kind", "in", LIVE_CHANGE_KINDS)
    .where("looked_over_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
