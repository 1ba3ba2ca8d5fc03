import type { Kysely } from "kysely";
import { openClaimQueueSize } from "~/claims/claim-queue.server";
import { forumQueueSizes } from "~/forum/queue.server";
import { inboxCounts } from "~/inbox/inbox.server";
import type { Database } from "~/lib/db/schema";
import { marketsByStatus, marketsCreatedSince } from "~/markets/market-counts.server";
import { peopleCounts } from "~/people/people-counts.server";
import { recentChangesQueue } from "~/review/recent-changes.server";
import { queueCounts } from "~/review/review-queue.server";

/** "New this week" on the admins' front page: the last seven days. */
const WEEK_MS = 7 * 24 * 3600 * 1000;

/**
 * What the admins' front page reads (routes/dashboard/admin/index.tsx): every queue's size and
 * oldest item, the markets by status, the people and what is new this week. `npm run bench`
 * times the same call.
 */
export async function adminHomeFigures(db: Kysely<Database>, now = new Date()) {
  const weekAgo = new Date(now.getTime() - WEEK_MS);
  const [waiting, changes, claims, forum, messages, statuses, newMarkets, people] = await Promise.all([
    queueCounts(db),
    recentChangesQueue(db),
    openClaimQueueSize(db),
    forumQueueSizes(db),
    inboxCounts(db),
    marketsByStatus(db),
    marketsCreatedSince(db, weekAgo),
    peopleCounts(db, weekAgo),
  ]);
  return { waiting, changes, claims, forum, messages, statuses, newMarkets, people };
}
