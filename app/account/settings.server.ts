import { parse, type Submission } from "@conform-to/react";
import { isAPIError } from "better-auth/api";
import { data } from "react-router";
import { auth } from "~/auth/auth.server";
import { requireUser, type Viewer } from "~/auth/session.server";
import { preferencesAllowed } from "~/consent/consent";
import { LIMITS } from "~/forms/fields";
import { formConstraint, formFailure, parseSubmission } from "~/forms/parse-form.server";
import { config } from "~/lib/config.server";
import { storage } from "~/lib/storage/index.server";
import { database } from "~/lib/db/database.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { t } from "~/lib/i18n";
import { hitRateLimit, type RateLimit } from "~/lib/rate-limit.server";
import { FORM_PROBLEM_STATUS, isMultipart, readLimitedForm, SMALL_FORM_MAX_BYTES } from "~/lib/request-body.server";
import { libraryCookies } from "~/auth/auth-pages.server";
import { themeCookie } from "~/theme/theme";
import { AVATAR_MAX_BYTES, avatarImage } from "./avatar-url";
import { avatarProblemMessage, removeAvatarFiles, storeAvatar } from "./avatar.server";
import { clearPendingEmailCookie, EMAIL_CHANGE_RETURN_PATH, emailChangeNotice, pendingEmailCookie } from "./email-change.server";
import { SETTINGS_FORMS, type SettingsField, type SettingsForm } from "./settings-forms";
import {
  avatarSchema,
  deleteAccountSchema,
  deleteWithEmailSchema,
  deleteWithPasswordSchema,
  emailChangeSchema,
  nameSchema,
  passwordSchema,
  themeSchema,
} from "./settings/settings-schemas";

export const SETTINGS_PATH = "/dashboard/indstillinger";

/** Room for the multipart wrapping around the largest picture we take. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** Typed passwords are never sent back: the person types them again. */
const PASSWORD_FIELDS: SettingsField[] = ["currentPassword", "newPassword", "confirmPassword"];

