import type { Viewer } from "~/auth/viewer";
import type { SiteContext } from "~/lib/site-context.server";
import { EMAIL_CHANGE_RETURN_PATH } from "./email-change.server";
import { countAttempt, libraryErrorCode, type TooManyAttempts } from "./settings.server";

export type EmailChangeAsked = { ok: true } | TooManyAttempts | { ok: false; problem: "refused" };

/**
 * Asks the auth library to change the person's address, which it does by mail (email-change.server.ts).
 * `sessionHeaders`: the headers of the person's own request, where the library finds their session.
 */
export async function requestEmailChange(site: SiteContext, viewer: Viewer, sessionHeaders: Headers, newEmail: string): Promise<EmailChangeAsked> {
  const limited = await countAttempt(site, "email", viewer.user.id);
  if (limited) return limited;
  try {
    // An address that belongs to someone else is answered like any other (the library sends no
    // mail then): the form must not tell who has an account.
    await site.auth.api.changeEmail({ body: { newEmail, callbackURL: EMAIL_CHANGE_RETURN_PATH }, headers: sessionHeaders });
  } catch (error) {
    if (libraryErrorCode(error) === null) throw error;
    return { ok: false, problem: "refused" };
  }
  return { ok: true };
}
