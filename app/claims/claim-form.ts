import { z } from "zod";
import { LIMITS } from "~/forms/fields";
import { t } from "~/lib/i18n";
import { isClaimRelation } from "./claim-fields";

/*
 * "Er det dit marked?": the claim form's rules (routes/markeder/$slug/ejerskab.tsx). Parsed by the
 * action, and loaded by the page once someone starts on the form; its names are in claim-fields.ts.
 */

/** The column holds 200 characters; an address holds at most 254 (RFC 5321), which no one really has. */
export const CONTACT_MAX = 200;
/** A few lines for the admin, not a letter. */
export const MESSAGE_MAX = 1000;

/** Eight digits make a Danish number; a Greenlandic or Faroese one has six. */
const PHONE = /^\+?\d[\d\s-]{4,}\d$/;
const MIN_PHONE_DIGITS = 6;

/** An e-mail address or a phone number, as people write them; "" when it is neither. */
export function contactKind(value: string): "email" | "phone" | "" {
  const text = value.trim();
  if (text.includes("@")) return z.email().max(LIMITS.email).safeParse(text).success ? "email" : "";
  return PHONE.test(text) && text.replace(/\D/g, "").length >= MIN_PHONE_DIGITS ? "phone" : "";
}

export const claimSchema = z.object({
  relation: z.string({ error: t("claims.form.errors.relationRequired") }).refine(isClaimRelation, { error: t("claims.form.errors.relationRequired") }),
  contact: z
    .string({ error: t("claims.form.errors.contactRequired") })
    .trim()
    .max(CONTACT_MAX, { error: t("claims.form.errors.contactInvalid") })
    .refine((value) => contactKind(value) !== "", { error: t("claims.form.errors.contactInvalid") })
    // An address is kept as it is compared everywhere else: in lower case.
    .transform((value) => (contactKind(value) === "email" ? value.toLowerCase() : value.replace(/\s+/g, " "))),
  message: z
    .string()
    .trim()
    .max(MESSAGE_MAX, { error: t("claims.form.errors.messageTooLong", { max: MESSAGE_MAX.toLocaleString("da-DK") }) })
    .optional()
    .transform((value) => (value ? value : null)),
});

export type ClaimInput = z.output<typeof claimSchema>;
