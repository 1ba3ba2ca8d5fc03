import { forumFeed } from "~/forum/feeds/forum-feed.server";
import { RSS_CONTENT_TYPE } from "~/lib/rss";
import { site } from "~/lib/site-context.server";

/** GET /community/rss.xml: the forum's newest topics as RSS 2.0. */
export async function loader() {
  const body = await forumFeed(site().database.db, site().config.baseUrl, null);
  return new Response(body, { headers: { "Content-Type": RSS_CONTENT_TYPE } });
}
