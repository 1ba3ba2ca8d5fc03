import { sql, type Kysely } from "kysely";
import { toNumber } from "~/lib/db/dialect.server";
import type { Database } from "~/lib/db/schema";
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

/** Applied without review, by someone who is not an admin. */
function liveChanges(db: Kysely<Database>, view: RecentChangesView) {
  return db
    .selectFrom("market_revisions as r")
    .leftJoin("profiles as p", "p.auth_user_id", "r.author_id")
    .where("r.state", "=", "applied")
    .where("r.decided_by", "is", null)
    .where("r.kind", "in", LIVE_CHANGE_KINDS)
    .where(sql<boolean>`coalesce(p.is_admin, 0) = 0 and coalesce(p.role, '') <> 'admin'`)
    .$if(view === "new", (qb) => qb.where("r.looked_over_at", "is", null));
}

/** One page of the recent changes, the newest first, and how many there are in all. */
export async function recentChanges(
  db: Kysely<Database>,
  { view, offset, limit }: { view: RecentChangesView; offset: number; limit: number },
): Promise<{ total: number; changes: RecentChange[] }> {
  const [counted, rows] = await Promise.all([
    liveChanges(db, view)
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirstOrThrow(),
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
    total: toNumber(counted.n),
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

/** The queue on the admins' front page: the changes not looked over yet, and since when the oldest waits. */
export async function recentChangesQueue(db: Kysely<Database>): Promise<{ size: number; oldest: string | null }> {
  const row = await liveChanges(db, "new")
    .select((eb) => [eb.fn.countAll<number | string>().as("n"), eb.fn.min("r.created_at").as("oldest")])
    .executeTakeFirstOrThrow();
  return { size: toNumber(row.n), oldest: row.oldest ?? null };
}

/**
 * An admin has looked a change over: it leaves the queue. False when it is not such a change, or
 * was looked over already (then who did it first stays recorded).
 */
export async function markLookedOver(db: Kysely<Database>, adminId: string, revisionId: string, now = new Date()): Promise<boolean> {
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
