import { isAPIError } from "better-auth/api";
import { data } from "react-router";
import { z } from "zod";
import { auth } from "~/auth/auth.server";
import { requireUser, type Viewer } from "~/auth/session.server";
import { preferencesAllowed } from "~/consent/consent";
import { config } from "~/lib/config.server";
import { database } from "~/lib/db/database.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { t } from "~/lib/i18n";
import { hitRateLimit, parseRateLimit, type RateLimit } from "~/lib/rate-limit.server";
import { isTheme, themeCookie } from "~/theme/theme";
import { avatarImage } from "./avatar-url";
import { AVATAR_MAX_BYTES, encodeAvatar, removeAvatarFiles, storeAvatar } from "./avatar.server";
import { clearPendingEmailCookie, EMAIL_CHANGE_RETURN_PATH, emailChangeNotice, pendingEmailCookie } from "./email-change.server";
import { formText, isMultipart, readLimitedForm } from "~/lib/request-body.server";
import { libraryCookies } from "~/routes/auth/auth-pages.server";
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type SettingsFailure, type SettingsField, type SettingsIntent } from "./settings-forms";

export const SETTINGS_PATH = "/dashboard/indstillinger";

/** Room for the multipart wrapping around the largest picture we take. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
/** The text forms are a few fields; nothing legitimate comes near this. */
const TEXT_FORM_MAX_BYTES = 16 * 1024;

function limits(): Record<"password" | "email" | "avatar", RateLimit> {
  return {
    // Guessing the current password with a stolen session must be slow.
    password: parseRateLimit(process.env.RATE_LIMIT_ACCOUNT_PASSWORD, { limit: 10, windowSeconds: 15 * 60 }),
    // Each request mails someone: not a way to flood an inbox.
    email: parseRateLimit(process.env.RATE_LIMIT_ACCOUNT_EMAIL, { limit: 5, windowSeconds: 60 * 60 }),
    // Re-encoding pictures costs CPU.
    avatar: parseRateLimit(process.env.RATE_LIMIT_ACCOUNT_AVATAR, { limit: 30, windowSeconds: 60 * 60 }),
  };
}

function fail(intent: SettingsIntent, errors: Partial<Record<SettingsField, string>>, status = 400, values: Record<string, string> = {}) {
  const failure: SettingsFailure = { intent, errors, values };
  return data(failure, { status });
}

function secureCookies(): boolean {
  return config().baseUrl.startsWith("https:");
}

/** The library's error code (INVALID_PASSWORD, SESSION_EXPIRED …), or null for anything else. */
function libraryErrorCode(error: unknown): string | null {
  if (!isAPIError(error)) return null;
  const code = (error.body as { code?: unknown } | undefined)?.code;
  return typeof code === "string" ? code : "UNKNOWN";
}

/** Counts one attempt; the answer to give when there have been too many. */
async function overLimit(intent: SettingsIntent, field: SettingsField, key: string, rule: RateLimit) {
  const verdict = await hitRateLimit(database().db, key, rule);
  if (verdict.allowed) return null;
  const minutes = Math.max(1, Math.ceil(verdict.retryAfterSeconds / 60));
  const failure: SettingsFailure = { intent, errors: { [field]: t("settings.errors.tooManyAttempts", { minutes }) }, values: {} };
  return data(failure, { status: 429, headers: { "Retry-After": String(verdict.retryAfterSeconds) } });
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
  const page = {
    name: viewer.user.name,
    email: viewer.user.email,
    emailVerified: viewer.user.emailVerified,
    avatar: avatarImage(viewer.profile?.avatarUrl ?? viewer.user.image),
    hasPassword: await hasPassword(viewer.user.id),
    emailNotice: notice,
  };
  return data(page, { headers: clear ? { "Set-Cookie": clearPendingEmailCookie(secureCookies()) } : undefined });
}

/** Every form on the settings page posts here; each says which it is in "intent". */
export async function settingsAction(request: Request) {
  // The session is checked again for every post: the page may have been open for hours.
  const viewer = await requireUser(request);
  const multipart = isMultipart(request);
  const body = await readLimitedForm(request, multipart ? AVATAR_MAX_BYTES + MULTIPART_OVERHEAD_BYTES : TEXT_FORM_MAX_BYTES);
  if (!body.ok) {
    // Only the picture form sends multipart; a text form this large or unreadable is not ours.
    if (multipart) {
      const message = body.reason === "too-large" ? t("settings.errors.avatarTooLarge") : t("settings.errors.avatarNotImage");
      return fail("avatar", { avatar: message }, body.reason === "too-large" ? 413 : 400);
    }
    return fail("unknown", { form: t("settings.errors.generic") }, body.reason === "too-large" ? 413 : 400);
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
      return fail("unknown", { form: t("settings.errors.generic") });
  }
}

const nameSchema = z
  .string()
  // Control characters and surrounding space never belong in a name shown to others.
  .transform((value) => value.replace(/[\u0000-\u001f\u007f]/g, "").trim())
  .pipe(
    z
      .string()
      .min(1, { error: t("settings.errors.nameRequired") })
      .max(NAME_MAX_LENGTH, { error: t("settings.errors.nameTooLong", { max: NAME_MAX_LENGTH }) }),
  );

async function changeName(request: Request, form: FormData) {
  const parsed = nameSchema.safeParse(formText(form, "name"));
  if (!parsed.success) return fail("name", { name: parsed.error.issues[0]?.message }, 400, { name: formText(form, "name") });
  await auth().api.updateUser({ body: { name: parsed.data }, headers: request.headers });
  return redirectWithFlash(SETTINGS_PATH, { title: t("settings.toasts.nameSaved"), variant: "success" });
}

