import type { TranslationKey } from "../lib/i18n";

/**
 * The auth library's answers, turned into the Danish texts of product §5 and §8. The library throws
 * errors that carry a code (body.code, e.g. "INVALID_EMAIL_OR_PASSWORD"); OAuth failures arrive as
 * an `error` query parameter. Anything unknown gets the flow's general message, never the
 * library's English text.
 */

/** The library's error code, or null for an error that is not one of its answers (a crash, a lost connection). */
export function authErrorCode(error: unknown): string | null {
  if (!error || typeof error !== "object") return null;
  const body = (error as { body?: unknown }).body;
  if (!body || typeof body !== "object") return null;
  const code = (body as { code?: unknown }).code;
  return typeof code === "string" ? code : null;
}

export type SignUpError = { field: "email" | "password" | "form"; message: TranslationKey };

/** product §5: an existing address, a short password, everything else. */
export function signUpError(code: string | null): SignUpError {
  switch (code) {
    case "USER_ALREADY_EXISTS":
    case "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL":
      return { field: "email", message: "auth.signUp.errors.exists" };
    case "PASSWORD_TOO_SHORT":
      return { field: "password", message: "auth.fields.passwordTooShort" };
    case "PASSWORD_TOO_LONG":
      return { field: "password", message: "auth.fields.passwordTooLong" };
    case "INVALID_EMAIL":
      return { field: "email", message: "auth.fields.emailInvalid" };
    default:
      return { field: "form", message: "auth.signUp.errors.failed" };
  }
}

export type SignInError = "wrongCredentials" | "unverified" | "blocked" | "failed";

/**
 * One answer for a wrong address and a wrong password, so nobody learns whether an address has an
 * account. "Not verified" only comes after the right password, so it reveals nothing either.
 */
export function signInError(code: string | null): SignInError {
  switch (code) {
    case "INVALID_EMAIL_OR_PASSWORD":
    case "INVALID_EMAIL":
    case "INVALID_PASSWORD":
    case "USER_NOT_FOUND":
    case "CREDENTIAL_ACCOUNT_NOT_FOUND":
      return "wrongCredentials";
    case "EMAIL_NOT_VERIFIED":
      return "unverified";
    // Only after the right password, like "not verified": it tells nobody else anything.
    case "ACCOUNT_BLOCKED":
      return "blocked";
    default:
      return "failed";
  }
}

export type ResetPasswordError = { field: "password" | "token" | "form"; message: TranslationKey };

export function resetPasswordError(code: string | null): ResetPasswordError {
  switch (code) {
    case "PASSWORD_TOO_SHORT":
      return { field: "password", message: "auth.fields.passwordTooShort" };
    case "PASSWORD_TOO_LONG":
      return { field: "password", message: "auth.fields.passwordTooLong" };
    case "INVALID_TOKEN":
      return { field: "token", message: "auth.resetPassword.linkInvalid" };
    default:
      return { field: "form", message: "auth.toasts.passwordUpdateFailed" };
  }
}

/** Why a verification link did not work: run out, or not a link we made (cut off, changed, the account gone). */
export function verifyErrorMessage(code: string | null): { title: TranslationKey; description: TranslationKey } {
  return code === "TOKEN_EXPIRED"
    ? { title: "auth.callback.verifyExpiredTitle", description: "auth.callback.verifyExpired" }
    : { title: "auth.callback.verifyInvalidTitle", description: "auth.callback.verifyInvalid" };
}

/**
 * "Fejl ved Google-login" (product §8) with the reason in words where we know one: the visitor said
 * no at Google, or an account with the address exists but was never confirmed (the library will
 * not join a Google login to an unconfirmed account: whoever registered it may not own the address).
 */
export function googleErrorDescription(code: string | null): TranslationKey {
  switch (code) {
    case "access_denied":
      return "auth.google.errors.denied";
    case "account_not_linked":
      return "auth.google.errors.notLinked";
    case "ACCOUNT_BLOCKED":
    case "account_blocked":
      return "auth.google.errors.blocked";
    default:
      return "auth.google.errors.failed";
  }
}
