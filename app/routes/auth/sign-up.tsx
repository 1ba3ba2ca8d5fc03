import { Form, Link, data, redirect, useActionData } from "react-router";
import { auth } from "~/auth/auth.server";
import { watchMail } from "~/auth/auth-mails.server";
import { authErrorCode, signUpError } from "~/auth/auth-errors";
import { checkAuthRateLimit, knownClientAddress, tooManyAttempts } from "~/auth/auth-rate-limits.server";
import { googleEnabled } from "~/auth/google.server";
import { safeNextPath } from "~/lib/next-path";
import { getViewer } from "~/auth/session.server";
import { config } from "~/lib/config.server";
import { database } from "~/lib/db/database.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { t } from "~/lib/i18n";
import { logger } from "~/lib/logger.server";
import { seoMeta } from "~/lib/meta";
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, parseAuthForm } from "./auth-forms.server";
import { NO_STORE, formText, libraryCookies, readAuthForm, returnPathFor } from "./auth-pages.server";
import { withNext } from "./auth-paths";
import { AuthLinks, AuthPage, FormAlert, GoogleButton, SubmitButton, TextField, useFocusFirstError } from "./auth-ui";
import { resendVerification, type ResendFailure } from "./resend-verification.server";
import type { Route } from "./+types/sign-up";

/** After signing up the page turns into "check your mail" (?tjek-email=1), with a way to get the mail again. */
const CHECK_MAIL = "tjek-email";

