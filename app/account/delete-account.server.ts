import type { Viewer } from "~/auth/viewer";
import type { SiteContext } from "~/lib/site-context.server";
import { countAttempt, libraryErrorCode, type TooManyAttempts } from "./settings.server";

/** `sessionCookies`: the library's Set-Cookie headers (the session ended), which must reach the browser. */
export type AccountDeletion = { ok: true; sessionCookies: Headers } | TooManyAttempts | { ok: false; problem: "wrong-password" | "session-too-old" | "refused" };

/**
 * Deletes the person's account: with their password when they have one (null: they sign in only
 * with Google, and typed their address). `sessionHeaders`: the headers of the person's own
 * request, where the library finds their session.
 */
export async function deleteAccount(site: SiteContext, viewer: Viewer, sessionHeaders: Headers, password: string | null): Promise<AccountDeletion> {
  if (password !== null) {
    const limited = await countAttempt(site, "password", viewer.user.id);
    if (limited) return limited;
  }
  try {
    // The library runs releaseUserData (app/account/deletion.server.ts) before it removes the user.
    const { headers } = await site.auth.api.deleteUser({
      body: password === null ? {} : { password },
      headers: sessionHeaders,
      returnHeaders: true,
    });
    return { ok: true, sessionCookies: headers };
  } catch (error) {
    const code = libraryErrorCode(error);
    if (code === null) throw error;
    if (code === "INVALID_PASSWORD") return { ok: false, problem: "wrong-password" };
    // Without a password the library wants a session made within the last day.
    if (code === "SESSION_EXPIRED") return { ok: false, problem: "session-too-old" };
    return { ok: false, problem: "refused" };
  }
}
