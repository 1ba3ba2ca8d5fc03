import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Database } from "~/lib/db/schema";
import { t } from "~/lib/i18n";
import { renderMail } from "~/mail/mail-layout";
import type { Mail, SendMail } from "~/mail/mailer.server";
import { CONTACT_ABOUT_MARKET_PATH, managePath } from "./claim-paths";
import type { Claim, ClaimedMarket } from "./claims.server";

/*
 * What a claimant hears after an admin's decision: the market is theirs now and where to manage
 * it, or it is not, and why. Written to the account's address; the contact details in the claim
 * are for the admin's questions, not for these mails.
 */

export type ClaimMailOutcome = "sent" | "no_recipient" | "failed";

export interface ClaimMailOptions {
  baseUrl: string;
  /** The site's mailer (`mailer.send`); tests may catch the mail instead. */
  send: SendMail;
  /** Where a mail that failed is reported. */
  logger: Logger;
}

function greeting(name: string): string {
  const trimmed = name.trim();
  return trimmed ? t("auth.mail.greeting", { name: trimmed }) : t("auth.mail.greetingNoName");
}

/** The mail for a decided claim on this market, to a person with this name. */
export function claimMail(claim: Claim, market: Pick<ClaimedMarket, "id" | "name">, name: string, baseUrl: string): Omit<Mail, "to"> {
  const marketName = market.name;
  if (claim.status === "approved") {
    const link = `${baseUrl}${managePath(market.id)}`;
    return {
      ...renderMail({
        subject: t("claims.mail.approved.subject", { name: marketName }),
        greeting: greeting(name),
        intro: [t("claims.mail.approved.intro", { name: marketName }), t("claims.mail.approved.canNow")],
        action: { label: t("claims.mail.approved.action"), url: link },
        outro: [t("claims.mail.approved.outro"), t("claims.mail.questions")],
      }),
      link,
    };
  }
  const link = `${baseUrl}${CONTACT_ABOUT_MARKET_PATH}`;
  const reason = (claim.reason ?? "")
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean);
  return {
    ...renderMail({
      subject: t("claims.mail.rejected.subject", { name: marketName }),
      greeting: greeting(name),
      intro: [t("claims.mail.rejected.intro", { name: marketName }), t("claims.mail.rejected.reasonHeading"), ...reason],
      action: { label: t("claims.mail.rejected.action"), url: link },
      outro: [t("claims.mail.rejected.outro")],
    }),
    link,
  };
}

/**
 * Tells the claimant. The decision stands whatever happens here: a mail that cannot be sent is
 * logged and reported to the admin, never undone.
 */
export async function sendClaimMail(
  db: Kysely<Database>,
  claim: Claim,
  market: Pick<ClaimedMarket, "id" | "name">,
  { baseUrl, send, logger }: ClaimMailOptions,
): Promise<ClaimMailOutcome> {
  const person = await db.selectFrom("user").select(["name", "email"]).where("id", "=", claim.userId).executeTakeFirst();
  if (!person) return "no_recipient";
  try {
    await send({ to: person.email, ...claimMail(claim, market, person.name, baseUrl) });
    return "sent";
  } catch (error) {
    logger.error({ err: error, claim: claim.id }, "claims: the mail to the claimant failed; the decision stands");
    return "failed";
  }
}
