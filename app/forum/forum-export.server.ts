import type { Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";
import { topicPath } from "./paths";
import { FIRST_POST_ID } from "./first-post.server";

export interface ExportedForum {
  /** The name the forum shows (null: the first name of the account's name). */
  forumName: string | null;
  /** Every post the person wrote, as written, with where it stands and what became of it. */
  posts: { id: number; topicId: number; topicTitle: string; url: string; startedTopic: boolean; state: string; text: string; createdAt: string; editedAt: string | null }[];
  /** The posts they reported, and why. */
  reports: { postId: number; reason: string; text: string; createdAt: string }[];
  /** The topics they follow or have read, and how far. */
  reading: { topicId: number; url: string; lastReadPostId: number; followedAt: string | null }[];
}

/** The forum's part of "Download mine data". */
export async function forumForExport(db: Kysely<Database>, userId: string, baseUrl: string): Promise<ExportedForum> {
  const [profile, posts, reports, reading] = await Promise.all([
    db.selectFrom("profiles").select("forum_name").where("auth_user_id", "=", userId).executeTakeFirst(),
    db
      .selectFrom("forum_posts as p")
      .innerJoin("forum_topics as t", "t.id", "p.topic_id")
      .select(["p.id", "p.topic_id", "t.title", "t.author_id", "p.state", "p.body_markdown", "p.created_at", "p.edited_at", FIRST_POST_ID])
      .where("p.author_id", "=", userId)
      .orderBy("p.id")
      .execute(),
    db.selectFrom("forum_reports").select(["post_id", "reason", "text", "created_at"]).where("reporter_id", "=", userId).orderBy("created_at").execute(),
    db.selectFrom("forum_topic_users").select(["topic_id", "last_read_post_id", "followed_at"]).where("user_id", "=", userId).orderBy("topic_id").execute(),
  ]);
  return {
    forumName: profile?.forum_name ?? null,
    posts: posts.map((post) => ({
      id: post.id,
      topicId: post.topic_id,
      topicTitle: post.title,
      url: `${baseUrl}${topicPath(post.topic_id)}`,
      startedTopic: Number(post.first_id) === post.id,
      state: post.state,
      text: post.body_markdown,
      createdAt: post.created_at,
      editedAt: post.edited_at,
    })),
    reports: reports.map((report) => ({ postId: report.post_id, reason: report.reason, text: report.text, createdAt: report.created_at })),
    reading: reading.map((row) => ({ topicId: row.topic_id, url: `${baseUrl}${topicPath(row.topic_id)}`, lastReadPostId: row.last_read_post_id, followedAt: row.followed_at })),
  };
}
