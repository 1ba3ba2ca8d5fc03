import { z } from "zod";
import { t } from "~/lib/i18n";
import { PLANS, isPlanId, type PlanId } from "./plans";

/**
 * The contact form (/kontakt): its fields, what a message can be about, and its rules with the
 * Danish message for each field. The browser checks the same with HTML attributes (required,
 * type=email, maxlength), which work without JavaScript.
 */

export const CONTACT_LIMITS = { name: 100, email: 254, messageMin: 10, messageMax: 5000 } as const;

/** The field a person never sees; a robot that fills in every field fills in this one too. */
export const HONEYPOT_FIELD = "website";

export const CONTACT_TOPICS = ["question", "correction", "organiser", "partnership", "press", "other"] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number] | "plan";

/** One choice of the "Hvad drejer det sig om?" list: a topic, or a plan by its id ("plan:synlig"). */
export interface SubjectOption {
  value: string;
  label: string;
}

export function topicLabel(topic: (typeof CONTACT_TOPICS)[number]): string {
  const labels: Record<(typeof CONTACT_TOPICS)[number], string> = {
    question: t("content.contact.topics.question"),
    correction: t("content.contact.topics.correction"),
    organiser: t("content.contact.topics.organiser"),
    partnership: t("content.contact.topics.partnership"),
    press: t("content.contact.topics.press"),
    other: t("content.contact.topics.other"),
  };
  return labels[topic];
}

export const TOPIC_OPTIONS: SubjectOption[] = CONTACT_TOPICS.map((topic) => ({ value: topic, label: topicLabel(topic) }));
export const PLAN_OPTIONS: SubjectOption[] = PLANS.map((plan) => ({ value: `plan:${plan.id}`, label: plan.name }));

export function planSubject(plan: PlanId): string {
  return `plan:${plan}`;
}

/** What the chosen value means: a topic, or the plan topic with its plan. Null for anything else. */
export function readSubject(value: string): { topic: ContactTopic; plan: PlanId | null } | null {
  if (value.startsWith("plan:")) {
    const plan = value.slice("plan:".length);
    return isPlanId(plan) ? { topic: "plan", plan } : null;
  }
  return (CONTACT_TOPICS as readonly string[]).includes(value) ? { topic: value as ContactTopic, plan: null } : null;
}

/** The subject as the operator reads it in the mail: "Rettelse til et marked", "Plan: Synlig". */
export function subjectText(subject: { topic: ContactTopic; plan: PlanId | null }): string {
  if (subject.topic === "plan") {
    const plan = PLANS.find((candidate) => candidate.id === subject.plan);
    return t("content.contact.planSubject", { plan: plan?.name ?? "" });
  }
  return topicLabel(subject.topic);
}

const contactSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: () => t("content.contact.errors.nameRequired") })
    .max(CONTACT_LIMITS.name, { error: () => t("content.contact.errors.nameTooLong", { max: CONTACT_LIMITS.name }) }),
  email: z
    .string()
    .trim()
    .min(1, { error: () => t("content.contact.errors.emailRequired") })
    .pipe(
      z
        .email({ error: () => t("content.contact.errors.emailInvalid") })
        .max(CONTACT_LIMITS.email, { error: () => t("content.contact.errors.emailInvalid") }),
    ),
  subject: z
    .string()
    .transform((value, context) => {
      const subject = readSubject(value);
      if (!subject) context.addIssue({ code: "custom", message: t("content.contact.errors.subjectRequired") });
      return subject ?? { topic: "other" as ContactTopic, plan: null };
    }),
  message: z
    .string()
    .trim()
    .min(CONTACT_LIMITS.messageMin, { error: () => t("content.contact.errors.messageTooShort", { min: CONTACT_LIMITS.messageMin }) })
    .max(CONTACT_LIMITS.messageMax, {
      error: () => t("content.contact.errors.messageTooLong", { max: CONTACT_LIMITS.messageMax.toLocaleString("da-DK") }),
    }),
});

export type ContactInput = z.output<typeof contactSchema>;
export type ContactField = "name" | "email" | "subject" | "message";
export const CONTACT_FIELDS: readonly ContactField[] = ["name", "email", "subject", "message"];

/** What the person typed, to put back in the form when something must be corrected. */
export type ContactValues = Record<ContactField, string>;

export type ParsedContact = { ok: true; data: ContactInput } | { ok: false; errors: Partial<Record<ContactField, string>>; values: ContactValues };

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

export function contactValues(form: FormData): ContactValues {
  return { name: text(form, "name"), email: text(form, "email"), subject: text(form, "subject"), message: text(form, "message") };
}

/** The form's fields checked; on failure the first message of each wrong field. */
export function parseContactForm(form: FormData): ParsedContact {
  const values = contactValues(form);
  const result = contactSchema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: Partial<Record<ContactField, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ContactField;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors, values };
}

/** The robots' field was filled in. */
export function isHoneypotFilled(form: FormData): boolean {
  return text(form, HONEYPOT_FIELD).trim() !== "";
}
