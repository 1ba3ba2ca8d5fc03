import { parse, type Submission } from "@conform-to/react";
import { data, useActionData, useRouteLoaderData } from "react-router";
import { libraryCookies } from "~/http/auth-pages.server";
import { AVATAR_MAX_BYTES } from "~/lib/images/avatar-url";
import { avatarProblemMessage } from "~/account/avatar.server";
import { changeAvatar, changeName, removeAvatar } from "~/account/change-profile.server";
import { changePassword } from "~/account/change-password.server";
import { deleteAccount } from "~/account/delete-account.server";
import { clearPendingEmailCookie, emailChangeNotice, pendingEmailCookie } from "~/account/email-change.server";
import { hasPassword } from "~/account/has-password.server";
import { requestEmailChange } from "~/account/request-email-change.server";
import { SETTINGS_FORMS, type SettingsField, type SettingsForm } from "~/account/settings-forms";
import { settingsPageData } from "~/account/settings-page.server";
import {
  avatarSchema,
  deleteWithEmailSchema,
  deleteWithPasswordSchema,
  emailChangeSchema,
  forumNameSchema,
  nameSchema,
  passwordSchema,
  themeSchema,
} from "~/account/settings/settings-schemas";
import { AvatarForm } from "~/account/settings/AvatarForm";
import { DeleteAccountForm } from "~/account/settings/DeleteAccountForm";
import { EmailForm } from "~/account/settings/EmailForm";
import { ExportSection } from "~/account/settings/ExportSection";
import { FailureSummary } from "~/account/settings/FailureSummary";
import { NameForm } from "~/account/settings/NameForm";
import { ForumNameForm } from "~/account/settings/ForumNameForm";
import { forgetAuthorPages } from "~/forum/forum-pages.server";
import { setForumName } from "~/forum/forum-name.server";
import { PasswordForm } from "~/account/settings/PasswordForm";
import { ThemeForm } from "~/account/settings/ThemeForm";
import { DATA_EXPORT_PATH } from "~/account/dashboard-menu";
import { preferencesAllowed } from "~/consent/consent";
import { parseSubmission } from "~/forms/parse-form.server";
import { formFailure } from "~/http/form.server";
import { redirectWithFlash } from "~/http/flash.server";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import { isMultipart, readLimitedForm, SMALL_FORM_MAX_BYTES } from "~/http/request-body.server";
import { FORM_PROBLEM_STATUS } from "~/forms/form-data";
import { site, type SiteContext } from "~/lib/site-context.server";
import { themeCookie } from "~/theme/theme";
import type { loader as rootLoader } from "../../../root";
import type { Route } from "./+types/index";
import { access } from "~/http/access.server";
import { type Viewer } from "~/auth/viewer";

const SETTINGS_PATH = "/dashboard/indstillinger";

/** Room for the multipart wrapping around the largest picture we take. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** Typed passwords are never sent back: the person types them again. */
const PASSWORD_FIELDS: SettingsField[] = ["currentPassword", "newPassword", "confirmPassword"];

const guard = access({ permission: "read:dashboard:own" });
export const middleware: Route.MiddlewareFunction[] = [guard];

export async function loader({ url, request, context }: Route.LoaderArgs) {
  const { viewer } = guard.allowed(context);
  const current = site();
  const { notice, clear } = emailChangeNotice(url, request.headers.get("Cookie"), viewer.user);
  const page = await settingsPageData(current.database.db, viewer, notice);
  // A change of address that is done is forgotten by this browser too.
  return data(page, { headers: clear ? { "Set-Cookie": clearPendingEmailCookie(secureCookies(current)) } : undefined });
}

