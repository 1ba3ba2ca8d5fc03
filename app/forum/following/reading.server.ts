import { sql, type Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";
import { POSTS_PER_PAGE } from "../paths";
import { publicTopic } from "../reads.server";

/*
 * Per person and topic (forum_topic_users, 0018): the last post read, which only moves forward
 * (a reader going back to page 1 has still read page 3), since when they follow it, and when they
 * last wrote in it.
 */

/** The new position, unless the stored one is already at or past it: one statement, no read first. */
const FORWARD_ONLY = sql<number>`case when excluded.last_read_post_id > forum_topic_users.last_read_post_id
  then excluded.last_read_post_id else forum_topic_users.last_read_post_id end`;

/** A signed-in person has read a topic up to this post (the last one of the page they were shown). */
export async function markRead(db: Kysely<Database>, userId: string, topicId: number, postId: number): Promise<void> {
  await db
    .insertInto("forum_topic_users")
    .values({ user_id: userId, topic_id: topicId, last_read_post_id: postId })
    .onConflict((oc) =>
      oc
        .columns(["user_id", "topic_id"])
        .doUpdateSet({ last_read_post_id: sql<number>`excluded.last_read_post_id` })
        // Only forward: reading page 1 again after page 3 writes nothing.
        .where(sql<boolean>`excluded.last_read_post_id > forum_topic_users.last_read_post_id`),
    )
    .execute();
}

/**
 * A signed-in person opened page `page` of a topic: they have read it up to the last post that page
 * shows (waiting posts other than their own have no place on it). Nothing when the page is empty.
 */
export async function markPageRead(db: Kysely<Database>, userId: string, topicId: number, page: number): Promise<void> {
  const shown = db
    .selectFrom("forum_posts")
    .select("id")
    .where("topic_id", "=", topicId)
    .where((eb) => eb.or([eb("state", "!=", "waiting"), eb("author_id", "=", userId)]))
    .orderBy("id")
    .limit(page * POSTS_PER_PAGE);
  const last = await db
    .selectFrom(shown.as("shown"))
    .select(sql<number | null>`max(shown.id)`.as("id"))
    .executeTakeFirst();
  if (last?.id) await markRead(db, userId, topicId, Number(last.id));
}

/**
 * A person wrote a post in a topic (a start or a reply), in the write's transaction: they follow
 * it from now on, unless they already did, and have read it up to their own post.
 */
export async function notePost(trx: Kysely<Database>, userId: string, topicId: number, postId: number, at: string): Promise<void> {
  await trx
    .insertInto("forum_topic_users")
    .values({ user_id: userId, topic_id: topicId, last_read_post_id: postId, followed_at: at, posted_at: at })
    .onConflict((oc) =>
      oc.columns(["user_id", "topic_id"]).doUpdateSet({
        last_read_post_id: FORWARD_ONLY,
        followed_at: sql<string>`coalesce(forum_topic_users.followed_at, excluded.followed_at)`,
        posted_at: sql<string>`excluded.posted_at`,
      }),
    )
    .execute();
}

/** "Følg emnet" and "Følg ikke længere"; following again keeps when they first followed it. */
export async function setFollowing(db: Kysely<Database>, userId: string, topicId: number, follow: boolean, now: Date): Promise<void> {
  if (!follow) {
    await db.updateTable("forum_topic_users").set({ followed_at: null }).where("user_id", "=", userId).where("topic_id", "=", topicId).execute();
    return;
  }
  await db
    .insertInto("forum_topic_users")
    .values({ user_id: userId, topic_id: topicId, followed_at: now.toISOString() })
    .onConflict((oc) => oc.columns(["user_id", "topic_id"]).doUpdateSet({ followed_at: now.toISOString() }).where("forum_topic_users.followed_at", "is", null))
    .execute();
}

export async function isFollowing(db: Kysely<Database>, userId: string, topicId: number): Promise<boolean> {
  const row = await db.selectFrom("forum_topic_users").select("followed_at").where("user_id", "=", userId).where("topic_id", "=", topicId).executeTakeFirst();
  return Boolean(row?.followed_at);
}

/**
 * The header's number: followed topics the public sees with a post newer than the person read.
 * Reads only the person's rows and their topics' (last_post_id is kept by the writes).
 */
export async function unreadFollowedTopics(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom("forum_topic_users as r")
    .innerJoin("forum_topics as t", "t.id", "r.topic_id")
    .leftJoin("profiles as pr", "pr.auth_user_id", "t.author_id")
    .select(sql<number>`count(*)`.as("n"))
    .where("r.user_id", "=", userId)
    .where("r.followed_at", "is not", null)
    .where(publicTopic)
    .whereRef("t.last_post_id", ">", "r.last_read_post_id")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** An account's read positions and follows go with it. */
export async function forgetReading(trx: Kysely<Database>, userId: string): Promise<void> {
  await trx.deleteFrom("forum_topic_users").where("user_id", "=", userId).execute();
}
