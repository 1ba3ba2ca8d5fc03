import { z } from "zod";
import { currentPasswordField, emailField, newPasswordField, personNameField } from "~/forms/fields";
import { t } from "~/lib/i18n";

/**
 * The account forms' rules (product §5): parsed by each page's action before the auth library is
 * asked, and checked by the page before sending once someone starts on the form.
 */

export const signInSchema = z.object({
  email: emailField(),
  // Any length: an old password is checked, not judged.
  password: currentPasswordField({ tooLong: t("auth.signIn.errors.wrongCredentials") }),
});

export const signUpSchema = z.object({
  name: personNameField(),
  email: emailField(),
  password: newPasswordField(),
});

/** Forgot password, and "send the confirmation mail again". */
export const emailSchema = z.object({ email: emailField() });

export const resetPasswordSchema = z
  .object({ password: newPasswordField(), repeatPassword: z.string({ error: t("forms.password.differ") }) })
  .refine((values) => values.password === values.repeatPassword, { path: ["repeatPassword"], error: t("forms.password.differ") });
