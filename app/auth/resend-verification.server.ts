import { watchMail } from "~/auth/auth-mails.server";
import { checkAuthRateLimit, knownClientAddress, tooManyAttempts } from "~/auth/auth-rate-limits.server";
import { safeNextPath } from "~/lib/next-path";
import { database } from "~/lib/db/database.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { t } from "~/lib/i18n";
import type { SiteContext } from "~/lib/site-context.server";
import { formFailure, parseSubmission } from "~/forms/parse-form.server";
import { emailSchema } from "./auth-forms";
import { formText, withoutCookies } from "./auth-pages.server";
import { RESEND_FORM_ID } from "./auth-ui";


/**
 * "Send bekræftelsesmailen igen", from the sign-in page and the check-your-mail page. The answer
 * is the same whether the address has an unconfirmed account or not (the library takes equally
 * long either way), and the mail budget per address and per client keeps it from flooding an inbox.
 * The site's auth library sends the mail, and its logger hears when that fails.
 */
export async function resendVerification({ auth, logger }: Pick<SiteContext, "auth" | "logger">, request: Request, context: unknown, form: FormData, backTo: string) {
  const submission = parseSubmission(form, emailSchema);
  if (submission.status !== "success") return formFailure(RESEND_FORM_ID, submission);
  const { email } = submission.value;
  const verdict = await checkAuthRateLimit(database().db, "authMail", { clientAddress: knownClientAddress(context), email });
  if (!verdict.allowed) {
    const { message, headers } = tooManyAttempts(verdict.retryAfterSeconds);
    return formFailure(RESEND_FORM_ID, submission, { formErrors: [message] }, { status: 429, headers });
  }
  let failure: unknown = null;
  try {
    // Without the visitor's cookies: the library answers a signed-in caller about their own address only.
    const { mailError } = await watchMail(() =>
      auth.api.sendVerificationEmail({
        body: { email, callbackURL: safeNextPath(formText(form, "next")) },
        headers: withoutCookies(request.headers),
      }),
    );
    failure = mailError;
  } catch (error) {
    failure = error;
  }
  if (failure) {
    logger.error({ err: failure }, "verification mail could not be sent");
    return redirectWithFlash(backTo, { title: t("auth.resend.failedTitle"), description: t("auth.resend.failedDescription"), variant: "destructive" });
  }
  return redirectWithFlash(backTo, { title: t("auth.resend.sentTitle"), description: t("auth.resend.sentDescription"), variant: "success" });
}
