import { useEffect } from "react";
import { Form, Link, data, redirect, useActionData } from "react-router";
import { auth } from "~/auth/auth.server";
import { authErrorCode, signInError } from "~/auth/auth-errors";
import { setTimeout } from "node:timers/promises";
import { beginSignIn, knownClientAddress, tooManyAttempts } from "~/auth/auth-rate-limits.server";
import { googleEnabled } from "~/auth/google.server";
import { safeNextPath } from "~/lib/next-path";
import { getViewer } from "~/auth/session.server";
import { config } from "~/lib/config.server";
import { database } from "~/lib/db/database.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { t } from "~/lib/i18n";
import { logger } from "~/lib/logger.server";
import { seoMeta } from "~/lib/meta";
import { parseAuthForm } from "./auth-forms.server";
import { NO_STORE, formText, libraryCookies, readAuthForm, returnPathFor } from "./auth-pages.server";
import { withNext } from "./auth-paths";
import { AuthLinks, AuthPage, FormAlert, GoogleButton, SubmitButton, TextField, useFocusFirstError } from "./auth-ui";
import { resendVerification, type ResendFailure } from "./resend-verification.server";
import type { Route } from "./+types/sign-in";

export async function loader({ request }: Route.LoaderArgs) {
  const next = returnPathFor(request);
  // Someone already signed in has nothing to do here: on to where they were going.
  if (await getViewer(request)) throw redirect(next === "/" ? "/dashboard" : next, 302);
  return data({ next, google: googleEnabled(config()) }, { headers: NO_STORE });
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

interface SignInFailure {
  intent: "sign-in";
  errors: Record<string, string>;
  email: string;
  /** The password was right but the address is not confirmed: offer a new mail. */
  unverified?: boolean;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readAuthForm(request);
  const next = safeNextPath(formText(form, "next"));
  if (form.get("intent") === "resend") return resendVerification(request, context, form, withNext("/sign-in", next));

  const typedEmail = formText(form, "email");
  const fail = (errors: Record<string, string>, status: number, extra: Partial<SignInFailure> = {}, headers: HeadersInit = NO_STORE) =>
    data<SignInFailure>({ intent: "sign-in", errors, email: typedEmail, ...extra }, { status, headers });

  const parsed = parseAuthForm("signIn", form);
  if (!parsed.ok) return fail(parsed.errors, 400);
  const { email, password } = parsed.data;

  const attempt = await beginSignIn(database().db, { clientAddress: knownClientAddress(context), email });
  if (!attempt.allowed) {
    const { message, headers } = tooManyAttempts(attempt.retryAfterSeconds);
    return fail({ form: message }, 429, {}, headers);
  }
  // An address that many have guessed at answers slower, right password or wrong.
  if (attempt.delayMs > 0) await setTimeout(attempt.delayMs);

  try {
    const answer = await auth().api.signInEmail({ body: { email, password }, headers: request.headers, returnHeaders: true });
    await attempt.settle("right");
    return redirectWithFlash(next, { title: t("auth.toasts.welcomeBack"), variant: "success" }, { headers: libraryCookies(answer.headers) });
  } catch (error) {
    switch (signInError(authErrorCode(error))) {
      case "wrongCredentials":
        await attempt.settle("wrong");
        return fail({ form: t("auth.signIn.errors.wrongCredentials") }, 401);
      case "unverified":
        // The password was right: the guess is not held against anybody.
        await attempt.settle("right");
        return fail({ form: t("auth.signIn.errors.unverified") }, 403, { unverified: true });
      default:
        logger().error({ err: error }, "sign-in failed");
        return fail({ form: t("auth.signIn.errors.failed") }, 500);
    }
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta(matches, { title: t("auth.signIn.title"), description: t("auth.signIn.description"), path: "/sign-in", robots: "noindex,follow" });
}

export default function SignIn({ loaderData }: Route.ComponentProps) {
  const { next, google } = loaderData;
  const failure = useActionData<SignInFailure | ResendFailure>();
  const signInFailure = failure?.intent === "sign-in" ? failure : undefined;
  const resendFailure = failure?.intent === "resend" ? failure : undefined;
  const errors = signInFailure?.errors ?? {};
  const firstInvalid = useFocusFirstError(failure ? errors : undefined, ["email", "password"]);
  // A refused password is typed again, as after a page load without JavaScript.
  useEffect(() => {
    const password = document.getElementById("password");
    if (signInFailure && password instanceof HTMLInputElement) password.value = "";
  }, [signInFailure]);

  return (
    <AuthPage heading={t("auth.signIn.heading")} intro={t("auth.signIn.intro")}>
      {google ? <GoogleButton next={next} /> : null}

      {signInFailure?.unverified || resendFailure ? (
        <div className="mb-4">
          <FormAlert title={t("auth.signIn.errors.unverifiedTitle")}>
            <p>{t("auth.signIn.errors.unverified")}</p>
            {resendFailure?.errors.form || resendFailure?.errors.email ? (
              <p className="mt-2 font-semibold">{resendFailure.errors.form ?? resendFailure.errors.email}</p>
            ) : null}
            <Form method="post" className="mt-3">
              <input type="hidden" name="email" value={signInFailure?.email ?? resendFailure?.email ?? ""} />
              <input type="hidden" name="next" value={next} />
              <SubmitButton intent="resend" label={t("auth.signIn.resend")} pendingLabel={t("auth.signIn.resending")} variant="secondary" />
            </Form>
          </FormAlert>
        </div>
      ) : errors.form ? (
        <div className="mb-4">
          <FormAlert>{errors.form}</FormAlert>
        </div>
      ) : null}

      {/* noValidate: the server's Danish messages, not the browser's own, explain what is wrong. */}
      <Form method="post" noValidate className="space-y-4">
        <input type="hidden" name="next" value={next} />
        <TextField
          name="email"
          type="email"
          label={t("auth.fields.email")}
          autoComplete="email"
          defaultValue={signInFailure?.email}
          error={errors.email}
          autoFocus={firstInvalid === "email"}
        />
        <TextField
          name="password"
          type="password"
          label={t("auth.fields.password")}
          autoComplete="current-password"
          error={errors.password}
          autoFocus={firstInvalid === "password"}
        />
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
