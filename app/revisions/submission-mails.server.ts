import type { Logger } from "pino";
import { t } from "~/lib/i18n";
import { renderMail } from "~/mail/mail-layout";
import type { Mail, SendMail } from "~/mail/mailer.server";

/*
 * The mail a person gets when they have sent a new market: that it has arrived and what happens
 * next. The review's answers (approved, rejected) are mails of their own, sent by the review.
 */

export interface SubmissionMailInput {
  to: { name: string; email: string };
  market: { name: string; slug: string; status: "pending" | "published" };
  baseUrl: string;
}

export function submissionReceivedMail({ to, market, baseUrl }: SubmissionMailInput): Mail {
  const name = to.name.trim();
  const greeting = name ? t("organiser.form.mail.greeting", { name }) : t("organiser.form.mail.greetingNoName");
  const published = market.status === "published";
  const url = published ? `${baseUrl}/markeder/${market.slug}` : `${baseUrl}/dashboard/mine-markeder`;
  const content = published
    ? renderMail({
        subject: t("organiser.form.mail.published.subject", { market: market.name }),
        greeting,
        intro: [t("organiser.form.mail.published.intro", { market: market.name })],
        action: { label: t("organiser.form.mail.published.action"), url },
        outro: [t("organiser.form.mail.editLater")],
      })
    : renderMail({
        subject: t("organiser.form.mail.pending.subject", { market: market.name }),
        greeting,
        intro: [t("organiser.form.mail.pending.intro", { market: market.name }), t("organiser.form.mail.pending.next")],
        action: { label: t("organiser.form.mail.pending.action"), url },
        outro: [t("organiser.form.mail.editLater")],
      });
  return { to: to.email, ...content, link: url };
}

/**
 * Sent after the market is stored, through the site's mailer (`send`): a mail server that is down
 * does not undo the submission, it is only logged.
 */
export async function sendSubmissionReceivedMail(input: SubmissionMailInput, send: SendMail, logger: Logger): Promise<boolean> {
  try {
    await send(submissionReceivedMail(input));
    return true;
  } catch (error) {
    logger.error({ err: error, market: input.market.slug }, "market submission: the confirmation mail failed; the market is stored");
    return false;
  }
}
