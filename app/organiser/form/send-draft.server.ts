import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { PermissionHolder } from "~/auth/permissions";
import type { Database } from "~/lib/db/schema";
import type { Storage } from "~/lib/storage/index.server";
import { hitRateLimit, type RateLimit } from "~/lib/rate-limit.server";
import type { SendMail } from "~/mail/mailer.server";
import type { StepSlug } from "./form-steps";
import { checkDraft, firstProblemStep } from "./draft-market.server";
import { draftImages, type DraftFields } from "./draft-fields";
import { deleteDraft, takeDraft } from "./drafts.server";
import type { StoredMarket } from "../../revisions/revisions.server";
import { sendSubmissionReceivedMail } from "../../revisions/submission-mails.server";
import { DraftAlreadySent, editMarket, submitMarket, type EditResult } from "../../revisions/send.server";

/*
 * "Send" on the last step: the whole draft checked with every step's schema, then the market
 * submitted (or the edit made) through send.server.ts, the draft deleted (for a new market
 * in the same transaction, so a draft sent twice at once makes one market) and, for a new market,
 * a confirmation mailed. A new market takes its draft's pictures along; an edit's pictures
 * have changed on the market already. A draft with something wrong is not sent: the person is led to
 * the first step with a problem.
 */

export type NewMarketOutcome =
  | { kind: "incomplete"; step: StepSlug }
  | { kind: "limited"; limit: number; retryAfterSeconds: number }
  | { kind: "submitted"; id: string; slug: string; status: "pending" | "published" }
  /** Another send of the same draft made the market a moment earlier. */
  | { kind: "already_sent" };

export interface Sender {
  holder: PermissionHolder;
  name: string;
  email: string;
}

export interface SendOptions {
  baseUrl: string;
  /** Where the draft's pictures are stored: a market that goes live at once publishes them. */
  store?: Storage;
  now?: Date;
  /** How many markets one account may send (config's rateLimits.marketSubmissions). */
  rule: RateLimit;
  /** The site's mailer (`mailer.send`): the mail that the market has arrived goes out through it. */
  send: SendMail;
  /** Where a mail that failed is reported. */
  logger: Logger;
}

export async function sendNewMarket(db: Kysely<Database>, sender: Sender, draft: { id: string; fields: DraftFields }, options: SendOptions): Promise<NewMarketOutcome> {
  const check = checkDraft(draft.fields);
  if (!check.ok) return { kind: "incomplete", step: firstProblemStep(check.problems) };
  const rule = options.rule;
  // Counted only for a market that would be sent: correcting a draft is not sending one.
  const verdict = await hitRateLimit(db, `market-submission:${sender.holder.id}`, rule, options.now);
  if (!verdict.allowed) return { kind: "limited", limit: rule.limit, retryAfterSeconds: verdict.retryAfterSeconds };
  // The pictures of the "Billeder" step go with it: into the submission, and live or waiting with it.
  const images = draftImages(draft.fields);
  let result;
  try {
    // The draft is deleted in the transaction that makes the market: of two sends, one makes it.
    result = await submitMarket(db, sender.holder, images.length ? { ...check.snapshot, images } : check.snapshot, {
      now: options.now,
      takeDraft: (trx) => takeDraft(trx, draft.id),
      store: options.store,
    });
  } catch (error) {
    if (error instanceof DraftAlreadySent) return { kind: "already_sent" };
    throw error;
  }
  await sendSubmissionReceivedMail(
    { to: { name: sender.name, email: sender.email }, market: { name: check.snapshot.name, slug: result.slug, status: result.status }, baseUrl: options.baseUrl },
    options.send,
    options.logger,
  );
  return { kind: "submitted", ...result };
}

export type EditOutcome = { kind: "incomplete"; step: StepSlug } | { kind: "edited"; result: EditResult };

/** An edit of `market` (its draft's fields, or its own when nothing was changed yet) through editMarket. */
export async function sendEdit(
  db: Kysely<Database>,
  holder: PermissionHolder,
  market: StoredMarket,
  draft: { id: string; fields: DraftFields } | null,
  fields: DraftFields,
  { now }: { now?: Date } = {},
): Promise<EditOutcome> {
  const check = checkDraft(fields, { postalCode: market.snapshot.postalCode, municipality: market.snapshot.municipality, schedules: market.snapshot.schedules });
  if (!check.ok) return { kind: "incomplete", step: firstProblemStep(check.problems) };
  const result = await editMarket(db, holder, market.id, check.snapshot, { now });
  if (draft && result.outcome !== "not_found") await deleteDraft(db, draft.id);
  return { kind: "edited", result };
}
