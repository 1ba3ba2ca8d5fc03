import type { Kysely } from "kysely";
import { userCan, type PermissionHolder } from "~/auth/permissions";
import type { Database } from "~/lib/db/schema";
import { reachable } from "../query/visibility.server";
import { wasApproved } from "./revisions.server";

/*
 * Who publishes without review (issue: "Trust"). An admin is the reviewer. An owner's edits of
 * their own market go live at once when they hold the organizer role (publish:market:own) or when
 * an admin has approved this market before; anyone else's wait in the queue.
 */

/** Does this person's change of this market go live at once? */
export async function publishesEditAtOnce(db: Kysely<Database>, actor: PermissionHolder, market: { id: string; ownerId: string | null }): Promise<boolean> {
  if (userCan(actor, "publish:market:any")) return true;
  if (market.ownerId === null || market.ownerId !== actor.id) return false;
  if (userCan(actor, "publish:market:own", { ownerId: market.ownerId })) return true;
  return wasApproved(db, market.id);
}

/**
 * Does a new market from this person go live at once? An admin's does; an organizer's does once
 * they have a market the public sees. A new account's first submission always waits.
 */
export async function publishesSubmissionAtOnce(db: Kysely<Database>, actor: PermissionHolder): Promise<boolean> {
  if (userCan(actor, "publish:market:any")) return true;
  if (!userCan(actor, "publish:market:own")) return false;
  const listed = await db.selectFrom("markets").select("id").where("owner_id", "=", actor.id).where(reachable("status")).executeTakeFirst();
  return Boolean(listed);
}
