import { knownClientAddress } from "~/http/request-context.server";
import { Form, Link, data, redirect, useActionData } from "react-router";
import { watchMail } from "~/auth/auth-mails.server";
import { authErrorCode, signUpError } from "~/auth/auth-errors";
import { checkAuthRateLimit, tooManyAttempts } from "~/auth/auth-rate-limits.server";
import { googleEnabled } from "~/auth/google.server";
import { safeNextPath } from "~/lib/next-path";
import { viewerIn } from "~/http/session.server";
import { redirectWithFlash } from "~/http/flash.server";
import { redirectAfterSignIn } from "~/http/sign-in-redirect.server";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import { loadAsDocument } from "~/http/load-as-document";
import { STATIC_PAGE } from "~/lib/route-handle";
import { formConstraint, formReply, parseSubmission } from "~/forms/parse-form.server";
import { useFocusFirstInvalid, useSchemaForm } from "~/forms/use-schema-form";
import { emailSchema, signUpSchema } from "~/auth/auth-forms";
import { NO_STORE, libraryCookies, returnPathFor } from "~/http/auth-pages.server";
import { formText } from "~/forms/form-data";
import { readForm } from "~/http/request-body.server";
import { site } from "~/lib/site-context.server";
import { withNext } from "~/auth/auth-paths";
import { AuthLinks, AuthPage, FormAlert, GoogleButton, RESEND_FORM_ID, SubmitButton, TextField } from "~/auth/auth-ui";
import { answerResend } from "~/http/resend-verification.server";
import type { Route } from "./+types/sign-up";

/** After signing up the page turns into "check your mail" (?tjek-email=1), with a way to get the mail again. */
const CHECK_MAIL = "tjek-email";

/** Without React in the browser (decision 0022): app/progressive/ checks its forms. */
export const handle = STATIC_PAGE;
export const clientLoader = loadAsDocument;

