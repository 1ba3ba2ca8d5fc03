import { z } from "zod";
import { ROLES } from "~/auth/roles";
import { requiredText } from "~/forms/fields";
import { t } from "~/lib/i18n";

/*
 * The admin's forms on a person's page (/dashboard/admin/brugere/:id): a new role, a block and the
 * lifting of one, each with the reason the admin log keeps. Ordinary posts, told apart by "intent".
 */

export const PERSON_INTENTS = ["role", "block", "unblock"] as const;
export type PersonIntent = (typeof PERSON_INTENTS)[number];

export function isPersonIntent(value: unknown): value is PersonIntent {
  return typeof value === "string" && (PERSON_INTENTS as readonly string[]).includes(value);
}

/** The log's column holds 1,000 characters. */
export const PERSON_REASON_MAX = 1000;

const reason = () =>
  requiredText(PERSON_REASON_MAX, {
    required: t("people.role.reasonRequired"),
    tooLong: t("people.role.reasonTooLong", { max: PERSON_REASON_MAX.toLocaleString("da-DK") }),
  });

export const roleSchema = z.object({
  role: z.enum(ROLES, { error: t("people.role.roleInvalid") }),
  reason: reason(),
});

export const blockSchema = z.object({ reason: reason() });

/** Each form's id, also the label on the server's reply. */
export const PERSON_FORM_IDS: Record<PersonIntent, string> = { role: "rolle", block: "spaerring", unblock: "ophaev-spaerring" };
