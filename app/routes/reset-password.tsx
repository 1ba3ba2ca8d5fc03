import { site } from "~/lib/site-context.server";
import { Form, Link, data, useActionData } from "react-router";
import { authErrorCode, resetPasswordError } from "~/auth/auth-errors";
import { redirectWithFlash } from "~/http/flash.server";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import { loadAsDocument } from "~/http/load-as-document";
import { STATIC_PAGE } from "~/lib/route-handle";
import { formConstraint } from "~/forms/parse-form.server";
import { formFailure, parseForm } from "~/http/form.server";
import { useFocusFirstInvalid, useSchemaForm } from "~/forms/use-schema-form";
import { resetPasswordSchema } from "~/auth/auth-forms";
import { NO_STORE, withoutCookies } from "~/http/auth-pages.server";
import { formText } from "~/forms/form-data";
import { AuthLinks, AuthPage, FormAlert, SubmitButton, TextField } from "~/auth/auth-ui";
import { resetTokenState, type ResetTokenState } from "~/auth/reset-token.server";
import type { Route } from "./+types/reset-password";

/** A link that cannot be used answers 400 (incomplete) or 410 (run out or used), with the reason in words. */
const STATUS: Record<ResetTokenState, number> = { valid: 200, missing: 400, expired: 410, used: 410 };

/** Without React in the browser (decision 0022): app/progressive/ checks its forms. */
export const handle = STATIC_PAGE;
export const clientLoader = loadAsDocument;

export async function loader({ url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token");
  const state = await resetTokenState(site().database.db, token);
  return data({ token: state === "valid" ? token : null, state, constraint: formConstraint(resetPasswordSchema) }, { status: STATUS[state], headers: NO_STORE });
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

const RESET_FORM_ID = "reset-password";
/** Passwords are typed again after any error. */
const HIDDEN = { hideFields: ["password", "repeatPassword"] };

export async function action({ request }: Route.ActionArgs) {
  const { formData, submission } = await parseForm(request, resetPasswordSchema);
  const token = formText(formData, "token");
  const page = `/reset-password?${new URLSearchParams({ token })}`;
  if (submission.status !== "success") return formFailure(RESET_FORM_ID, submission, HIDDEN);

  // The link may have run out or been used (in another tab) since the form was shown.
  const state = await resetTokenState(site().database.db, token);
  if (state !== "valid") {
    const description = state === "expired" ? t("auth.resetPassword.linkExpired") : t("auth.resetPassword.linkInvalid");
    return redirectWithFlash(page, { title: t("auth.toasts.passwordUpdateFailed"), description, variant: "destructive" });
  }

  try {
    // Every session of the account ends (revokeSessionsOnPasswordReset): whoever knew the old password is out.
    await site().auth.api.resetPassword({ body: { token, newPassword: submission.value.password }, headers: withoutCookies(request.headers) });
  } catch (error) {
    const failure = resetPasswordError(authErrorCode(error));
    if (failure.field === "password") return formFailure(RESET_FORM_ID, submission, { ...HIDDEN, fieldErrors: { password: [t(failure.message)] } });
    if (failure.field === "form") site().logger.error({ err: error }, "password reset failed");
    const description = failure.field === "token" ? t("auth.resetPassword.linkInvalid") : undefined;
    return redirectWithFlash(page, { title: t("auth.toasts.passwordUpdateFailed"), description, variant: "destructive" });
  }
  return redirectWithFlash("/sign-in", { title: t("auth.toasts.passwordUpdated"), description: t("auth.resetPassword.signInAfter"), variant: "success" });
}

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta(matches, {
    title: t("auth.resetPassword.title"),
    description: t("auth.resetPassword.description"),
    path: "/reset-password",
    robots: "noindex,follow",
  });
}

function UnusableLink({ state }: { state: Exclude<ResetTokenState, "valid"> }) {
  const [title, body] =
    state === "expired"
      ? [t("auth.resetPassword.linkExpiredTitle"), t("auth.resetPassword.linkExpired")]
      : state === "used"
        ? [t("auth.resetPassword.linkInvalidTitle"), t("auth.resetPassword.linkInvalid")]
        : [t("auth.resetPassword.linkMissingTitle"), t("auth.resetPassword.linkMissing")];
  return (
    <>
      <FormAlert title={title}>
        <p>{body}</p>
      </FormAlert>
      <AuthLinks>
        <p>
          <Link to="/forgot-password">{t("auth.resetPassword.newLink")}</Link>
        </p>
      </AuthLinks>
    </>
  );
}

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const { token, state } = loaderData;
  return (
    <AuthPage heading={t("auth.resetPassword.heading")} intro={state === "valid" ? t("auth.resetPassword.intro") : undefined}>
      {state !== "valid" || !token ? <UnusableLink state={state === "valid" ? "missing" : state} /> : <NewPasswordForm token={token} constraint={loaderData.constraint} />}
    </AuthPage>
  );
}

function NewPasswordForm({ token, constraint }: { token: string; constraint: Route.ComponentProps["loaderData"]["constraint"] }) {
  const reply = useActionData<typeof action>();
  const { fields, formProps } = useSchemaForm<{ password: string; repeatPassword: string }>({
    id: RESET_FORM_ID,
    reply,
    constraint,
    schema: () => import("~/auth/auth-forms").then((module) => module.resetPasswordSchema),
    schemaName: "reset-password",
  });
  const firstInvalid = useFocusFirstInvalid(reply, [fields.password, fields.repeatPassword]);
  return (
    <Form method="post" {...formProps} className="space-y-4">
      <input type="hidden" name="token" value={token} />
      <TextField
        field={fields.password}
        type="password"
        label={t("auth.fields.newPassword")}
        autoComplete="new-password"
        hint={t("auth.fields.passwordHint")}
        autoFocus={firstInvalid === "password"}
      />
      <TextField field={fields.repeatPassword} type="password" label={t("auth.fields.repeatPassword")} autoComplete="new-password" autoFocus={firstInvalid === "repeatPassword"} />
      <SubmitButton intent="reset-password" label={t("auth.resetPassword.submit")} pendingLabel={t("auth.resetPassword.submitting")} />
    </Form>
  );
}
