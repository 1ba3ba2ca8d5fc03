import type { Kysely } from "kysely";
import { recordAdminAction } from "~/admin-log/record.server";
import type { PermissionHolder } from "~/auth/permissions";
import type { Database } from "~/lib/db/schema";
import type { StoredMarket } from "./revisions.server";

type MarketAct = "market.edit" | "market.archive" | "market.cancel-date" | "market.restore-date";

/**
 * An owner's change of their own market is theirs; the same change of someone else's market, or
 * of one nobody owns, is done with an admin's `:any` permission, and is recorded in the admin log
 * in the change's transaction.
 */
export async function recordIfNotOwner(
  trx: Kysely<Database>,
  actor: PermissionHolder,
  market: StoredMarket,
  kind: MarketAct,
  { after, now }: { after?: unknown; now: Date },
): Promise<void> {
  if (market.ownerId === actor.id) return;
  await recordAdminAction(trx, { actorId: actor.id, kind, target: { id: market.id, label: market.name }, after, now });
}
