import type { Kysely } from "kysely";
import { userCan, type PermissionHolder } from "~/auth/permissions";
import type { Database } from "~/lib/db/schema";
import { holdsApprovedClaim } from "../claims/claims.server";
import { reachable } from "../markets/query/visibility.server";
import { wasApproved } from "./revisions.server";

/*
 * Who publishes without review (decision 0027, which replaces the Trust paragraph of 0025). An
 * admin is the reviewer. An owner's edits of their own market go live at once when they hold the
 * organizer role (publish:market:own), when an admin has approved this market's content before, or
 * when an admin gave them this market by approving their claim; anyone else's wait in the queue.
 * Trust is in a person with a market: approving a claim or a submission says nothing about the
 * next market they send. Every kind of free text an edit can carry (a cancelled date's reason
 * too) follows this one rule.
 */

/** Does this person's change of this market go live at once? */
export async function publishesEditAtOnce(db: Kysely<Database>, actor: PermissionHolder, market: { id: string; ownerId: string | null }): Promise<boolean> {
  if (userCan(actor, "publish:market:any")) return true;
  if (market.ownerId === null || market.ownerId !== actor.id) return false;
  if (userCan(actor, "publish:market:own", { ownerId: market.ownerId })) return true;
  return (await wasApproved(db, market.id)) || holdsApprovedClaim(db, market.id, actor.id);
}

/**
 * Does a new market from this person go live at once? An admin's does; an organizer's does once
 * they have a market the public sees. A new account's first submission always waits, and so does
 * that of someone trusted only with markets an admin approved or gave them.
 */
export async function publishesSubmissionAtOnce(db: Kysely<Database>, actor: PermissionHolder): Promise<boolean> {
  if (userCan(actor, "publish:market:any")) return true;
  if (!userCan(actor, "publish:market:own")) return false;
  const listed = await db.selectFrom("markets").select("id").where("owner_id", "=", actor.id).where(reachable("status")).executeTakeFirst();
  return Boolean(listed);
}