export async function loader({ request }: Route.LoaderArgs) {
  const next = returnPathFor(request);
  const checkMail = new URL(request.url).searchParams.has(CHECK_MAIL);
  if (!checkMail && (await getViewer(request))) throw redirect(next === "/" ? "/dashboard" : next, 302);
  return data(
    { next, checkMail, google: googleEnabled(config()), limits: { name: NAME_MAX_LENGTH, passwordMin: PASSWORD_MIN_LENGTH, passwordMax: PASSWORD_MAX_LENGTH } },
    { headers: NO_STORE },
  );
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

interface SignUpFailure {
  intent: "sign-up";
  errors: Record<string, string>;
  values: { name: string; email: string };
}

/** The library hides whether an address is taken (it answers as if it signed up); SPEC §5 says it, so we ask first. */
async function emailTaken(email: string): Promise<boolean> {
  const context = await auth().$context;
  return Boolean(await context.internalAdapter.findUserByEmail(email));
}

/**
 * An account whose confirmation mail could not be sent can never be used, and would block its
 * address ("eksisterer allerede") when the person tries again: it goes, with its profile.
 */
async function discardAccount(userId: string): Promise<void> {
  const context = await auth().$context;
  await context.internalAdapter.deleteUser(userId);
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readAuthForm(request);
  const next = safeNextPath(formText(form, "next"));
  if (form.get("intent") === "resend") return resendVerification(request, context, form, withNext(`/sign-up?${CHECK_MAIL}=1`, next));

  const values = { name: formText(form, "name"), email: formText(form, "email") };
  const fail = (errors: Record<string, string>, status: number, headers: HeadersInit = NO_STORE) =>
    data<SignUpFailure>({ intent: "sign-up", errors, values }, { status, headers });

  const parsed = parseAuthForm("signUp", form);
  if (!parsed.ok) return fail(parsed.errors, 400);
  const { name, email, password } = parsed.data;

  // Counted before the address is looked up: the limit is what stops testing addresses in bulk.
  const verdict = await checkAuthRateLimit(database().db, "signUp", { clientAddress: knownClientAddress(context), email });
  if (!verdict.allowed) {
    const { message, headers } = tooManyAttempts(verdict.retryAfterSeconds);
    return fail({ form: message }, 429, headers);
  }

  try {
    if (await emailTaken(email)) return fail({ email: t("auth.signUp.errors.exists") }, 400);
    const { result: answer, mailError } = await watchMail(() =>
      auth().api.signUpEmail({
        // The verification link returns here: the library puts callbackURL in the link, the mail keeps it as next.
        body: { name, email, password, callbackURL: next },
        headers: request.headers,
        returnHeaders: true,
      }),
    );
    if (mailError) {
      logger().error({ err: mailError }, "sign-up: the verification mail could not be sent");
      await discardAccount(answer.response.user.id);
      return fail({ form: t("auth.signUp.errors.failed") }, 500);
    }
    // With e-mail verification switched off the library signs the new user in at once.
    if (answer.response.token) {
      return redirectWithFlash(next, { title: t("auth.toasts.signedUp"), variant: "success" }, { headers: libraryCookies(answer.headers) });
    }
    return redirectWithFlash(withNext(`/sign-up?${CHECK_MAIL}=1`, next), { title: t("auth.toasts.signedUpVerify"), variant: "success" });
  } catch (error) {
    const { field, message } = signUpError(authErrorCode(error));
    if (field === "form") {
      logger().error({ err: error }, "sign-up failed");
      return fail({ form: t(message) }, 500);
    }
    return fail({ [field]: t(message) }, 400);
  }
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const title = loaderData?.checkMail ? t("auth.signUp.checkMail.title") : t("auth.signUp.title");
  return seoMeta(matches, { title, description: t("auth.signUp.description"), path: "/sign-up", robots: "noindex,follow" });
}

function CheckMail({ next }: { next: string }) {
  const failure = useActionData<ResendFailure>();
  return (
    <AuthPage heading={t("auth.signUp.checkMail.heading")} intro={t("auth.signUp.checkMail.body")}>
      {failure?.errors.form ? (
        <div className="mb-4">
          <FormAlert>{failure.errors.form}</FormAlert>
        </div>
      ) : null}
      <p>{t("auth.signUp.checkMail.notReceived")}</p>
      <Form method="post" noValidate className="mt-4 space-y-4">
        <input type="hidden" name="next" value={next} />
        <TextField name="email" type="email" label={t("auth.fields.email")} autoComplete="email" defaultValue={failure?.email} error={failure?.errors.email} autoFocus={Boolean(failure?.errors.email)} />
        <SubmitButton intent="resend" label={t("auth.signUp.checkMail.submit")} pendingLabel={t("auth.signUp.checkMail.submitting")} variant="secondary" />
      </Form>
      <AuthLinks>
        <p>
          {t("auth.signUp.haveAccount")} <Link to={withNext("/sign-in", next)}>{t("auth.signUp.signInLink")}</Link>
        </p>
      </AuthLinks>
    </AuthPage>
  );
}

export default function SignUp({ loaderData }: Route.ComponentProps) {
  const { next, checkMail, google, limits } = loaderData;
  const failure = useActionData<SignUpFailure>();
  const errors = failure?.intent === "sign-up" ? failure.errors : {};
  const firstInvalid = useFocusFirstError(failure?.intent === "sign-up" ? errors : undefined, ["name", "email", "password"]);
  if (checkMail) return <CheckMail next={next} />;

  return (
    <AuthPage heading={t("auth.signUp.heading")} intro={t("auth.signUp.intro")}>
      {google ? <GoogleButton next={next} /> : null}
      {errors.form ? (
        <div className="mb-4">
          <FormAlert>{errors.form}</FormAlert>
        </div>
      ) : null}
      {/* noValidate: the server's Danish messages, not the browser's own, explain what is wrong. */}
      <Form method="post" noValidate className="space-y-4">
        <input type="hidden" name="next" value={next} />
        <TextField
          name="name"
          label={t("auth.fields.name")}
          autoComplete="name"
          maxLength={limits.name}
          defaultValue={failure?.values.name}
          error={errors.name}
          autoFocus={firstInvalid === "name"}
        />
        <TextField
          name="email"
          type="email"
          label={t("auth.fields.email")}
          autoComplete="email"
          defaultValue={failure?.values.email}
          error={errors.email}
          autoFocus={firstInvalid === "email"}
        />
        <TextField
          name="password"
          type="password"
          label={t("auth.fields.password")}
          autoComplete="new-password"
          hint={t("auth.fields.passwordHint")}
          minLength={limits.passwordMin}
          maxLength={limits.passwordMax}
          error={errors.password}
          autoFocus={firstInvalid === "password"}
        />
        <SubmitButton intent="sign-up" label={t("auth.signUp.submit")} pendingLabel={t("auth.signUp.submitting")} />
      </Form>
      <AuthLinks>
        <p>
          {t("auth.signUp.haveAccount")} <Link to={withNext("/sign-in", next)}>{t("auth.signUp.signInLink")}</Link>
        </p>
      </AuthLinks>
    </AuthPage>
  );
}
