import type { Kysely } from "kysely";
import { bumpCacheGeneration } from "../lib/cache-generation.server";
import type { Database } from "../lib/db/schema";
import { storage, type Storage } from "../lib/storage/index.server";
import { removeAllAvatars } from "./avatar.server";

export interface ReleaseOptions {
  /** Where uploads live; the server's store unless a test says otherwise. */
  store?: Storage;
}

/**
 * What deleting an account does besides the auth library removing the user, its sessions and
 * accounts (its profile goes with it: profiles.auth_user_id cascades). Markets the user owned stay
 * published but become unclaimed; the avatar files go; later, forum posts will show "Slettet bruger".
 */
export async function releaseUserData(db: Kysely<Database>, userId: string, options: ReleaseOptions = {}): Promise<void> {
  const result = await db.updateTable("markets").set({ owner_id: null }).where("owner_id", "=", userId).executeTakeFirst();
  // A market page may show who runs it: cached copies must not keep the old owner.
  if (Number(result.numUpdatedRows) > 0) await bumpCacheGeneration(db);
  await removeAllAvatars(options.store ?? storage(), userId);
}
