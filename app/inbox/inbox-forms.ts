import { z } from "zod";
import { requiredText } from "~/forms/fields";
import { t } from "~/lib/i18n";

/*
 * The forms on a message's page (/dashboard/admin/beskeder/:id): an answer to the sender, and
 * closing the message or opening it again. Ordinary posts, told apart by "intent".
 */

export const INBOX_INTENTS = ["answer", "close", "reopen"] as const;
export type InboxIntent = (typeof INBOX_INTENTS)[number];

export function isInboxIntent(value: unknown): value is InboxIntent {
  return typeof value === "string" && (INBOX_INTENTS as readonly string[]).includes(value);
}

/** As long as the contact form lets a message be. */
export const ANSWER_MAX = 5000;

export const answerSchema = z.object({
  body: requiredText(ANSWER_MAX, {
    required: t("inbox.answer.required"),
    tooLong: t("inbox.answer.tooLong", { max: ANSWER_MAX.toLocaleString("da-DK") }),
  }),
});

export const ANSWER_FORM_ID = "svar";
