import type { Viewer } from "~/auth/viewer";
import type { ImageProblem } from "~/lib/images/process-image.server";
import type { SiteContext } from "~/lib/site-context.server";
import { removeAvatarFiles, storeAvatar } from "./avatar.server";
import { countAttempt, type TooManyAttempts } from "./settings.server";

/**
 * The settings page's changes to the profile: the name and the picture. `sessionHeaders` are the
 * headers of the person's own request: the auth library finds their session in them, so it
 * changes their user and nobody else's.
 */

export async function changeName(site: SiteContext, sessionHeaders: Headers, name: string): Promise<void> {
  await site.auth.api.updateUser({ body: { name }, headers: sessionHeaders });
}

export type AvatarChange = { ok: true } | TooManyAttempts | { ok: false; problem: "image"; image: ImageProblem };

export async function changeAvatar(site: SiteContext, viewer: Viewer, sessionHeaders: Headers, picture: Blob): Promise<AvatarChange> {
  const limited = await countAttempt(site, "avatar", viewer.user.id);
  if (limited) return limited;

  const stored = await storeAvatar(site.storage, viewer.user.id, new Uint8Array(await picture.arrayBuffer()));
  if (!stored.ok) return { ok: false, problem: "image", image: stored.problem };
  const { url } = stored;
  const previous = viewer.profile?.avatarUrl ?? viewer.user.image;
  // The same picture again is stored under the same URL: its files are the current ones, kept.
  try {
    await setAvatarUrl(site, sessionHeaders, viewer.user.id, url);
  } catch (error) {
    if (url !== previous) await removeAvatarFiles(site.storage, viewer.user.id, url);
    throw error;
  }
  if (previous !== url) await removeAvatarFiles(site.storage, viewer.user.id, previous);
  return { ok: true };
}

export async function removeAvatar(site: SiteContext, viewer: Viewer, sessionHeaders: Headers): Promise<void> {
  const previous = viewer.profile?.avatarUrl ?? viewer.user.image;
  await setAvatarUrl(site, sessionHeaders, viewer.user.id, null);
  await removeAvatarFiles(site.storage, viewer.user.id, previous);
}

/** The profile keeps the avatar (product §3), the library's user.image the same, for its own answers. */
async function setAvatarUrl(site: SiteContext, sessionHeaders: Headers, userId: string, url: string | null) {
  await site.database.db.updateTable("profiles").set({ avatar_url: url, updated_at: new Date().toISOString() }).where("auth_user_id", "=", userId).execute();
  await site.auth.api.updateUser({ body: { image: url }, headers: sessionHeaders });
}
