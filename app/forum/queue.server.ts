import { sql, type Expression, type Kysely, type SqlBool } from "kysely";
import type { Database } from "~/lib/db/schema";
import { forumNameOf } from "./forum-name";
import { reportReasonName } from "./report-reasons";
import { FIRST_POST_ID } from "./first-post.server";

/** One post in the admins' queue: reported by someone, or waiting to be let out. */
export interface QueuedPost {
  postId: number;
  topicId: number;
  topicTitle: string;
  isFirst: boolean;
  authorName: string;
  authorId: string | null;
  state: string;
  html: string;
  createdAt: string;
  /** The open reports, oldest first. */
  reports: { reasonName: string; text: string; createdAt: string; reporterName: string }[];
}

/** How many posts each list of the queue shows at once; the oldest first, so nothing waits for ever. */
export const QUEUE_LIMIT = 50;

const OPEN_REPORT = sql<SqlBool>`exists (select 1 from forum_reports r where r.post_id = p.id and r.resolved_at is null)`;

async function queuedPosts(db: Kysely<Database>, where: Expression<SqlBool>, order: "created" | "reported"): Promise<QueuedPost[]> {
  const rows = await db
    .selectFrom("forum_posts as p")
    .innerJoin("forum_topics as t", "t.id", "p.topic_id")
    .leftJoin("user as u", "u.id", "p.author_id")
    .leftJoin("profiles as pr", "pr.auth_user_id", "p.author_id")
    .select([
      "p.id",
      "p.topic_id",
      "p.author_id",
      "p.state",
      "p.body_html",
      "p.created_at",
      "t.title",
      "u.name as account_name",
      "pr.forum_name",
      FIRST_POST_ID,
      (eb) =>
        eb
          .selectFrom("forum_reports as r")
          .select(sql<string>`min(r.created_at)`.as("oldest"))
          .whereRef("r.post_id", "=", "p.id")
          .where("r.resolved_at", "is", null)
          .as("oldest_report"),
    ])
    .where(where)
    .orderBy(order === "created" ? "p.created_at" : sql`oldest_report`)
    .limit(QUEUE_LIMIT)
    .execute();
  const ids = rows.map((row) => row.id);
  const reports = ids.length
    ? await db
        .selectFrom("forum_reports as r")
        .leftJoin("user as u", "u.id", "r.reporter_id")
        .leftJoin("profiles as pr", "pr.auth_user_id", "r.reporter_id")
        .select(["r.post_id", "r.reason", "r.text", "r.created_at", "u.name as account_name", "pr.forum_name"])
        .where("r.post_id", "in", ids)
        .where("r.resolved_at", "is", null)
        .orderBy("r.created_at")
        .execute()
    : [];
  return rows.map((row) => ({
    postId: row.id,
    topicId: row.topic_id,
    topicTitle: row.title,
    isFirst: Number(row.first_id) === row.id,
    authorName: forumNameOf({ forumName: row.forum_name, accountName: row.account_name }),
    authorId: row.author_id,
    state: row.state,
    html: row.body_html,
    createdAt: row.created_at,
    reports: reports
      .filter((report) => report.post_id === row.id)
      .map((report) => ({
        reasonName: reportReasonName(report.reason),
        text: report.text,
        createdAt: report.created_at,
        reporterName: forumNameOf({ forumName: report.forum_name, accountName: report.account_name }),
      })),
  }));
}

/** The forum's queue: posts with open reports and posts waiting for an admin, the oldest first. */
export async function forumQueue(db: Kysely<Database>): Promise<{ reported: QueuedPost[]; waiting: QueuedPost[] }> {
  const [reported, waiting] = await Promise.all([queuedPosts(db, OPEN_REPORT, "reported"), queuedPosts(db, sql<SqlBool>`p.state = 'waiting'`, "created")]);
  return { reported, waiting };
}

/** A queue's size and when its oldest item came (null when it is empty). */
export interface QueueSize {
  size: number;
  oldest: string | null;
}

/**
 * The sizes of the forum's queue for the admins' front page: posts with open reports (since the
 * oldest open report) and posts waiting to be let out (since the oldest was written).
 */
export async function forumQueueSizes(db: Kysely<Database>): Promise<{ reported: QueueSize; waiting: QueueSize }> {
  const [reported, waiting] = await Promise.all([
    db
      .selectFrom("forum_reports")
      .select([sql<number>`count(distinct post_id)`.as("n"), sql<string | null>`min(created_at)`.as("oldest")])
      .where("resolved_at", "is", null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("forum_posts")
      .select([sql<number>`count(*)`.as("n"), sql<string | null>`min(created_at)`.as("oldest")])
      .where("state", "=", "waiting")
      .executeTakeFirstOrThrow(),
  ]);
  return {
    reported: { size: Number(reported.n), oldest: reported.oldest ?? null },
    waiting: { size: Number(waiting.n), oldest: waiting.oldest ?? null },
  };
}

/** One post as its moderation page shows it, with its open reports. */
export async function postForModeration(db: Kysely<Database>, postId: number): Promise<QueuedPost | null> {
  const [post] = await queuedPosts(db, sql<SqlBool>`p.id = ${postId}`, "created");
  return post ?? null;
}
