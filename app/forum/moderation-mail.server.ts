import type { Logger } from "pino";
import { t } from "~/lib/i18n";
import { renderMail } from "~/mail/mail-layout";
import type { SendMail } from "~/mail/mailer.server";

/** What an author is told after an admin acted on their post or topic. */
export type ModerationNotice = "post.hide" | "post.delete" | "topic.lock" | "topic.move";

export interface MailOptions {
  baseUrl: string;
  send: SendMail;
  logger: Logger;
}

export interface NoticeTarget {
  email: string;
  name: string;
  topicTitle: string;
  /** The topic's path, or the forum's when the topic is gone from view. */
  path: string;
}

const SUBJECTS: Record<ModerationNotice, string> = {
  "post.hide": t("forum.mail.hide.subject"),
  "post.delete": t("forum.mail.delete.subject"),
  "topic.lock": t("forum.mail.lock.subject"),
  "topic.move": t("forum.mail.move.subject"),
};

function intro(notice: ModerationNotice, title: string): string {
  switch (notice) {
    case "post.hide":
      return t("forum.mail.hide.intro", { title });
    case "post.delete":
      return t("forum.mail.delete.intro", { title });
    case "topic.lock":
      return t("forum.mail.lock.intro", { title });
    case "topic.move":
      return t("forum.mail.move.intro", { title });
  }
}

/**
 * Tells the author why, in the words the admin gave. The action stands whatever happens here: a
 * mail that cannot be sent is logged, never undone.
 */
export async function sendModerationNotice(notice: ModerationNotice, to: NoticeTarget, reason: string, { baseUrl, send, logger }: MailOptions): Promise<void> {
  const url = `${baseUrl}${to.path}`;
  const reasonParts = reason
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean);
  const content = renderMail({
    subject: SUBJECTS[notice],
    greeting: t("forum.mail.greeting", { name: to.name }),
    intro: [intro(notice, to.topicTitle), t("forum.mail.reasonHeading"), ...reasonParts],
    action: { label: t("forum.mail.action"), url },
    outro: [t("forum.mail.outro")],
  });
  try {
    await send({ to: to.email, ...content, link: url });
  } catch (error) {
    logger.error({ err: error, notice }, "forum: the mail to the author failed; the action stands");
  }
}
