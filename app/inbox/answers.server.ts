import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import { recordAdminAction } from "~/admin-log/record.server";
import type { MessageState } from "~/content/schema";
import { formatDanishDate } from "~/lib/dates";
import { lockRow } from "~/lib/db/dialect.server";
import type { Database } from "~/lib/db/schema";
import { publishQueueChange } from "~/lib/realtime/events.server";
import { t } from "~/lib/i18n";
import { renderMail } from "~/mail/mail-layout";
import type { SendMail } from "~/mail/mailer.server";
import { findMessage } from "./inbox.server";

/*
 * What an admin does with a message: answers it (the answer is kept, then mailed to the sender
 * from the site), closes it, or opens it again. Each is one transaction that holds the message's
 * row and writes its admin-log entry; the mail leaves after the commit, so a mail server that is
 * down loses no answer.
 */

export interface AnswerMail {
  baseUrl: string;
  send: SendMail;
  /** The site's contact address: the sender's reply to the answer comes back there. */
  replyTo: string;
  logger: Logger;
}

export type AnswerOutcome = { kind: "answered"; mailed: boolean } | { kind: "not-found" };

/** "Anna Andersen: Rettelse til et marked": the message as the log names it. */
const labelOf = (message: { name: string; subject: string }) => `${message.name}: ${message.subject}`;

export async function answerMessage(
  db: Kysely<Database>,
  adminId: string,
  messageId: string,
  body: string,
  mail: AnswerMail,
  { now = new Date() }: { now?: Date } = {},
): Promise<AnswerOutcome> {
  const answered = await db.transaction().execute(async (trx) => {
    if (!(await lockRow(trx, "contact_messages", messageId))) return null;
    const message = (await findMessage(trx, messageId))!;
    const id = randomUUID();
    const at = now.toISOString();
    await trx.insertInto("contact_message_answers").values({ id, message_id: messageId, author_id: adminId, body, created_at: at, mailed_at: null }).execute();
    await trx.updateTable("contact_messages").set({ state: "answered", state_changed_at: at }).where("id", "=", messageId).execute();
    await publishQueueChange(trx, "messages", now);
    await recordAdminAction(trx, {
      actorId: adminId,
      kind: "message.answer",
      target: { id: messageId, label: labelOf(message) },
      before: { message: message.state },
      after: { message: "answered" },
      now,
    });
    return { id, message };
  });
  if (!answered) return { kind: "not-found" };
  const { message } = answered;
  const content = renderMail({
    subject: t("inbox.mail.subject", { subject: message.subject }),
    greeting: t("inbox.mail.greeting", { name: message.name }),
    intro: body
      .split(/\r?\n\s*\r?\n/)
      .map((paragraph) => paragraph.trim())
      .filter(Boolean),
    action: { label: t("inbox.mail.action"), url: `${mail.baseUrl}/kontakt` },
    outro: [t("inbox.mail.yourMessage", { date: formatDanishDate(message.createdAt) }), ...message.message.split(/\r?\n/).map((line) => `> ${line}`)],
  });
  try {
    // From the site's address; an answer to it goes to the site's contact address.
    await mail.send({ to: message.email, ...content, replyTo: mail.replyTo });
  } catch (error) {
    mail.logger.error({ err: error, contactMessage: messageId }, "inbox: the answer was stored but its mail failed");
    return { kind: "answered", mailed: false };
  }
  await db.updateTable("contact_message_answers").set({ mailed_at: new Date().toISOString() }).where("id", "=", answered.id).execute();
  return { kind: "answered", mailed: true };
}

export type StateOutcome = { kind: "changed"; state: MessageState } | { kind: "unchanged" } | { kind: "not-found" };

/**
 * Closes a message (nothing more to do), or opens a closed one again: it is then answered if it
 * has an answer, and new if not.
 */
export async function setMessageClosed(
  db: Kysely<Database>,
  adminId: string,
  messageId: string,
  closed: boolean,
  { now = new Date() }: { now?: Date } = {},
): Promise<StateOutcome> {
  return db.transaction().execute(async (trx): Promise<StateOutcome> => {
    if (!(await lockRow(trx, "contact_messages", messageId))) return { kind: "not-found" };
    const message = (await findMessage(trx, messageId))!;
    if ((message.state === "closed") === closed) return { kind: "unchanged" };
    const state: MessageState = closed ? "closed" : message.answers.length ? "answered" : "new";
    await trx.updateTable("contact_messages").set({ state, state_changed_at: now.toISOString() }).where("id", "=", messageId).execute();
    await publishQueueChange(trx, "messages", now);
    await recordAdminAction(trx, {
      actorId: adminId,
      kind: closed ? "message.close" : "message.reopen",
      target: { id: messageId, label: labelOf(message) },
      before: { message: message.state },
      after: { message: state },
      now,
    });
    return { kind: "changed", state };
  });
}

/** An admin's account is deleted: their answers stay with the messages, without their name. */
export async function forgetAnswerAuthor(trx: Kysely<Database>, userId: string): Promise<void> {
  await trx.updateTable("contact_message_answers").set({ author_id: null }).where("author_id", "=", userId).execute();
}