function limits(): Record<"password" | "email" | "avatar", RateLimit> {
  return {
    password: config().rateLimits.accountPassword,
    email: config().rateLimits.accountEmail,
    avatar: config().rateLimits.accountAvatar,
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a submission of any of the forms' schemas
type AnySubmission = Submission<any, string[], any>;

function secureCookies(): boolean {
  return config().baseUrl.startsWith("https:");
}

/** The library's error code (INVALID_PASSWORD, SESSION_EXPIRED …), or null for anything else. */
function libraryErrorCode(error: unknown): string | null {
  if (!isAPIError(error)) return null;
  const code = (error.body as { code?: unknown } | undefined)?.code;
  return typeof code === "string" ? code : "UNKNOWN";
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

/** Counts one attempt; the answer to give, at `field`, when there have been too many. */
async function overLimit(form: SettingsForm, submission: AnySubmission, field: SettingsField, key: string, rule: RateLimit, hideFields: SettingsField[] = []) {
  const verdict = await hitRateLimit(database().db, key, rule);
  if (verdict.allowed) return null;
  const minutes = Math.max(1, Math.ceil(verdict.retryAfterSeconds / 60));
  return formFailure(
    form,
    submission,
    { fieldErrors: { [field]: [t("settings.errors.tooManyAttempts", { minutes })] }, hideFields },
    { status: 429, headers: { "Retry-After": String(verdict.retryAfterSeconds) } },
  );
}

/** Whether the person can sign in with a password (else only with Google). */
export async function hasPassword(userId: string): Promise<boolean> {
  const row = await database()
    .db.selectFrom("account")
    .select("id")
    .where("userId", "=", userId)
    .where("providerId", "=", "credential")
    .where("password", "is not", null)
    .executeTakeFirst();
  return Boolean(row);
}

/** What /dashboard/indstillinger shows, plus a cookie to clear when a change of address is done. */
export async function settingsPageData(request: Request) {
  const viewer = await requireUser(request);
  const { notice, clear } = emailChangeNotice(new URL(request.url), request.headers.get("Cookie"), viewer.user);
  const withPassword = await hasPassword(viewer.user.id);
  const page = {
    name: viewer.user.name,
    email: viewer.user.email,
    emailVerified: viewer.user.emailVerified,
    avatar: avatarImage(viewer.profile?.avatarUrl ?? viewer.user.image),
    hasPassword: withPassword,
    passwordMin: LIMITS.passwordMin,
    emailNotice: notice,
    // The limits each form's fields show; the schemas themselves come to the page only when used.
    constraints: {
      name: formConstraint(nameSchema),
      avatar: formConstraint(avatarSchema),
      email: formConstraint(emailChangeSchema(viewer.user.email)),
      password: formConstraint(passwordSchema),
      theme: formConstraint(themeSchema),
      delete: formConstraint(deleteAccountSchema({ hasPassword: withPassword, email: viewer.user.email })),
    },
  };
  return data(page, { headers: clear ? { "Set-Cookie": clearPendingEmailCookie(secureCookies()) } : undefined });
}

/** Every form on the settings page posts here; each says which it is in "intent". */
export async function settingsAction(request: Request) {
  // The session is checked again for every post: the page may have been open for hours.
  const viewer = await requireUser(request);
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
  switch (form.get("intent")) {
    case "name":
      return changeName(request, form);
    case "avatar":
      return changeAvatar(request, viewer, form);
    case "avatar-remove":
      return removeAvatar(request, viewer);
    case "email":
      return changeEmail(request, viewer, form);
    case "password":
      return changePassword(request, viewer, form);
    case "theme":
      return changeTheme(request, form);
    case "delete":
      return deleteAccount(request, viewer, form);
    default:
      return unknownForm();
  }
}

async function changeName(request: Request, form: FormData) {
  const submission = parseSubmission(form, nameSchema);
  if (submission.status !== "success") return formFailure(SETTINGS_FORMS.name, submission);
  await auth().api.updateUser({ body: { name: submission.value.name }, headers: request.headers });
  return redirectWithFlash(SETTINGS_PATH, { title: t("settings.toasts.nameSaved"), variant: "success" });
}

async function changeAvatar(request: Request, viewer: Viewer, form: FormData) {
  const submission = parseSubmission(form, avatarSchema);
  if (submission.status !== "success") {
    const tooLarge = submission.error?.avatar?.[0] === avatarProblemMessage("too-large");
    return formFailure(SETTINGS_FORMS.avatar, submission, undefined, { status: tooLarge ? 413 : 400 });
  }
  const limited = await overLimit(SETTINGS_FORMS.avatar, submission, "avatar", `account-avatar:${viewer.user.id}`, limits().avatar);
  if (limited) return limited;

  const stored = await storeAvatar(storage(), viewer.user.id, new Uint8Array(await submission.value.avatar.arrayBuffer()));
  if (!stored.ok) {
    const status = stored.problem === "too-large" ? 413 : 400;
    return fieldFailure(SETTINGS_FORMS.avatar, submission, "avatar", avatarProblemMessage(stored.problem), [], status);
  }
  const { url } = stored;
  const previous = viewer.profile?.avatarUrl ?? viewer.user.image;
  // The same picture again is stored under the same URL: its files are the current ones, kept.
  try {
    await setAvatarUrl(request, viewer.user.id, url);
  } catch (error) {
    if (url !== previous) await removeAvatarFiles(storage(), viewer.user.id, url);
    throw error;
  }
  if (previous !== url) await removeAvatarFiles(storage(), viewer.user.id, previous);
  return redirectWithFlash(SETTINGS_PATH, { title: t("settings.toasts.avatarSaved"), variant: "success" });
}

async function removeAvatar(request: Request, viewer: Viewer) {
  const previous = viewer.profile?.avatarUrl ?? viewer.user.image;
  await setAvatarUrl(request, viewer.user.id, null);
  await removeAvatarFiles(storage(), viewer.user.id, previous);
  return redirectWithFlash(SETTINGS_PATH, { title: t("settings.toasts.avatarRemoved"), variant: "success" });
}

/** The profile keeps the avatar (SPEC §3), the library's user.image the same, for its own answers. */
async function setAvatarUrl(request: Request, userId: string, url: string | null) {
  await database()
    .db.updateTable("profiles")
    .set({ avatar_url: url, updated_at: new Date().toISOString() })
    .where("auth_user_id", "=", userId)
    .execute();
  await auth().api.updateUser({ body: { image: url }, headers: request.headers });
}

async function changeEmail(request: Request, viewer: Viewer, form: FormData) {
  const submission = parseSubmission(form, emailChangeSchema(viewer.user.email));
  if (submission.status !== "success") return formFailure(SETTINGS_FORMS.email, submission);
  const { newEmail } = submission.value;
  const limited = await overLimit(SETTINGS_FORMS.email, submission, "newEmail", `account-email:${viewer.user.id}`, limits().email);
  if (limited) return limited;
  try {
    // An address that belongs to someone else is answered like any other (the library sends no
    // mail then): the form must not tell who has an account.
    await auth().api.changeEmail({ body: { newEmail, callbackURL: EMAIL_CHANGE_RETURN_PATH }, headers: request.headers });
  } catch (error) {
    if (libraryErrorCode(error) === null) throw error;
    return fieldFailure(SETTINGS_FORMS.email, submission, "newEmail", t("settings.errors.emailFailed"));
  }
  const description = viewer.user.emailVerified
    ? t("settings.toasts.emailSentToCurrent", { current: viewer.user.email, next: newEmail })
    : t("settings.toasts.emailSentToNew", { next: newEmail });
  return redirectWithFlash(
    SETTINGS_PATH,
    { title: t("settings.toasts.emailSent"), description, variant: "success" },
    { headers: { "Set-Cookie": pendingEmailCookie(newEmail, secureCookies()) } },
  );
}

async function changePassword(request: Request, viewer: Viewer, form: FormData) {
  const submission = parseSubmission(form, passwordSchema);
  if (submission.status !== "success") return formFailure(SETTINGS_FORMS.password, submission, { hideFields: PASSWORD_FIELDS });
  const limited = await overLimit(
    SETTINGS_FORMS.password,
    submission,
    "currentPassword",
    `account-password:${viewer.user.id}`,
    limits().password,
    PASSWORD_FIELDS,
  );
  if (limited) return limited;

  const { currentPassword, newPassword, revokeOtherSessions } = submission.value;
  try {
    const { headers } = await auth().api.changePassword({
      body: { currentPassword, newPassword, revokeOtherSessions },
      headers: request.headers,
      returnHeaders: true,
    });
    return redirectWithFlash(
      SETTINGS_PATH,
      {
        title: t("settings.toasts.passwordSaved"),
        variant: "success",
        ...(revokeOtherSessions ? { description: t("settings.toasts.otherSessionsEnded") } : {}),
      },
      // Ending the other sessions gives this browser a new one: its cookie must reach the browser.
      { headers: libraryCookies(headers) },
    );
  } catch (error) {
    const code = libraryErrorCode(error);
    if (code === null) throw error;
    if (code === "INVALID_PASSWORD") {
      return fieldFailure(SETTINGS_FORMS.password, submission, "currentPassword", t("settings.errors.currentPasswordWrong"), PASSWORD_FIELDS);
    }
    return formFailure(SETTINGS_FORMS.password, submission, { formErrors: [t("settings.errors.passwordFailed")], hideFields: PASSWORD_FIELDS });
  }
}

async function changeTheme(request: Request, form: FormData) {
  const submission = parseSubmission(form, themeSchema);
  if (submission.status !== "success") return formFailure(SETTINGS_FORMS.theme, submission);
  const remember = preferencesAllowed(request.headers.get("Cookie"));
  return redirectWithFlash(
    SETTINGS_PATH,
    { title: t("settings.toasts.themeSaved"), variant: "success" },
    { headers: { "Set-Cookie": themeCookie(submission.value.theme, secureCookies(), remember) } },
  );
}

async function deleteAccount(request: Request, viewer: Viewer, form: FormData) {
  const failed = (submission: AnySubmission, field: SettingsField, message: string) =>
    fieldFailure(SETTINGS_FORMS.delete, submission, field, message, ["password"]);
  let submission: AnySubmission;
  let password: string | null = null;
  if (await hasPassword(viewer.user.id)) {
    const parsed = parseSubmission(form, deleteWithPasswordSchema);
    if (parsed.status !== "success") return formFailure(SETTINGS_FORMS.delete, parsed, { hideFields: ["password"] });
    const limited = await overLimit(SETTINGS_FORMS.delete, parsed, "password", `account-password:${viewer.user.id}`, limits().password, ["password"]);
    if (limited) return limited;
    submission = parsed;
    password = parsed.value.password;
  } else {
    const parsed = parseSubmission(form, deleteWithEmailSchema(viewer.user.email));
    if (parsed.status !== "success") return formFailure(SETTINGS_FORMS.delete, parsed);
    submission = parsed;
  }
  try {
    // The library runs releaseUserData (app/account/deletion.server.ts) before it removes the user.
    const { headers } = await auth().api.deleteUser({
      body: password === null ? {} : { password },
      headers: request.headers,
      returnHeaders: true,
    });
    return redirectWithFlash(
      "/",
      { title: t("settings.toasts.accountDeleted"), description: t("settings.toasts.accountDeletedBody"), variant: "success" },
      { headers: libraryCookies(headers) },
    );
  } catch (error) {
    const code = libraryErrorCode(error);
    if (code === null) throw error;
    if (code === "INVALID_PASSWORD") return failed(submission, "password", t("settings.errors.deletePasswordWrong"));
    // Without a password the library wants a session made within the last day.
    if (code === "SESSION_EXPIRED") return failed(submission, "confirmEmail", t("settings.errors.deleteSessionTooOld"));
    return formFailure(SETTINGS_FORMS.delete, submission, { formErrors: [t("settings.errors.deleteFailed")], hideFields: ["password"] });
  }
}
