import type { Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";
import { t } from "~/lib/i18n";
import { rssXml } from "~/lib/rss";
import { categoryFeedPath, categoryPath, COMMUNITY_PATH, FORUM_FEED_PATH, topicPath } from "../paths";
import { publicTopic, SUMMARY_COLUMNS, toSummary, topicsQuery } from "../reads.server";

/** How many of the newest topics a feed carries. */
const FEED_ITEMS = 20;

/**
 * The forum's feeds: the newest topics (of one category or the whole forum), each with its first
 * post as the forum shows it (the cleaned HTML, carried escaped). New topics rather than every
 * reply: a feed reader lists items, and a topic with 500 replies is one conversation.
 */
export async function forumFeed(db: Kysely<Database>, baseUrl: string, category: { slug: string; name: string; description: string } | null): Promise<string> {
  let list = topicsQuery(db).where(publicTopic);
  if (category) list = list.where("t.category_slug", "=", category.slug);
  const rows = await list
    .select(SUMMARY_COLUMNS)
    .select((eb) => eb.selectFrom("forum_posts as f").select("f.body_html").whereRef("f.topic_id", "=", "t.id").orderBy("f.id").limit(1).as("opening_html"))
    .orderBy("t.id", "desc")
    .limit(FEED_ITEMS)
    .execute();
  return rssXml({
    title: category ? t("forum.feed.categoryTitle", { category: category.name }) : t("forum.feed.title"),
    link: baseUrl + (category ? categoryPath(category.slug) : COMMUNITY_PATH),
    self: baseUrl + (category ? categoryFeedPath(category.slug) : FORUM_FEED_PATH),
    description: category ? category.description : t("forum.overview.description"),
    items: rows.map((row) => {
      const topic = toSummary(row);
      return {
        title: topic.title,
        link: baseUrl + topicPath(topic.id),
        description: row.opening_html ?? "",
        published: new Date(topic.createdAt),
        author: topic.authorName,
        category: topic.categoryName,
      };
    }),
  });
}
