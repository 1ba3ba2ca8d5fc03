import { data } from "react-router";
import type { Permission } from "~/auth/permissions";
import { requireUserWithPermission, type Viewer } from "~/auth/session.server";
import { database } from "~/lib/db/database.server";
import { readStoredMarket, type StoredMarket } from "~/markets/submissions/revisions.server";
import { requirePageAccess } from "./guard.server";

/** SPEC §5: ids are UUIDs. Anything else cannot name a market, so it is answered as not found. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string | undefined): value is string {
  return typeof value === "string" && UUID.test(value);
}

/**
 * The guard of /manage-market/{id}, for its loader and every one of its actions. A visitor signs in
 * first (302) and learns nothing, not even whether the market exists; a signed-in person is told
 * 404 for an id that names no market and 403 for a market that is neither theirs nor one they may
 * reach as an admin. `permission` is what the action needs beyond opening the page (closing a
 * market, restoring a version), checked against the same owner.
 */
export async function requireManagedMarket(
  request: Request,
  id: string | undefined,
  permission?: Permission,
): Promise<{ viewer: Viewer; market: StoredMarket }> {
  await requirePageAccess(request);
  if (!isUuid(id)) throw data(null, { status: 404 });
  const market = await readStoredMarket(database().db, id.toLowerCase());
  if (!market) throw data(null, { status: 404 });
  const viewer = await requirePageAccess(request, { ownerId: market.ownerId });
  if (permission) await requireUserWithPermission(request, permission, { ownerId: market.ownerId });
  return { viewer, market };
}
