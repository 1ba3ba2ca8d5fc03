import type { Kysely } from "kysely";
import { parseSubmission, type AnySubmission } from "~/forms/parse-form.server";
import type { Database } from "~/lib/db/schema";
import { t } from "~/lib/i18n";
import { topicSchema } from "./forum-forms";
import { findTopicMarket } from "./market-link.server";
import { startTopic, type Refusal, type StartOutcome } from "./writes.server";

export type NewTopicOutcome =
  { kind: "invalid"; submission: AnySubmission } | (Exclude<StartOutcome, Refusal> & { submission: AnySubmission }) | (Refusal & { submission: AnySubmission });

/** The new-topic form, read and decided: the market it names is found first, then the topic started. */
export async function submitNewTopic(db: Kysely<Database>, authorId: string, form: FormData, { now }: { now?: Date } = {}): Promise<NewTopicOutcome> {
  const submission = parseSubmission(form, topicSchema);
  if (submission.status !== "success") return { kind: "invalid", submission };
  const { category, title, text, market } = submission.value;
  const found = market ? await findTopicMarket(db, market) : null;
  if (market && !found) return { kind: "refused", field: "market", status: 409, message: t("forum.form.marketUnknown"), submission };
  const outcome = await startTopic(db, authorId, { categorySlug: category, title, text, marketId: found?.id ?? null }, { now });
  return { ...outcome, submission };
}
