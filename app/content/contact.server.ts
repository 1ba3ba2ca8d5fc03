import { randomUUID } from "node:crypto";
import type { Submission } from "@conform-to/react";
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import { parseSubmission } from "~/forms/parse-form.server";
import type { Database } from "~/lib/db/schema";
import { publishQueueChange } from "~/lib/realtime/events.server";
import { t } from "~/lib/i18n";
import { hitRateLimit, type RateLimit } from "~/lib/rate-limit.server";
import { renderMail } from "~/mail/mail-layout";
import type { Mail, SendMail } from "~/mail/mailer.server";
import { isHoneypotFilled, subjectText } from "./contact";
import { contactSchema, type ContactInput } from "./contact-form";

type ContactSubmission = Submission<Record<string, unknown>, string[], ContactInput>;

/**
 * What happens to a message from /kontakt: checked, counted against the sender's address, stored,
 * and mailed to the operator. The message is stored before the mail is tried, so a mail server
 * that is down loses nothing; mailed_at records which ones went out.
 */

/** Messages are answered long before this; older ones are deleted (see /privatlivspolitik). */
export const RETENTION_DAYS = 365;

export type ContactOutcome =
  /** Stored; `mailed` says whether the copy to the operator went out too. */
  | { kind: "sent"; id: string; mailed: boolean }
  /** The honeypot was filled in: nothing is stored, and the sender is told it went well. */
  | { kind: "ignored" }
  /** The submission carries the Danish message at each wrong field and what was typed. */
  | { kind: "invalid"; submission: ContactSubmission }
  | { kind: "limited"; retryAfterSeconds: number; submission: ContactSubmission };

export interface ContactOptions {
  /** The sender's network address, for the rate limit only; it is not stored with the message. */
  clientAddress: string;
  now?: Date;
  /** How many messages one address may send (config's rateLimits.contact). */
  rule: RateLimit;
  /** The operator's address (config's contactEmail). */
  to: string;
  /** The site's mailer (`mailer.send`): the copy to the operator goes out through it. */
  send: SendMail;
  /** Where a dropped message and a failed mail are reported. */
  logger: Logger;
}

function operatorMail(id: string, input: ContactInput, to: string): Mail {
  const subject = subjectText(input.subject);
  const content = renderMail({
    subject: t("content.contact.mail.subject", { subject, name: input.name }),
    greeting: t("content.contact.mail.greeting"),
    intro: [
      t("content.contact.mail.from", { name: input.name, email: input.email }),
      t("content.contact.mail.about", { subject }),
      ...input.message
        .split(/\r?\n\s*\r?\n/)
        .map((paragraph) => paragraph.trim())
        .filter(Boolean),
    ],
    action: {
      label: t("content.contact.mail.reply", { name: input.name }),
      url: `mailto:${encodeURIComponent(input.email).replace(/%40/g, "@")}?subject=${encodeURIComponent(`Re: ${subject}`)}`,
    },
    outro: [t("content.contact.mail.stored", { id })],
  });
  // Answering the mail answers the sender.
  return { to, ...content, replyTo: input.email };
}

export async function submitContactForm(db: Kysely<Database>, form: FormData, options: ContactOptions): Promise<ContactOutcome> {
  if (isHoneypotFilled(form)) {
    options.logger.info("contact form: honeypot filled, message dropped");
    return { kind: "ignored" };
  }
  const submission = parseSubmission(form, contactSchema);
  if (submission.status !== "success") return { kind: "invalid", submission };

  const now = options.now ?? new Date();
  const verdict = await hitRateLimit(db, `contact:${options.clientAddress}`, options.rule, now);
  if (!verdict.allowed) return { kind: "limited", retryAfterSeconds: verdict.retryAfterSeconds, submission };

  const input = submission.value;
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("contact_messages")
      .values({
        id,
        name: input.name,
        email: input.email,
        topic: input.subject.topic,
        plan: input.subject.plan,
        message: input.message,
        created_at: now.toISOString(),
        mailed_at: null,
      })
      .execute();
    await publishQueueChange(trx, "messages", now);
  });
  const cutoff = new Date(now.getTime() - RETENTION_DAYS * 24 * 60 * 60 * 1000).toISOString();
  await db.deleteFrom("contact_messages").where("created_at", "<", cutoff).execute();

  try {
    await options.send(operatorMail(id, input, options.to));
  } catch (error) {
    options.logger.error({ err: error, contactMessage: id }, "contact form: the mail to the operator failed; the message is stored");
    return { kind: "sent", id, mailed: false };
  }
  await db.updateTable("contact_messages").set({ mailed_at: new Date().toISOString() }).where("id", "=", id).execute();
  return { kind: "sent", id, mailed: true };
}
