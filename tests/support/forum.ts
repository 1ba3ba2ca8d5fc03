import type { Kysely } from "kysely";
import type { Database } from "../../app/lib/db/schema";

/*
 * The forum's limits count an account's age and its recent posts (app/forum/limits.server.ts).
 * A test that is not about them makes its accounts a few days old and moves their posts back in
 * time, instead of waiting.
 */

/** The account is two days old: past a new account's limits. */
export async function ageAccount(db: Kysely<Database>, userId: string): Promise<void> {
  const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000);
  await db.updateTable("user").set({ createdAt: twoDaysAgo.toISOString() }).where("id", "=", userId).execute();
}

/** The person's posts were written `seconds` earlier than they were: the pause between posts is over. */
export async function movePostsBack(db: Kysely<Database>, userId: string, seconds = 3600): Promise<void> {
  const posts = await db.selectFrom("forum_posts").select(["id", "created_at"]).where("author_id", "=", userId).execute();
  for (const post of posts) {
    const earlier = new Date(Date.parse(post.created_at) - seconds * 1000).toISOString();
    await db.updateTable("forum_posts").set({ created_at: earlier }).where("id", "=", post.id).execute();
  }
}

/** The id in /community/topic/{id}#indlaeg-{postId}, as a post's redirect gives it. */
export function idsOf(location: string | null): { topicId: number; postId: number | null } {
  const match = /\/community\/topic\/(\d+)(?:\?[^#]*)?(?:#indlaeg-(\d+))?/.exec(location ?? "");
  if (!match) throw new Error(`not a topic's address: ${location}`);
  return { topicId: Number(match[1]), postId: match[2] ? Number(match[2]) : null };
}
