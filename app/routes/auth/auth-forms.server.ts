import { z } from "zod";
import { t } from "~/lib/i18n";
import { formText } from "~/lib/request-body.server";

/**
 * The account forms' rules (SPEC §5): checked here before the auth library is asked, so every
 * mistake gets a Danish message at its field. The browser checks the same with HTML attributes
 * (required, type=email, minlength), which work without JavaScript.
 */

export const NAME_MAX_LENGTH = 100;
export const PASSWORD_MIN_LENGTH = 6;
/** The auth library's own ceiling. */
export const PASSWORD_MAX_LENGTH = 128;
const EMAIL_MAX_LENGTH = 254;

const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: () => t("auth.fields.emailInvalid") }).max(EMAIL_MAX_LENGTH, { error: () => t("auth.fields.emailInvalid") }));

const newPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { error: () => t("auth.fields.passwordTooShort") })
  .max(PASSWORD_MAX_LENGTH, { error: () => t("auth.fields.passwordTooLong") });

const schemas = {
  signIn: z.object({
    email,
    // Any length: an old password is checked, not judged.
    password: z.string().min(1, { error: () => t("auth.fields.passwordRequired") }).max(PASSWORD_MAX_LENGTH, { error: () => t("auth.signIn.errors.wrongCredentials") }),
  }),
  signUp: z.object({
    name: z
      .string()
      .trim()
      .min(1, { error: () => t("auth.fields.nameRequired") })
      .max(NAME_MAX_LENGTH, { error: () => t("auth.fields.nameTooLong") }),
    email,
    password: newPassword,
  }),
  email: z.object({ email }),
  resetPassword: z
    .object({ password: newPassword, repeatPassword: z.string() })
    .refine((values) => values.password === values.repeatPassword, { path: ["repeatPassword"], error: () => t("auth.fields.passwordsDiffer") }),
};

type Schemas = typeof schemas;
export type FormName = keyof Schemas;
export type FieldErrors = Record<string, string>;

export type Parsed<K extends FormName> = { ok: true; data: z.output<Schemas[K]> } | { ok: false; errors: FieldErrors };

/** The form's fields by the schema's names; the first message of each field that is wrong. */
export function parseAuthForm<K extends FormName>(name: K, form: FormData): Parsed<K> {
  const schema = schemas[name];
  const input = Object.fromEntries(Object.keys(schema.shape).map((field) => [field, formText(form, field)]));
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data as z.output<Schemas[K]> };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
