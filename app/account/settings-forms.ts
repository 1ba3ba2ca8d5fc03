/**
 * What the settings forms share between the server's action and the page that shows them: which
 * form a post or a reply belongs to, and where on the page its fields are. No zod here: the rules
 * are in settings/settings-schemas.ts, which the page loads only once someone starts on a form.
 */

/** The "intent" each form posts, so the one action knows which form it is. */
export type SettingsIntent = "name" | "forum-name" | "avatar" | "avatar-remove" | "email" | "password" | "theme" | "delete";

/** Each form's id: the <form>'s id, and the label on the server's reply to it (formReply). */
export const SETTINGS_FORMS = {
  name: "navn-formular",
  forumName: "forumnavn-formular",
  avatar: "profilbillede-formular",
  email: "email-formular",
  password: "adgangskode-formular",
  theme: "tema-formular",
  delete: "slet-konto-formular",
  /** A post that is none of the forms (no intent, or a body that could not be read). */
  unknown: "ukendt-formular",
} as const;

export type SettingsForm = (typeof SETTINGS_FORMS)[keyof typeof SETTINGS_FORMS];

/** The names of the fields, as posted and as the schemas know them. */
export type SettingsField =
  "name" | "forumName" | "avatar" | "newEmail" | "currentPassword" | "newPassword" | "confirmPassword" | "revokeOtherSessions" | "theme" | "password" | "confirmEmail";

/** Field ids, so the summary at the top of the page can link to the field that needs attention. */
export const FIELD_IDS = {
  name: "navn",
  forumName: "forumnavn",
  avatar: "profilbillede-fil",
  newEmail: "ny-email",
  currentPassword: "nuvaerende-adgangskode",
  newPassword: "ny-adgangskode",
  confirmPassword: "gentag-adgangskode",
  revokeOtherSessions: "log-ud-andre-steder",
  theme: "tema-lys",
  password: "slet-adgangskode",
  confirmEmail: "slet-email",
} as const satisfies Record<SettingsField, string>;

/** Each form's section on the page: where the summary points for a message about the whole form. */
export const SECTION_IDS: Record<SettingsForm, string> = {
  [SETTINGS_FORMS.name]: "profil",
  [SETTINGS_FORMS.forumName]: "forumnavn-sektion",
  [SETTINGS_FORMS.avatar]: "profilbillede",
  [SETTINGS_FORMS.email]: "email",
  [SETTINGS_FORMS.password]: "adgangskode",
  [SETTINGS_FORMS.theme]: "tema",
  [SETTINGS_FORMS.delete]: "slet-konto",
  [SETTINGS_FORMS.unknown]: "main-content",
};

/** Where a change of e-mail address stands (app/account/email-change.server.ts works it out). */
export type EmailChangeNotice =
  | { kind: "changed"; email: string }
  | { kind: "awaiting-current"; current: string; next: string }
  | { kind: "awaiting-new"; next: string }
  | { kind: "approved"; next: string | null }
  | { kind: "link-failed"; reason: "expired" | "invalid" | "other-user" };
