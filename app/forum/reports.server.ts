import { randomUUID } from "node:crypto";
import { ADMIN_QUEUES_CHANNEL } from "~/lib/realtime/channels";
import { publishEvent } from "~/lib/realtime/events.server";
import type { Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";
import { isUniqueViolation } from "~/lib/db/unique-violation.server";
import { hitRateLimit, type RateLimit } from "~/lib/rate-limit.server";
import type { ReportReason } from "./forum-forms";

export type ReportOutcome = { kind: "reported" | "already" | "own" | "not-found" } | { kind: "limited"; retryAfterSeconds: number };

/**
 * "Anmeld": a post the public sees goes into the admins' queue with the reason and the words of
 * the person who reported it. One open report per post and person (a unique index): a second one
 * adds nothing, also when two are sent at once. A person reports at most `rule` posts a day.
 */
export async function reportPost(
  db: Kysely<Database>,
  reporterId: string,
  postId: number,
  report: { reason: ReportReason; text: string | null },
  { rule, now = new Date() }: { rule: RateLimit; now?: Date },
): Promise<ReportOutcome> {
  const post = await db
    .selectFrom("forum_posts as p")
    .innerJoin("forum_topics as t", "t.id", "p.topic_id")
    .select(["p.author_id", "p.state", "t.state as topic_state"])
    .where("p.id", "=", postId)
    .executeTakeFirst();
  if (!post || post.state !== "published" || post.topic_state !== "published") return { kind: "not-found" };
  if (post.author_id === reporterId) return { kind: "own" };
  const verdict = await hitRateLimit(db, `forum-reports:${reporterId}`, rule, now);
  if (!verdict.allowed) return { kind: "limited", retryAfterSeconds: verdict.retryAfterSeconds };
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto("forum_reports")
        .values({ id: randomUUID(), post_id: postId, reporter_id: reporterId, reason: report.reason, text: report.text ?? "", created_at: now.toISOString() })
        .execute();
      await publishEvent(trx, [ADMIN_QUEUES_CHANNEL], { type: "post", change: "reported", postId }, now);
    });
    return { kind: "reported" };
  } catch (error) {
    if (isUniqueViolation(error)) return { kind: "already" };
    throw error;
  }
}