async function changeAvatar(request: Request, viewer: Viewer, form: FormData) {
  const file = form.get("avatar");
  if (!(file instanceof File) || file.size === 0) return fail("avatar", { avatar: t("settings.errors.avatarMissing") });
  if (file.size > AVATAR_MAX_BYTES) return fail("avatar", { avatar: t("settings.errors.avatarTooLarge") }, 413);
  const limited = await overLimit("avatar", "avatar", `account-avatar:${viewer.user.id}`, limits().avatar);
  if (limited) return limited;

  const encoded = await encodeAvatar(new Uint8Array(await file.arrayBuffer()));
  if (!encoded.ok) {
    const message = encoded.problem === "too-many-pixels" ? t("settings.errors.avatarTooManyPixels") : t("settings.errors.avatarNotImage");
    return fail("avatar", { avatar: message });
  }
  const storageDir = config().storageDir;
  const previous = viewer.profile?.avatarUrl ?? viewer.user.image;
  const url = await storeAvatar(storageDir, viewer.user.id, encoded.files);
  try {
    await setAvatarUrl(request, viewer.user.id, url);
  } catch (error) {
    await removeAvatarFiles(storageDir, url);
    throw error;
  }
  await removeAvatarFiles(storageDir, previous);
  return redirectWithFlash(SETTINGS_PATH, { title: t("settings.toasts.avatarSaved"), variant: "success" });
}

async function removeAvatar(request: Request, viewer: Viewer) {
  const previous = viewer.profile?.avatarUrl ?? viewer.user.image;
  await setAvatarUrl(request, viewer.user.id, null);
  await removeAvatarFiles(config().storageDir, previous);
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

const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: t("settings.errors.emailInvalid") }).max(320, { error: t("settings.errors.emailInvalid") }));

async function changeEmail(request: Request, viewer: Viewer, form: FormData) {
  const values = { newEmail: formText(form, "newEmail") };
  const parsed = emailSchema.safeParse(values.newEmail);
  if (!parsed.success) return fail("email", { newEmail: parsed.error.issues[0]?.message }, 400, values);
  const newEmail = parsed.data;
  if (newEmail === viewer.user.email.toLowerCase()) return fail("email", { newEmail: t("settings.errors.emailSame") }, 400, values);
  const limited = await overLimit("email", "newEmail", `account-email:${viewer.user.id}`, limits().email);
  if (limited) return limited;
  try {
    // An address that belongs to someone else is answered like any other (the library sends no
    // mail then): the form must not tell who has an account.
    await auth().api.changeEmail({ body: { newEmail, callbackURL: EMAIL_CHANGE_RETURN_PATH }, headers: request.headers });
  } catch (error) {
    if (libraryErrorCode(error) === null) throw error;
    return fail("email", { newEmail: t("settings.errors.emailFailed") }, 400, values);
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
  const currentPassword = formText(form, "currentPassword");
  const newPassword = formText(form, "newPassword");
  const errors: Partial<Record<SettingsField, string>> = {};
  if (!currentPassword) errors.currentPassword = t("settings.errors.currentPasswordRequired");
  if (newPassword.length < PASSWORD_MIN_LENGTH) errors.newPassword = t("settings.errors.passwordTooShort");
  else if (newPassword.length > PASSWORD_MAX_LENGTH) errors.newPassword = t("settings.errors.passwordTooLong", { max: PASSWORD_MAX_LENGTH });
  else if (newPassword !== formText(form, "confirmPassword")) errors.confirmPassword = t("settings.errors.passwordMismatch");
  if (Object.keys(errors).length) return fail("password", errors);
  const limited = await overLimit("password", "currentPassword", `account-password:${viewer.user.id}`, limits().password);
  if (limited) return limited;

  const revokeOtherSessions = form.get("revokeOtherSessions") === "on";
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
    if (code === "INVALID_PASSWORD") return fail("password", { currentPassword: t("settings.errors.currentPasswordWrong") });
    return fail("password", { form: t("settings.errors.passwordFailed") });
  }
}

async function changeTheme(request: Request, form: FormData) {
  const theme = form.get("theme");
  if (!isTheme(theme)) return fail("theme", { theme: t("settings.errors.themeInvalid") });
  const remember = preferencesAllowed(request.headers.get("Cookie"));
  return redirectWithFlash(
    SETTINGS_PATH,
    { title: t("settings.toasts.themeSaved"), variant: "success" },
    { headers: { "Set-Cookie": themeCookie(theme, secureCookies(), remember) } },
  );
}

async function deleteAccount(request: Request, viewer: Viewer, form: FormData) {
  const withPassword = await hasPassword(viewer.user.id);
  const password = formText(form, "password");
  if (withPassword) {
    if (!password) return fail("delete", { password: t("settings.errors.deletePasswordRequired") });
    const limited = await overLimit("delete", "password", `account-password:${viewer.user.id}`, limits().password);
    if (limited) return limited;
  } else {
    const typed = formText(form, "confirmEmail").trim().toLowerCase();
    if (typed !== viewer.user.email.toLowerCase()) {
      return fail("delete", { confirmEmail: t("settings.errors.deleteEmailMismatch") }, 400, { confirmEmail: formText(form, "confirmEmail") });
    }
  }
  try {
    // The library runs releaseUserData (app/account/deletion.server.ts) before it removes the user.
    const { headers } = await auth().api.deleteUser({
      body: withPassword ? { password } : {},
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
    if (code === "INVALID_PASSWORD") return fail("delete", { password: t("settings.errors.deletePasswordWrong") });
    // Without a password the library wants a session made within the last day.
    if (code === "SESSION_EXPIRED") return fail("delete", { confirmEmail: t("settings.errors.deleteSessionTooOld") });
    return fail("delete", { form: t("settings.errors.deleteFailed") });
  }
}
