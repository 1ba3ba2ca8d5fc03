import { z } from "zod";
import { emailField, personNameField, requiredText } from "~/forms/fields";
import { t } from "~/lib/i18n";
import { MESSAGE_LIMITS, readSubject, type ContactTopic } from "./contact";

/** The contact form's rules: parsed by the action, checked by the page before sending. */
export const contactSchema = z.object({
  name: personNameField(),
  email: emailField({ required: t("content.contact.errors.emailRequired") }),
  subject: z.string({ error: t("content.contact.errors.subjectRequired") }).transform((value, context) => {
    const subject = readSubject(value);
    if (!subject) context.addIssue({ code: "custom", message: t("content.contact.errors.subjectRequired") });
    return subject ?? { topic: "other" as ContactTopic, plan: null };
  }),
  message: requiredText(MESSAGE_LIMITS.max, {
    min: MESSAGE_LIMITS.min,
    required: t("content.contact.errors.messageTooShort", { min: MESSAGE_LIMITS.min }),
    tooShort: t("content.contact.errors.messageTooShort", { min: MESSAGE_LIMITS.min }),
    tooLong: t("content.contact.errors.messageTooLong", { max: MESSAGE_LIMITS.max.toLocaleString("da-DK") }),
  }),
});

export type ContactInput = z.output<typeof contactSchema>;
