import { sql, type Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";
import type { TopicState } from "./schema";

/**
 * What a topic's row says about its posts, read again from them after every write that changes
 * one, in the same transaction: whether the public sees it (its first post's state), how many
 * published replies it has, which is the newest published post and when it was written (the lists'
 * order; "new since I read it").
 * Counting a topic's posts uses the (topic_id, id) index; a topic of 1,000 posts counts in a
 * millisecond.
 */
export async function refreshTopicFigures(trx: Kysely<Database>, topicId: number): Promise<void> {
  const figures = await sql<{ first_state: string | null; replies: number | string; last: string | null; last_id: number | string | null }>`
    select
      (select state from forum_posts where topic_id = ${topicId} order by id limit 1) as first_state,
      (select count(*) from forum_posts where topic_id = ${topicId} and state = 'published'
         and id > (select min(id) from forum_posts where topic_id = ${topicId})) as replies,
      (select max(created_at) from forum_posts where topic_id = ${topicId} and state = 'published') as last,
      (select max(id) from forum_posts where topic_id = ${topicId} and state = 'published') as last_id
  `.execute(trx);
  const row = figures.rows[0];
  if (!row) return;
  const state: TopicState = row.first_state === "waiting" ? "waiting" : row.first_state === "hidden" ? "hidden" : "published";
  const topic = trx
    .updateTable("forum_topics")
    .set({ state, reply_count: Number(row.replies), last_post_id: row.last_id === null ? null : Number(row.last_id) })
    .where("id", "=", topicId);
  await (row.last ? topic.set({ last_posted_at: row.last }) : topic).execute();
}
