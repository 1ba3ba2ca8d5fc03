import { readCookie, serializeCookie } from "~/lib/http";
import type { EmailChangeNotice } from "./settings-forms";

/**
 * Changing a verified address takes two mails (better-auth 1.7.7): first a confirmation to the
 * current address, whose link makes the library mail the new address, whose link makes the
 * change. The library keeps no record of a change under way (its tokens are signed, not stored),
 * so this browser remembers which address it asked for, only to tell the person where the
 * process stands when they come back to the settings page.
 */
export const EMAIL_CHANGE_COOKIE = "loppeguiden-email-change";
/** The library's links live as long as its verification links: a day. */
const MAX_AGE_SECONDS = 24 * 60 * 60;

/** Where the library sends the person after each link; ?e-mail=godkendt tells the page why. */
export const EMAIL_CHANGE_RETURN_PATH = "/dashboard/indstillinger?e-mail=godkendt";

export function pendingEmailCookie(newEmail: string, secure: boolean): string {
  return serializeCookie(EMAIL_CHANGE_COOKIE, newEmail, { maxAgeSeconds: MAX_AGE_SECONDS, secure, httpOnly: true });
}

export function clearPendingEmailCookie(secure: boolean): string {
  return serializeCookie(EMAIL_CHANGE_COOKIE, "", { maxAgeSeconds: 0, secure, httpOnly: true });
}

/** The library appends ?error=<code> to the return path when a link fails. */
function failureReason(code: string): "expired" | "invalid" | "other-user" {
  if (code === "TOKEN_EXPIRED") return "expired";
  if (code === "INVALID_USER") return "other-user";
  return "invalid";
}

/**
 * What to tell the person about a change of address, from the page's URL, the remembered request
 * and the address the account has now. `clear` says the remembered request is done with.
 */
export function emailChangeNotice(url: URL, cookieHeader: string | null, user: { email: string; emailVerified: boolean }): { notice: EmailChangeNotice | null; clear: boolean } {
  const pending = readCookie(cookieHeader, EMAIL_CHANGE_COOKIE)?.toLowerCase() || null;
  const returned = url.searchParams.get("e-mail") === "godkendt";
  const error = url.searchParams.get("error");
  if (returned && error) return { notice: { kind: "link-failed", reason: failureReason(error) }, clear: false };
  if (pending && pending === user.email.toLowerCase()) return { notice: { kind: "changed", email: user.email }, clear: true };
  if (returned) return { notice: { kind: "approved", next: pending }, clear: false };
  if (!pending) return { notice: null, clear: false };
  return {
    notice: user.emailVerified ? { kind: "awaiting-current", current: user.email, next: pending } : { kind: "awaiting-new", next: pending },
    clear: false,
  };
}
