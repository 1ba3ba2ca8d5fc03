import { Form, Link, data, useActionData } from "react-router";
import { auth } from "~/auth/auth.server";
import { watchMail } from "~/auth/auth-mails.server";
import { checkAuthRateLimit, knownClientAddress, tooManyAttempts } from "~/auth/auth-rate-limits.server";
import { database } from "~/lib/db/database.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { t } from "~/lib/i18n";
import { logger } from "~/lib/logger.server";
import { seoMeta } from "~/lib/meta";
import { parseAuthForm } from "./auth-forms.server";
import { NO_STORE, formText, readAuthForm, withoutCookies } from "./auth-pages.server";
import { AuthLinks, AuthPage, FormAlert, Notice, SubmitButton, TextField } from "./auth-ui";
import type { Route } from "./+types/forgot-password";

/** After sending, the page says what happens next (?sendt=1). */
const SENT = "sendt";

export function loader({ request }: Route.LoaderArgs) {
  return data({ sent: new URL(request.url).searchParams.has(SENT) }, { headers: NO_STORE });
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

interface ForgotFailure {
  errors: Record<string, string>;
  email: string;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readAuthForm(request);
  const typedEmail = formText(form, "email");
  const parsed = parseAuthForm("email", form);
  if (!parsed.ok) return data<ForgotFailure>({ errors: parsed.errors, email: typedEmail }, { status: 400, headers: NO_STORE });
  const { email } = parsed.data;

  const verdict = await checkAuthRateLimit(database().db, "authMail", { clientAddress: knownClientAddress(context), email });
  if (!verdict.allowed) {
    const { message, headers } = tooManyAttempts(verdict.retryAfterSeconds);
    return data<ForgotFailure>({ errors: { form: message }, email: typedEmail }, { status: 429, headers });
  }

  let failure: unknown = null;
  try {
    // The library answers alike for every address and mails only an existing account.
    const { mailError } = await watchMail(() =>
      auth().api.requestPasswordReset({ body: { email, redirectTo: "/reset-password" }, headers: withoutCookies(request.headers) }),
    );
    failure = mailError;
  } catch (error) {
    failure = error;
  }
  if (failure) {
    logger().error({ err: failure }, "password reset mail could not be sent");
    return redirectWithFlash("/forgot-password", { title: t("auth.toasts.resetSendFailed"), variant: "destructive" });
  }
  return redirectWithFlash(`/forgot-password?${SENT}=1`, { title: t("auth.toasts.resetSent"), variant: "success" });
}

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta(matches, {
    title: t("auth.forgotPassword.title"),
    description: t("auth.forgotPassword.description"),
    path: "/forgot-password",
    robots: "noindex,follow",
  });
}

export default function ForgotPassword({ loaderData }: Route.ComponentProps) {
  const failure = useActionData<ForgotFailure>();
  const errors = failure?.errors ?? {};
  return (
    <AuthPage heading={t("auth.forgotPassword.heading")} intro={t("auth.forgotPassword.intro")}>
      {loaderData.sent && !failure ? (
        <div className="mb-4">
          <Notice>{t("auth.forgotPassword.sent")}</Notice>
        </div>
      ) : null}
      {errors.form ? (
        <div className="mb-4">
          <FormAlert>{errors.form}</FormAlert>
        </div>
      ) : null}
      <Form method="post" noValidate className="space-y-4">
        <TextField
          name="email"
          type="email"
          label={t("auth.fields.email")}
          autoComplete="email"
          defaultValue={failure?.email}
          error={errors.email}
          autoFocus={Boolean(errors.email)}
        />
        <SubmitButton intent="reset" label={t("auth.forgotPassword.submit")} pendingLabel={t("auth.forgotPassword.submitting")} />
      </Form>
      <AuthLinks>
        <p>
          <Link to="/sign-in">{t("auth.forgotPassword.backToSignIn")}</Link>
        </p>
      </AuthLinks>
    </AuthPage>
  );
}
