import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Database } from "~/lib/db/schema";
import { t } from "~/lib/i18n";
import { renderMail } from "~/mail/mail-layout";
import type { Mail, SendMail } from "~/mail/mailer.server";
import type { Revision, StoredMarket } from "../revisions/revisions.server";

/*
 * What the organiser hears after a review: their market is live, their change is live, or it was
 * not approved and why, and where to correct it. The organiser is the revision's author; an
 * account deleted since gets nothing (there is nobody to write to).
 */

/** Where an organiser finds their markets, to correct one and send it again. */
export const MY_MARKETS_PATH = "/dashboard/mine-markeder";

export type ReviewMailOutcome = "sent" | "no_recipient" | "failed";

export interface ReviewMailOptions {
  baseUrl: string;
  /** The site's mailer (`mailer.send`); tests may catch the mail instead. */
  send: SendMail;
  /** Where a mail that failed is reported. */
  logger: Logger;
}

type Decision = { outcome: "approved" | "rejected"; revision: Revision; market: StoredMarket };

function greeting(name: string): string {
  const trimmed = name.trim();
  return trimmed ? t("auth.mail.greeting", { name: trimmed }) : t("auth.mail.greetingNoName");
}

/** The mail for a decision, to a person with this name. */
export function reviewMail(decision: Decision, name: string, baseUrl: string): Omit<Mail, "to"> {
  const { revision, market } = decision;
  const marketName = market.name;
  if (decision.outcome === "rejected") {
    const link = `${baseUrl}${MY_MARKETS_PATH}`;
    const isSubmission = revision.kind === "submission";
    const reason = (revision.reason ?? "")
      .split(/\n\s*\n/)
      .map((part) => part.trim())
      .filter(Boolean);
    return {
      ...renderMail({
        subject: isSubmission ? t("admin.review.mail.rejectedSubmission.subject", { name: marketName }) : t("admin.review.mail.rejectedEdit.subject", { name: marketName }),
        greeting: greeting(name),
        intro: [
          isSubmission ? t("admin.review.mail.rejectedSubmission.intro", { name: marketName }) : t("admin.review.mail.rejectedEdit.intro", { name: marketName }),
          t("admin.review.mail.reasonHeading"),
          ...reason,
          t("admin.review.mail.tryAgain"),
        ],
        action: { label: t("admin.review.mail.myMarkets"), url: link },
        outro: [t("admin.review.mail.questions")],
      }),
      link,
    };
  }
  const link = `${baseUrl}/markeder/${market.slug}`;
  const isSubmission = revision.kind === "submission";
  return {
    ...renderMail({
      subject: isSubmission ? t("admin.review.mail.approvedSubmission.subject", { name: marketName }) : t("admin.review.mail.approvedEdit.subject", { name: marketName }),
      greeting: greeting(name),
      intro: [isSubmission ? t("admin.review.mail.approvedSubmission.intro", { name: marketName }) : t("admin.review.mail.approvedEdit.intro", { name: marketName })],
      action: { label: t("admin.review.mail.seeMarket"), url: link },
      outro: [t("admin.review.mail.approvedOutro")],
    }),
    link,
  };
}

/**
 * Tells the author of a decided revision. The decision stands whatever happens here: a mail that
 * cannot be sent is logged and reported to the admin, never undone.
 */
export async function sendReviewMail(db: Kysely<Database>, decision: Decision, { baseUrl, send, logger }: ReviewMailOptions): Promise<ReviewMailOutcome> {
  const authorId = decision.revision.authorId;
  if (!authorId) return "no_recipient";
  const author = await db.selectFrom("user").select(["name", "email"]).where("id", "=", authorId).executeTakeFirst();
  if (!author) return "no_recipient";
  try {
    await send({ to: author.email, ...reviewMail(decision, author.name, baseUrl) });
    return "sent";
  } catch (error) {
    logger.error({ err: error, revision: decision.revision.id }, "review: the mail to the organiser failed; the decision stands");
    return "failed";
  }
}
