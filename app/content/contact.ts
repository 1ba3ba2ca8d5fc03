import { t } from "~/lib/i18n";
import { PLANS, isPlanId, type PlanId } from "~/markets/plans";

/**
 * The contact form (/kontakt): what a message can be about. Its rules are in contact-form.ts,
 * loaded by the page only once someone starts on the form.
 */

export const MESSAGE_LIMITS = { min: 10, max: 5000 } as const;

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

/** The robots' field was filled in. */
export function isHoneypotFilled(form: FormData): boolean {
  const value = form.get(HONEYPOT_FIELD);
  return typeof value === "string" && value.trim() !== "";
}
