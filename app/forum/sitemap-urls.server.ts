import { sql, type Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";
import { categoryPath, COMMUNITY_PATH, topicPath } from "./paths";

/**
 * The forum's pages a search engine should find: /community and each category once they have a
 * topic, and every topic the public sees, oldest first (a new topic changes only the last part of
 * the sitemap), each with the time of its newest post.
 */
export async function forumSitemapUrls(db: Kysely<Database>): Promise<{ path: string; lastmod: string }[]> {
  const topics = await db
    .selectFrom("forum_topics as t")
    .leftJoin("profiles as pr", "pr.auth_user_id", "t.author_id")
    .select(["t.id", "t.category_slug", "t.last_posted_at"])
    .where(sql<boolean>`t.state = 'published' and pr.blocked_at is null`)
    .orderBy("t.id")
    .execute();
  if (topics.length === 0) return [];
  const newest = new Map<string, string>();
  let newestOfAll = "";
  for (const topic of topics) {
    if ((newest.get(topic.category_slug) ?? "") < topic.last_posted_at) newest.set(topic.category_slug, topic.last_posted_at);
    if (newestOfAll < topic.last_posted_at) newestOfAll = topic.last_posted_at;
  }
  return [
    { path: COMMUNITY_PATH, lastmod: newestOfAll },
    ...[...newest].map(([slug, lastmod]) => ({ path: categoryPath(slug), lastmod })),
    ...topics.map((topic) => ({ path: topicPath(topic.id), lastmod: topic.last_posted_at })),
  ];
}
