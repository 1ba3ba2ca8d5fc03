import type { Kysely } from "kysely";
import { invalidatePages } from "~/lib/cache-generation.server";
import type { Database } from "~/lib/db/schema";
import { categoryFeedPath, categoryPath, COMMUNITY_PATH, FORUM_FEED_PATH, FORUM_SEARCH_PATH, topicPath } from "./paths";
import { TOPICS_BEFORE } from "./reads.server";

/**
 * What lists topics or posts from the whole forum: /community, its search (every query), its feed,
 * and the sitemap (app/seo/sitemap.server.ts: its index and the forum's parts).
 */
const FORUM_WIDE_PATHS = [COMMUNITY_PATH, FORUM_SEARCH_PATH, FORUM_FEED_PATH, "/sitemap.xml", "/sitemaps/forum-1.xml", "/sitemaps/forum-2.xml", "/sitemaps/forum-3.xml"];

/** A category's page and its feed. */
const categoryPaths = (slug: string) => [categoryPath(slug), categoryFeedPath(slug)];

/** The topics whose pages list this one under "Flere emner i …" (reads.server.ts, topicsBefore). */
async function topicsListing(db: Kysely<Database>, categorySlug: string, topicId: number): Promise<string[]> {
  const later = await db.selectFrom("forum_topics").select("id").where("category_slug", "=", categorySlug).where("id", ">", topicId).orderBy("id").limit(TOPICS_BEFORE).execute();
  return later.map((topic) => topicPath(topic.id));
}

/**
 * The cached pages a change to a topic changes (decision 0034): the topic itself, whatever its
 * page, its category (and feed) now and before a move, the topics that list it, the forum-wide
 * lists, and the page of the market it is about. Nothing else: a post does not empty the whole
 * page cache.
 */
export async function forgetTopicPages(db: Kysely<Database>, topicId: number, { formerCategory }: { formerCategory?: string } = {}): Promise<void> {
  const topic = await db
    .selectFrom("forum_topics as t")
    .leftJoin("markets as m", "m.id", "t.market_id")
    .select(["t.category_slug", "m.slug as market_slug"])
    .where("t.id", "=", topicId)
    .executeTakeFirst();
  const paths = [topicPath(topicId), ...FORUM_WIDE_PATHS];
  if (topic) paths.push(...categoryPaths(topic.category_slug), ...(await topicsListing(db, topic.category_slug, topicId)));
  if (topic?.market_slug) paths.push(`/markeder/${topic.market_slug}`);
  if (formerCategory) paths.push(...categoryPaths(formerCategory), ...(await topicsListing(db, formerCategory, topicId)));
  await invalidatePages(db, paths);
}

/**
 * The cached pages that show a person's name or picture in the forum: every topic they wrote in, and
 * the lists. For a change of their forum name, account name or picture, a block or its lifting
 * (their posts are hidden while it lasts) and the deletion of their account.
 */
export async function forgetAuthorPages(db: Kysely<Database>, userId: string): Promise<void> {
  const [topics, started, categories] = await Promise.all([
    db.selectFrom("forum_posts").select("topic_id").distinct().where("author_id", "=", userId).execute(),
    db
      .selectFrom("forum_topics as t")
      .leftJoin("markets as m", "m.id", "t.market_id")
      .select(["t.id", "t.category_slug", "m.slug as market_slug"])
      .where("t.author_id", "=", userId)
      .execute(),
    db.selectFrom("forum_categories").select("slug").execute(),
  ]);
  if (topics.length === 0) return;
  // The topics that list one they started show their name too, and a market's page its topics.
  const listing = await Promise.all(started.map((topic) => topicsListing(db, topic.category_slug, topic.id)));
  const markets = started.flatMap((topic) => (topic.market_slug ? [`/markeder/${topic.market_slug}`] : []));
  const paths = [
    ...FORUM_WIDE_PATHS,
    ...categories.flatMap((category) => categoryPaths(category.slug)),
    ...topics.map((topic) => topicPath(topic.topic_id)),
    ...listing.flat(),
    ...markets,
  ];
  await invalidatePages(db, paths);
}