export async function loader({ url, request, context }: Route.LoaderArgs) {
  const next = returnPathFor(request);
  const checkMail = url.searchParams.has(CHECK_MAIL);
  if (!checkMail && (await viewerIn(context))) throw redirect(next === "/" ? "/dashboard" : next, 302);
  const constraint = checkMail ? formConstraint(emailSchema) : formConstraint(signUpSchema);
  return data({ next, checkMail, google: googleEnabled(site().config), constraint }, { headers: NO_STORE });
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

const SIGN_UP_FORM_ID = "sign-up";

/** The library hides whether an address is taken (it answers as if it signed up); product §5 says it, so we ask first. */
async function emailTaken(email: string): Promise<boolean> {
  const context = await site().auth.$context;
  return Boolean(await context.internalAdapter.findUserByEmail(email));
}

/**
 * An account whose confirmation mail could not be sent can never be used, and would block its
 * address ("eksisterer allerede") when the person tries again: it goes, with its profile.
 */
async function discardAccount(userId: string): Promise<void> {
  const context = await site().auth.$context;
  await context.internalAdapter.deleteUser(userId);
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const next = safeNextPath(formText(form, "next"));
  if (form.get("intent") === "resend") return answerResend(context, form, next, withNext(`/sign-up?${CHECK_MAIL}=1`, next));

  const submission = parseSubmission(form, signUpSchema);
  // The password is never sent back: it is typed again.
  const fail = (status: number, errors: { form?: string; field?: [string, string] } = {}, headers: HeadersInit = NO_STORE) =>
    data(
      formReply(SIGN_UP_FORM_ID, submission, {
        hideFields: ["password"],
        formErrors: errors.form ? [errors.form] : undefined,
        fieldErrors: errors.field ? { [errors.field[0]]: [errors.field[1]] } : undefined,
      }),
      { status, headers },
    );
  if (submission.status !== "success") return fail(400);
  const { name, email, password } = submission.value;

  // Counted before the address is looked up: the limit is what stops testing addresses in bulk.
  const verdict = await checkAuthRateLimit(site().database.db, "signUp", { clientAddress: knownClientAddress(context), email }, site().config.rateLimits);
  if (!verdict.allowed) {
    const { message, headers } = tooManyAttempts(verdict.retryAfterSeconds);
    return fail(429, { form: message }, headers);
  }

  try {
    if (await emailTaken(email)) return fail(400, { field: ["email", t("auth.signUp.errors.exists")] });
    const { result: answer, mailError } = await watchMail(() =>
      site().auth.api.signUpEmail({
        // The verification link returns here: the library puts callbackURL in the link, the mail keeps it as next.
        body: { name, email, password, callbackURL: next },
        headers: request.headers,
        returnHeaders: true,
      }),
    );
    if (mailError) {
      site().logger.error({ err: mailError }, "sign-up: the verification mail could not be sent");
      await discardAccount(answer.response.user.id);
      return fail(500, { form: t("auth.signUp.errors.failed") });
    }
    // With e-mail verification switched off the library signs the new user in at once.
    if (answer.response.token) {
      return redirectAfterSignIn(answer.response.user.id, next, { title: t("auth.toasts.signedUp"), variant: "success" }, { headers: libraryCookies(answer.headers) });
    }
    return redirectWithFlash(withNext(`/sign-up?${CHECK_MAIL}=1`, next), { title: t("auth.toasts.signedUpVerify"), variant: "success" });
  } catch (error) {
    const { field, message } = signUpError(authErrorCode(error));
    if (field === "form") {
      site().logger.error({ err: error }, "sign-up failed");
      return fail(500, { form: t(message) });
    }
    return fail(400, { field: [field, t(message)] });
  }
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const title = loaderData?.checkMail ? t("auth.signUp.checkMail.title") : t("auth.signUp.title");
  return seoMeta(matches, { title, description: t("auth.signUp.description"), path: "/sign-up", robots: "noindex,follow" });
}

function CheckMail({ next, constraint }: { next: string; constraint: Route.ComponentProps["loaderData"]["constraint"] }) {
  const reply = useActionData<typeof action>();
  const { form, fields, formProps } = useSchemaForm<{ email: string }>({
    id: RESEND_FORM_ID,
    reply,
    constraint,
    schema: () => import("~/auth/auth-forms").then((module) => module.emailSchema),
    schemaName: "email",
  });
  const firstInvalid = useFocusFirstInvalid(reply, [fields.email]);
  return (
    <AuthPage heading={t("auth.signUp.checkMail.heading")} intro={t("auth.signUp.checkMail.body")}>
      {form.errors?.length ? (
        <div className="mb-4">
          <FormAlert>{form.errors[0]}</FormAlert>
        </div>
      ) : null}
      <p>{t("auth.signUp.checkMail.notReceived")}</p>
      <Form method="post" {...formProps} className="mt-4 space-y-4">
        <input type="hidden" name="next" value={next} />
        <TextField field={fields.email} type="email" label={t("auth.fields.email")} autoComplete="email" autoFocus={firstInvalid === "email"} />
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
  const { next, checkMail, google, constraint } = loaderData;
  if (checkMail) return <CheckMail next={next} constraint={constraint} />;
  return <SignUpForm next={next} google={google} constraint={constraint} />;
}

function SignUpForm({ next, google, constraint }: { next: string; google: boolean; constraint: Route.ComponentProps["loaderData"]["constraint"] }) {
  const reply = useActionData<typeof action>();
  const { form, fields, formProps } = useSchemaForm<{ name: string; email: string; password: string }>({
    id: SIGN_UP_FORM_ID,
    reply,
    constraint,
    schema: () => import("~/auth/auth-forms").then((module) => module.signUpSchema),
    schemaName: "sign-up",
  });
  const firstInvalid = useFocusFirstInvalid(reply, [fields.name, fields.email, fields.password]);

  return (
    <AuthPage heading={t("auth.signUp.heading")} intro={t("auth.signUp.intro")}>
      {google ? <GoogleButton next={next} /> : null}
      {form.errors?.length ? (
        <div className="mb-4">
          <FormAlert>{form.errors[0]}</FormAlert>
        </div>
      ) : null}
      <Form method="post" {...formProps} className="space-y-4">
        <input type="hidden" name="next" value={next} />
        <TextField field={fields.name} label={t("auth.fields.name")} autoComplete="name" autoFocus={firstInvalid === "name"} />
        <TextField field={fields.email} type="email" label={t("auth.fields.email")} autoComplete="email" autoFocus={firstInvalid === "email"} />
        <TextField
          field={fields.password}
          type="password"
          label={t("auth.fields.password")}
          autoComplete="new-password"
          hint={t("auth.fields.passwordHint")}
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
