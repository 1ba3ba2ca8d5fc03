import type { RouterContextProvider } from "react-router";
import { emailSchema } from "~/auth/auth-forms";
import { tooManyAttempts } from "~/auth/auth-rate-limits.server";
import { RESEND_FORM_ID } from "~/auth/auth-ui";
import { resendVerification } from "~/auth/resend-verification.server";
import { parseSubmission } from "~/forms/parse-form.server";
import { t } from "~/lib/i18n";
import { site } from "~/lib/site-context.server";
import { redirectWithFlash } from "./flash.server";
import { formFailure } from "./form.server";
import { knownClientAddress } from "./request-context.server";

/** "Send bekræftelsesmailen igen": the mail again, then back to `backTo` with a toast. */
export async function answerResend(context: Readonly<RouterContextProvider>, form: FormData, next: string, backTo: string) {
  const submission = parseSubmission(form, emailSchema);
  if (submission.status !== "success") return formFailure(RESEND_FORM_ID, submission);
  const outcome = await resendVerification(site(), knownClientAddress(context), { email: submission.value.email, next });
  if (outcome.ok) return redirectWithFlash(backTo, { title: t("auth.resend.sentTitle"), description: t("auth.resend.sentDescription"), variant: "success" });
  if (outcome.problem === "too-many-attempts") {
    const { message, headers } = tooManyAttempts(outcome.retryAfterSeconds);
    return formFailure(RESEND_FORM_ID, submission, { formErrors: [message] }, { status: 429, headers });
  }
  return redirectWithFlash(backTo, { title: t("auth.resend.failedTitle"), description: t("auth.resend.failedDescription"), variant: "destructive" });
}
