import type { Viewer } from "~/auth/viewer";
import type { SiteContext } from "~/lib/site-context.server";
import { countAttempt, libraryErrorCode, type TooManyAttempts } from "./settings.server";

/** `sessionCookies`: the library's Set-Cookie headers, which must reach the browser. */
export type PasswordChange = { ok: true; sessionCookies: Headers } | TooManyAttempts | { ok: false; problem: "wrong-password" | "refused" };

/**
 * Changes the person's password, checking the current one; ending the other sessions gives this
 * browser a new one, whose cookie comes back in the answer. `sessionHeaders`: the headers of the
 * person's own request, where the library finds their session.
 */
export async function changePassword(
  site: SiteContext,
  viewer: Viewer,
  sessionHeaders: Headers,
  change: { currentPassword: string; newPassword: string; revokeOtherSessions: boolean },
): Promise<PasswordChange> {
  const limited = await countAttempt(site, "password", viewer.user.id);
  if (limited) return limited;
  const { currentPassword, newPassword, revokeOtherSessions } = change;
  try {
    const { headers } = await site.auth.api.changePassword({
      body: { currentPassword, newPassword, revokeOtherSessions },
      headers: sessionHeaders,
      returnHeaders: true,
    });
    return { ok: true, sessionCookies: headers };
  } catch (error) {
    const code = libraryErrorCode(error);
    if (code === null) throw error;
    return { ok: false, problem: code === "INVALID_PASSWORD" ? "wrong-password" : "refused" };
  }
}
