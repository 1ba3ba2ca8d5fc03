import { site } from "~/lib/site-context.server";
import { knownClientAddress } from "~/http/request-context.server";
import { Form, Link, data, useActionData } from "react-router";
import { watchMail } from "~/auth/auth-mails.server";
import { checkAuthRateLimit, tooManyAttempts } from "~/auth/auth-rate-limits.server";
import { redirectWithFlash } from "~/http/flash.server";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import { loadAsDocument } from "~/http/load-as-document";
import { STATIC_PAGE } from "~/lib/route-handle";
import { formConstraint } from "~/forms/parse-form.server";
import { formFailure, parseForm } from "~/http/form.server";
import { useFocusFirstInvalid, useSchemaForm } from "~/forms/use-schema-form";
import { emailSchema } from "~/auth/auth-forms";
import { NO_STORE, withoutCookies } from "~/http/auth-pages.server";
import { AuthLinks, AuthPage, FormAlert, Notice, SubmitButton, TextField } from "~/auth/auth-ui";
import type { Route } from "./+types/forgot-password";

/** After sending, the page says what happens next (?sendt=1). */
const SENT = "sendt";

/** Without React in the browser (decision 0022): app/progressive/ checks its forms. */
export const handle = STATIC_PAGE;
export const clientLoader = loadAsDocument;

export function loader({ url }: Route.LoaderArgs) {
  return data({ sent: url.searchParams.has(SENT), constraint: formConstraint(emailSchema) }, { headers: NO_STORE });
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

const FORGOT_FORM_ID = "forgot-password";

export async function action({ request, context }: Route.ActionArgs) {
  const { submission } = await parseForm(request, emailSchema);
  if (submission.status !== "success") return formFailure(FORGOT_FORM_ID, submission);
  const { email } = submission.value;

  const verdict = await checkAuthRateLimit(site().database.db, "authMail", { clientAddress: knownClientAddress(context), email }, site().config.rateLimits);
  if (!verdict.allowed) {
    const { message, headers } = tooManyAttempts(verdict.retryAfterSeconds);
    return formFailure(FORGOT_FORM_ID, submission, { formErrors: [message] }, { status: 429, headers });
  }

  let failure: unknown = null;
  try {
    // The library answers alike for every address and mails only an existing account.
    const { mailError } = await watchMail(() => site().auth.api.requestPasswordReset({ body: { email, redirectTo: "/reset-password" }, headers: withoutCookies(request.headers) }));
    failure = mailError;
  } catch (error) {
    failure = error;
  }
  if (failure) {
    site().logger.error({ err: failure }, "password reset mail could not be sent");
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
  const reply = useActionData<typeof action>();
  const { form, fields, formProps } = useSchemaForm<{ email: string }>({
    id: FORGOT_FORM_ID,
    reply,
    constraint: loaderData.constraint,
    schema: () => import("~/auth/auth-forms").then((module) => module.emailSchema),
    schemaName: "email",
  });
  const firstInvalid = useFocusFirstInvalid(reply, [fields.email]);
  return (
    <AuthPage heading={t("auth.forgotPassword.heading")} intro={t("auth.forgotPassword.intro")}>
      {loaderData.sent && !reply ? (
        <div className="mb-4">
          <Notice>{t("auth.forgotPassword.sent")}</Notice>
        </div>
      ) : null}
      {form.errors?.length ? (
        <div className="mb-4">
          <FormAlert>{form.errors[0]}</FormAlert>
        </div>
      ) : null}
      <Form method="post" {...formProps} className="space-y-4">
        <TextField field={fields.email} type="email" label={t("auth.fields.email")} autoComplete="email" autoFocus={firstInvalid === "email"} />
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
