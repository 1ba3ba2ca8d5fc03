import { knownClientAddress } from "~/http/request-context.server";
import { useEffect } from "react";
import { Form, Link, data, redirect, useActionData } from "react-router";
import { formConstraint, formReply, parseSubmission } from "~/forms/parse-form.server";
import { replyMessage, replyValue, useFocusFirstInvalid, useSchemaForm } from "~/forms/use-schema-form";
import { authErrorCode, signInError } from "~/auth/auth-errors";
import { setTimeout } from "node:timers/promises";
import { beginSignIn, tooManyAttempts } from "~/auth/auth-rate-limits.server";
import { googleEnabled } from "~/auth/google.server";
import { safeNextPath } from "~/lib/next-path";
import { viewerIn } from "~/http/session.server";
import { redirectAfterSignIn } from "~/http/sign-in-redirect.server";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import { loadAsDocument } from "~/http/load-as-document";
import { STATIC_PAGE } from "~/lib/route-handle";
import { signInSchema } from "~/auth/auth-forms";
import { NO_STORE, libraryCookies, returnPathFor } from "~/http/auth-pages.server";
import { formText } from "~/forms/form-data";
import { readForm } from "~/http/request-body.server";
import { site } from "~/lib/site-context.server";
import { withNext } from "~/auth/auth-paths";
import { AuthLinks, AuthPage, FormAlert, GoogleButton, RESEND_FORM_ID, SubmitButton, TextField } from "~/auth/auth-ui";
import { answerResend } from "~/http/resend-verification.server";
import type { Route } from "./+types/sign-in";

/** Without React in the browser (decision 0022): app/progressive/ checks its forms. */
export const handle = STATIC_PAGE;
export const clientLoader = loadAsDocument;

export async function loader({ request, context }: Route.LoaderArgs) {
  const next = returnPathFor(request);
  // Someone already signed in has nothing to do here: on to where they were going.
  if (await viewerIn(context)) throw redirect(next === "/" ? "/dashboard" : next, 302);
  return data({ next, google: googleEnabled(site().config), constraint: formConstraint(signInSchema) }, { headers: NO_STORE });
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

const SIGN_IN_FORM_ID = "sign-in";

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const next = safeNextPath(formText(form, "next"));
  if (form.get("intent") === "resend") return answerResend(context, form, next, withNext("/sign-in", next));

  const submission = parseSubmission(form, signInSchema);
  // A refused password is typed again; `unverified`: the password was right but the address is not confirmed.
  const fail = (status: number, formError?: string, { unverified = false, headers = NO_STORE }: { unverified?: boolean; headers?: HeadersInit } = {}) =>
    data({ ...formReply(SIGN_IN_FORM_ID, submission, { hideFields: ["password"], formErrors: formError ? [formError] : undefined }), unverified }, { status, headers });
  if (submission.status !== "success") return fail(400);
  const { email, password } = submission.value;

  const attempt = await beginSignIn(site().database.db, { clientAddress: knownClientAddress(context), email }, site().config.rateLimits.signIn);
  if (!attempt.allowed) {
    const { message, headers } = tooManyAttempts(attempt.retryAfterSeconds);
    return fail(429, message, { headers });
  }
  // An address that many have guessed at answers slower, right password or wrong.
  if (attempt.delayMs > 0) await setTimeout(attempt.delayMs);

  try {
    const answer = await site().auth.api.signInEmail({ body: { email, password }, headers: request.headers, returnHeaders: true });
    await attempt.settle("right");
    return redirectAfterSignIn(answer.response.user.id, next, { title: t("auth.toasts.welcomeBack"), variant: "success" }, { headers: libraryCookies(answer.headers) });
  } catch (error) {
    switch (signInError(authErrorCode(error))) {
      case "wrongCredentials":
        await attempt.settle("wrong");
        return fail(401, t("auth.signIn.errors.wrongCredentials"));
      case "unverified":
        // The password was right: the guess is not held against anybody.
        await attempt.settle("right");
        return fail(403, t("auth.signIn.errors.unverified"), { unverified: true });
      case "blocked":
        await attempt.settle("right");
        return fail(403, t("auth.signIn.errors.blocked"));
      default:
        site().logger.error({ err: error }, "sign-in failed");
        return fail(500, t("auth.signIn.errors.failed"));
    }
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta(matches, { title: t("auth.signIn.title"), description: t("auth.signIn.description"), path: "/sign-in", robots: "noindex,follow" });
}

export default function SignIn({ loaderData }: Route.ComponentProps) {
  const { next, google, constraint } = loaderData;
  const reply = useActionData<typeof action>();
  const { form, fields, formProps } = useSchemaForm<{ email: string; password: string }>({
    id: SIGN_IN_FORM_ID,
    reply,
    constraint,
    schema: () => import("~/auth/auth-forms").then((module) => module.signInSchema),
    schemaName: "sign-in",
  });
  const firstInvalid = useFocusFirstInvalid(reply, [fields.email, fields.password]);
  const unverified = Boolean(reply && "unverified" in reply && reply.unverified);
  const resendProblem = replyMessage(reply, RESEND_FORM_ID) ?? replyMessage(reply, RESEND_FORM_ID, "email");
  const resending = unverified || Boolean(resendProblem);
  const typedEmail = replyValue(reply, SIGN_IN_FORM_ID, "email") ?? replyValue(reply, RESEND_FORM_ID, "email") ?? "";
  // A refused password is typed again, as after a page load without JavaScript.
  useEffect(() => {
    const password = document.getElementById("password");
    if (reply && password instanceof HTMLInputElement) password.value = "";
  }, [reply]);

  return (
    <AuthPage heading={t("auth.signIn.heading")} intro={t("auth.signIn.intro")}>
      {google ? <GoogleButton next={next} /> : null}

      {resending ? (
        <div className="mb-4">
          <FormAlert title={t("auth.signIn.errors.unverifiedTitle")}>
            <p>{t("auth.signIn.errors.unverified")}</p>
            {resendProblem ? <p className="mt-2 font-semibold">{resendProblem}</p> : null}
            <Form method="post" className="mt-3">
              <input type="hidden" name="email" value={typedEmail} />
              <input type="hidden" name="next" value={next} />
              <SubmitButton intent="resend" label={t("auth.signIn.resend")} pendingLabel={t("auth.signIn.resending")} variant="secondary" />
            </Form>
          </FormAlert>
        </div>
      ) : form.errors?.length ? (
        <div className="mb-4">
          <FormAlert>{form.errors[0]}</FormAlert>
        </div>
      ) : null}

      <Form method="post" {...formProps} className="space-y-4">
        <input type="hidden" name="next" value={next} />
        <TextField field={fields.email} type="email" label={t("auth.fields.email")} autoComplete="email" autoFocus={firstInvalid === "email"} />
        <TextField field={fields.password} type="password" label={t("auth.fields.password")} autoComplete="current-password" autoFocus={firstInvalid === "password"} />
        <SubmitButton intent="sign-in" label={t("auth.signIn.submit")} pendingLabel={t("auth.signIn.submitting")} />
      </Form>

      <AuthLinks>
        <p>
          <Link to="/forgot-password">{t("auth.signIn.forgotPassword")}</Link>
        </p>
        <p>
          {t("auth.signIn.noAccount")} <Link to={withNext("/sign-up", next)}>{t("auth.signIn.signUpLink")}</Link>
        </p>
      </AuthLinks>
    </AuthPage>
  );
}
