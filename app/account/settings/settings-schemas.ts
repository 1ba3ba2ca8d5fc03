import { z } from "zod";
import { LIMITS, currentPasswordField, emailField, newPasswordField, personNameField } from "~/forms/fields";
import { t } from "~/lib/i18n";
import { imageTooLargeMessage } from "~/lib/images/too-large-message";
import { THEMES } from "~/theme/theme";
import { AVATAR_MAX_BYTES } from "~/lib/images/avatar-url";

/**
 * The rules of the forms on /dashboard/indstillinger: the action parses every post with them
 * (settings.server.ts), and each form loads its own once someone starts on it and checks the same
 * before sending. The page itself never imports this module, so zod stays out of its JavaScript.
 *
 * Two forms depend on the account: the new address must differ from the current one, and an
 * account without a password confirms its deletion by typing its address. Those schemas are made
 * for the account; the page knows the same address, so the browser can check them too.
 */

export const nameSchema = z.object({ name: personNameField() });

/** The name the forum shows; its rules are the forum's (app/forum/forum-forms.ts). */
export { forumNameSchema } from "~/forum/forum-forms";

/**
 * The picture's format is judged by decoding it on the server (avatar.server.ts), not by its name
 * or type. The size message is the one the server gives for a picture over the same limit.
 */
export const avatarSchema = z.object({
  avatar: z.file({ error: t("settings.errors.avatarMissing") }).max(AVATAR_MAX_BYTES, { error: imageTooLargeMessage(AVATAR_MAX_BYTES) }),
});

export function emailChangeSchema(currentEmail: string) {
  const current = currentEmail.trim().toLowerCase();
  return z.object({
    newEmail: emailField().refine((email) => email !== current, { error: t("settings.errors.emailSame") }),
  });
}

export const passwordSchema = z
  .object({
    // A password longer than the library takes cannot be the current one.
    currentPassword: currentPasswordField({
      required: t("settings.errors.currentPasswordRequired"),
      tooLong: t("settings.errors.currentPasswordWrong"),
    }),
    newPassword: newPasswordField(),
    confirmPassword: z.string({ error: t("settings.errors.passwordMismatch") }),
    // A checkbox sends "on" or nothing; anything else is not from this form.
    revokeOtherSessions: z.boolean({ error: t("settings.errors.generic") }).default(false),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ["confirmPassword"],
    error: t("settings.errors.passwordMismatch"),
    // Compared once the new password itself is right: one thing to fix at a time.
    when: ({ issues }) => !issues.some((issue) => issue.path?.[0] === "newPassword" || issue.path?.[0] === "confirmPassword"),
  });

export const themeSchema = z.object({
  theme: z.enum(THEMES, { error: t("settings.errors.themeInvalid") }),
});

/** Deleting an account with a password: the password, checked by the auth library. */
export const deleteWithPasswordSchema = z.object({
  password: currentPasswordField({
    required: t("settings.errors.deletePasswordRequired"),
    tooLong: t("settings.errors.deletePasswordWrong"),
  }),
});

/** Deleting an account that signs in with Google only: its address, typed as shown. */
export function deleteWithEmailSchema(email: string) {
  const expected = email.trim().toLowerCase();
  const mismatch = t("settings.errors.deleteEmailMismatch");
  return z.object({
    confirmEmail: z
      .string({ error: mismatch })
      .trim()
      .toLowerCase()
      .max(LIMITS.email, { error: mismatch })
      .refine((typed) => typed === expected, { error: mismatch }),
  });
}

export function deleteAccountSchema(account: { hasPassword: boolean; email: string }) {
  return account.hasPassword ? deleteWithPasswordSchema : deleteWithEmailSchema(account.email);
}
