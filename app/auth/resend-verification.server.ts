import { watchMail } from "~/auth/auth-mails.server";
import { checkAuthRateLimit } from "~/auth/auth-rate-limits.server";
import type { SiteContext } from "~/lib/site-context.server";

export type ResendOutcome = { ok: true } | { ok: false; problem: "too-many-attempts"; retryAfterSeconds: number } | { ok: false; problem: "not-sent" };

/**
 * "Send bekræftelsesmailen igen", from the sign-in page and the check-your-mail page. The answer
 * is the same whether the address has an unconfirmed account or not (the library takes equally
 * long either way), and the mail budget per address and per client keeps it from flooding an inbox.
 * `clientAddress`: the visitor's network address, null when unknown; `next`: a safe path of this
 * site for the mail's link to lead to.
 */
export async function resendVerification(site: SiteContext, clientAddress: string | null, { email, next }: { email: string; next: string }): Promise<ResendOutcome> {
  const verdict = await checkAuthRateLimit(site.database.db, "authMail", { clientAddress, email }, site.config.rateLimits);
  if (!verdict.allowed) return { ok: false, problem: "too-many-attempts", retryAfterSeconds: verdict.retryAfterSeconds };
  let failure: unknown = null;
  try {
    // Asked without the visitor's session: the library answers a signed-in caller about their own address only.
    const { mailError } = await watchMail(() => site.auth.api.sendVerificationEmail({ body: { email, callbackURL: next } }));
    failure = mailError;
  } catch (error) {
    failure = error;
  }
  if (failure) {
    site.logger.error({ err: failure }, "verification mail could not be sent");
    return { ok: false, problem: "not-sent" };
  }
  return { ok: true };
}