/** Every form on the settings page posts here; each says which it is in "intent". */
export async function action({ request, context }: Route.ActionArgs) {
  // The session is checked again for every post: the page may have been open for hours.
  const { viewer } = guard.allowed(context);
  const multipart = isMultipart(request);
  const body = await readLimitedForm(request, multipart ? AVATAR_MAX_BYTES + MULTIPART_OVERHEAD_BYTES : SMALL_FORM_MAX_BYTES);
  if (!body.ok) {
    // Only the picture form sends multipart; a text form this large or unreadable is not ours.
    const status = FORM_PROBLEM_STATUS[body.reason];
    if (!multipart) return unknownForm(status);
    const message = avatarProblemMessage(body.reason === "too-large" ? "too-large" : "not-image");
    return fieldFailure(SETTINGS_FORMS.avatar, parseSubmission(new FormData(), avatarSchema), "avatar", message, [], status);
  }
  const form = body.form;
  const current = site();
  switch (form.get("intent")) {
    case "name":
      return nameAnswer(current, viewer, request.headers, form);
    case "forum-name":
      return forumNameAnswer(current, viewer, form);
    case "avatar":
      return avatarAnswer(current, viewer, request.headers, form);
    case "avatar-remove":
      await removeAvatar(current, viewer, request.headers);
      await forgetAuthorPages(current.database.db, viewer.user.id);
      return redirectWithFlash(SETTINGS_PATH, { title: t("settings.toasts.avatarRemoved"), variant: "success" });
    case "email":
      return emailAnswer(current, viewer, request.headers, form);
    case "password":
      return passwordAnswer(current, viewer, request.headers, form);
    case "theme":
      return themeAnswer(current, request.headers, form);
    case "delete":
      return deleteAnswer(current, viewer, request.headers, form);
    default:
      return unknownForm();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a submission of any of the forms' schemas
type AnySubmission = Submission<any, string[], any>;

function secureCookies(current: SiteContext): boolean {
  return current.config.baseUrl.startsWith("https:");
}

/** A message at one field of a form the schema let through (the library or the encoder said no). */
function fieldFailure(form: SettingsForm, submission: AnySubmission, field: SettingsField, message: string, hideFields: SettingsField[] = [], status = 400) {
  return formFailure(form, submission, { fieldErrors: { [field]: [message] }, hideFields }, { status });
}

/** A post that is none of the forms, or a body that could not be read: a message for the page. */
function unknownForm(status = 400) {
  const submission = parse<Record<string, never>, string[]>(new FormData(), { resolve: () => ({ value: {} }) });
  return formFailure(SETTINGS_FORMS.unknown, submission, { formErrors: [t("settings.errors.generic")] }, { status });
}

/** The answer, at `field`, when the person has made too many attempts of this kind. */
function tooManyAttempts(form: SettingsForm, submission: AnySubmission, field: SettingsField, retryAfterSeconds: number, hideFields: SettingsField[] = []) {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return formFailure(
    form,
    submission,
    { fieldErrors: { [field]: [t("settings.errors.tooManyAttempts", { minutes })] }, hideFields },
    { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } },
  );
}

async function nameAnswer(current: SiteContext, viewer: Viewer, sessionHeaders: Headers, form: FormData) {
  const submission = parseSubmission(form, nameSchema);
  if (submission.status !== "success") return formFailure(SETTINGS_FORMS.name, submission);
  await changeName(current, sessionHeaders, submission.value.name);
  // Until a forum name is chosen the forum shows the first name.
  await forgetAuthorPages(current.database.db, viewer.user.id);
  return redirectWithFlash(SETTINGS_PATH, { title: t("settings.toasts.nameSaved"), variant: "success" });
}

async function forumNameAnswer(current: SiteContext, viewer: Viewer, form: FormData) {
  const submission = parseSubmission(form, forumNameSchema);
  if (submission.status !== "success") return formFailure(SETTINGS_FORMS.forumName, submission);
  await setForumName(current.database.db, viewer.user.id, submission.value.forumName);
  return redirectWithFlash(SETTINGS_PATH, { title: t("settings.toasts.forumNameSaved"), variant: "success" });
}

async function avatarAnswer(current: SiteContext, viewer: Viewer, sessionHeaders: Headers, form: FormData) {
  const submission = parseSubmission(form, avatarSchema);
  if (submission.status !== "success") {
    const tooLarge = submission.error?.avatar?.[0] === avatarProblemMessage("too-large");
    return formFailure(SETTINGS_FORMS.avatar, submission, undefined, { status: tooLarge ? 413 : 400 });
  }
  const changed = await changeAvatar(current, viewer, sessionHeaders, submission.value.avatar);
  if (changed.ok) {
    // The forum shows the picture beside every post.
    await forgetAuthorPages(current.database.db, viewer.user.id);
    return redirectWithFlash(SETTINGS_PATH, { title: t("settings.toasts.avatarSaved"), variant: "success" });
  }
  if (changed.problem === "too-many-attempts") return tooManyAttempts(SETTINGS_FORMS.avatar, submission, "avatar", changed.retryAfterSeconds);
  const status = changed.image === "too-large" ? 413 : 400;
  return fieldFailure(SETTINGS_FORMS.avatar, submission, "avatar", avatarProblemMessage(changed.image), [], status);
}

async function emailAnswer(current: SiteContext, viewer: Viewer, sessionHeaders: Headers, form: FormData) {
  const submission = parseSubmission(form, emailChangeSchema(viewer.user.email));
  if (submission.status !== "success") return formFailure(SETTINGS_FORMS.email, submission);
  const { newEmail } = submission.value;
  const requested = await requestEmailChange(current, viewer, sessionHeaders, newEmail);
  if (!requested.ok) {
    if (requested.problem === "too-many-attempts") return tooManyAttempts(SETTINGS_FORMS.email, submission, "newEmail", requested.retryAfterSeconds);
    return fieldFailure(SETTINGS_FORMS.email, submission, "newEmail", t("settings.errors.emailFailed"));
  }
  const description = viewer.user.emailVerified
    ? t("settings.toasts.emailSentToCurrent", { current: viewer.user.email, next: newEmail })
    : t("settings.toasts.emailSentToNew", { next: newEmail });
  return redirectWithFlash(
    SETTINGS_PATH,
    { title: t("settings.toasts.emailSent"), description, variant: "success" },
    { headers: { "Set-Cookie": pendingEmailCookie(newEmail, secureCookies(current)) } },
  );
}

async function passwordAnswer(current: SiteContext, viewer: Viewer, sessionHeaders: Headers, form: FormData) {
  const submission = parseSubmission(form, passwordSchema);
  if (submission.status !== "success") return formFailure(SETTINGS_FORMS.password, submission, { hideFields: PASSWORD_FIELDS });
  const { revokeOtherSessions } = submission.value;
  const changed = await changePassword(current, viewer, sessionHeaders, submission.value);
  if (changed.ok) {
    return redirectWithFlash(
      SETTINGS_PATH,
      {
        title: t("settings.toasts.passwordSaved"),
        variant: "success",
        ...(revokeOtherSessions ? { description: t("settings.toasts.otherSessionsEnded") } : {}),
      },
      // Ending the other sessions gives this browser a new one: its cookie must reach the browser.
      { headers: libraryCookies(changed.sessionCookies) },
    );
  }
  switch (changed.problem) {
    case "too-many-attempts":
      return tooManyAttempts(SETTINGS_FORMS.password, submission, "currentPassword", changed.retryAfterSeconds, PASSWORD_FIELDS);
    case "wrong-password":
      return fieldFailure(SETTINGS_FORMS.password, submission, "currentPassword", t("settings.errors.currentPasswordWrong"), PASSWORD_FIELDS);
    case "refused":
      return formFailure(SETTINGS_FORMS.password, submission, { formErrors: [t("settings.errors.passwordFailed")], hideFields: PASSWORD_FIELDS });
  }
}

function themeAnswer(current: SiteContext, requestHeaders: Headers, form: FormData) {
  const submission = parseSubmission(form, themeSchema);
  if (submission.status !== "success") return formFailure(SETTINGS_FORMS.theme, submission);
  const remember = preferencesAllowed(requestHeaders.get("Cookie"));
  return redirectWithFlash(
    SETTINGS_PATH,
    { title: t("settings.toasts.themeSaved"), variant: "success" },
    { headers: { "Set-Cookie": themeCookie(submission.value.theme, secureCookies(current), remember) } },
  );
}

async function deleteAnswer(current: SiteContext, viewer: Viewer, sessionHeaders: Headers, form: FormData) {
  // An account with a password confirms with it; one that signs in only with Google types its address.
  const withPassword = await hasPassword(current.database.db, viewer.user.id);
  const submission = withPassword ? parseSubmission(form, deleteWithPasswordSchema) : parseSubmission(form, deleteWithEmailSchema(viewer.user.email));
  if (submission.status !== "success") return formFailure(SETTINGS_FORMS.delete, submission, withPassword ? { hideFields: ["password"] } : undefined);
  const password = "password" in submission.value ? submission.value.password : null;
  const deleted = await deleteAccount(current, viewer, sessionHeaders, password);
  if (deleted.ok) {
    return redirectWithFlash(
      "/",
      { title: t("settings.toasts.accountDeleted"), description: t("settings.toasts.accountDeletedBody"), variant: "success" },
      { headers: libraryCookies(deleted.sessionCookies) },
    );
  }
  const failed = (field: SettingsField, message: string) => fieldFailure(SETTINGS_FORMS.delete, submission, field, message, ["password"]);
  switch (deleted.problem) {
    case "too-many-attempts":
      return tooManyAttempts(SETTINGS_FORMS.delete, submission, "password", deleted.retryAfterSeconds, ["password"]);
    case "wrong-password":
      return failed("password", t("settings.errors.deletePasswordWrong"));
    case "session-too-old":
      return failed("confirmEmail", t("settings.errors.deleteSessionTooOld"));
    case "refused":
      return formFailure(SETTINGS_FORMS.delete, submission, { formErrors: [t("settings.errors.deleteFailed")], hideFields: ["password"] });
  }
}

export function headers({ parentHeaders, loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  const headers = new Headers(parentHeaders);
  for (const cookie of loaderHeaders.getSetCookie()) headers.append("Set-Cookie", cookie);
  // A refused attempt says when to try again.
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta(matches, {
    title: t("settings.title"),
    description: t("settings.description"),
    path: "/dashboard/indstillinger",
    robots: "noindex,follow",
  });
}

export default function Settings({ loaderData }: Route.ComponentProps) {
  // Each form shows the reply labelled with its own id; the summary shows any of them.
  const reply = useActionData<typeof action>();
  const theme = useRouteLoaderData<typeof rootLoader>("root")?.theme ?? "system";
  const { constraints } = loaderData;
  return (
    <>
      <h1 className="text-3xl font-bold sm:text-4xl">{t("settings.heading")}</h1>
      <p className="mt-2 max-w-2xl text-lg text-stone-700 dark:text-stone-300">{t("settings.intro")}</p>
      <FailureSummary reply={reply} />
      <div className="mt-6 grid gap-6">
        <NameForm name={loaderData.name} reply={reply} constraint={constraints.name} />
        <ForumNameForm forumName={loaderData.forumName} reply={reply} constraint={constraints.forumName} />
        <AvatarForm name={loaderData.name} avatar={loaderData.avatar} reply={reply} constraint={constraints.avatar} />
        <EmailForm email={loaderData.email} emailVerified={loaderData.emailVerified} notice={loaderData.emailNotice} reply={reply} constraint={constraints.email} />
        <PasswordForm hasPassword={loaderData.hasPassword} passwordMin={loaderData.passwordMin} reply={reply} constraint={constraints.password} />
        <ThemeForm theme={theme} reply={reply} constraint={constraints.theme} />
        <ExportSection href={DATA_EXPORT_PATH} />
        <DeleteAccountForm email={loaderData.email} hasPassword={loaderData.hasPassword} reply={reply} constraint={constraints.delete} />
      </div>
    </>
  );
}
