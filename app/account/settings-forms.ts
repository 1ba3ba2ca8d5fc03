/** What the settings forms share between the server's action and the page that shows them. */

export const NAME_MAX_LENGTH = 100;
/** SPEC §5; the auth library's own limits (minPasswordLength 6, its default maximum 128). */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

export type SettingsIntent = "name" | "avatar" | "avatar-remove" | "email" | "password" | "theme" | "delete" | "unknown";

export type SettingsField =
  | "form"
  | "name"
  | "avatar"
  | "newEmail"
  | "currentPassword"
  | "newPassword"
  | "confirmPassword"
  | "theme"
  | "password"
  | "confirmEmail";

/** A form that did not go through: which one, the Danish message per field, what to type again. */
export interface SettingsFailure {
  intent: SettingsIntent;
  errors: Partial<Record<SettingsField, string>>;
  /** Never a password: those are typed again. */
  values: Record<string, string>;
}

/** Where a change of e-mail address stands (app/account/email-change.server.ts works it out). */
export type EmailChangeNotice =
  | { kind: "changed"; email: string }
  | { kind: "awaiting-current"; current: string; next: string }
  | { kind: "awaiting-new"; next: string }
  | { kind: "approved"; next: string | null }
  | { kind: "link-failed"; reason: "expired" | "invalid" | "other-user" };
