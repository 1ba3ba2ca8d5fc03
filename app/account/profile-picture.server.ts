import type { Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";
import { readLimitedResponse } from "~/lib/bounded-read.server";
import { parseAvatarUrl } from "~/lib/images/avatar-url";
import type { Storage } from "~/lib/storage/index.server";
import { AVATAR_MAX_BYTES, removeAvatarFiles, storeAvatar } from "./avatar.server";

/** Longer than this, and the account simply starts without a picture. */
export const PICTURE_FETCH_TIMEOUT_MS = 5_000;

export type PictureImport = "imported" | "none" | "not-allowed" | "failed" | "not-image" | "too-large" | "has-avatar";

/**
 * Only pictures the identity provider itself points at are fetched: https anywhere (Google serves
 * them from its own image hosts), plain http only from the provider's own origin (a local
 * stand-in). Nothing else, so an address in a profile cannot make the server call just anything.
 */
export function pictureAllowed(picture: string, providerOrigin: string | null): boolean {
  let url: URL;
  try {
    url = new URL(picture);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === "https:") return true;
  return url.protocol === "http:" && url.origin === providerOrigin;
}

/**
 * A person who signs up with Google gets their Google picture as avatar: fetched once, re-encoded
 * like an upload (avatar.server.ts) and served from our own address, which the Content-Security-
 * Policy allows and which tells Google nothing when the picture is shown. An avatar the person
 * has set meanwhile is kept.
 */
export async function importProfilePicture(
  db: Kysely<Database>,
  store: Storage,
  user: { id: string; image?: string | null },
  providerOrigin: string | null,
  fetchPicture: typeof fetch = fetch,
): Promise<PictureImport> {
  const picture = user.image;
  if (!picture || parseAvatarUrl(picture)) return "none";
  if (!pictureAllowed(picture, providerOrigin)) return "not-allowed";

  let bytes: Uint8Array | null;
  try {
    const response = await fetchPicture(picture, { signal: AbortSignal.timeout(PICTURE_FETCH_TIMEOUT_MS), redirect: "error" });
    if (!response.ok) return "failed";
    bytes = await readLimitedResponse(response, AVATAR_MAX_BYTES);
  } catch {
    return "failed";
  }
  if (!bytes) return "too-large";
  const stored = await storeAvatar(store, user.id, bytes);
  if (!stored.ok) return stored.problem === "too-large" || stored.problem === "too-many-pixels" ? "too-large" : "not-image";

  const { url } = stored;
  const updated = await db
    .updateTable("profiles")
    .set({ avatar_url: url, updated_at: new Date().toISOString() })
    .where("auth_user_id", "=", user.id)
    .where("avatar_url", "is", null)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    // Files are named by their content: an avatar set meanwhile from the same picture has these very files.
    const current = await db.selectFrom("profiles").select("avatar_url").where("auth_user_id", "=", user.id).executeTakeFirst();
    if (current?.avatar_url !== url) await removeAvatarFiles(store, user.id, url);
    return "has-avatar";
  }
  return "imported";
}
