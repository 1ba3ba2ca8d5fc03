import { data } from "react-router";
import { forumFeed } from "~/forum/feeds/forum-feed.server";
import { findCategory } from "~/forum/reads.server";
import { RSS_CONTENT_TYPE } from "~/lib/rss";
import { site } from "~/lib/site-context.server";
import type { Route } from "./+types/rss.xml";

/** GET /community/kategori/{slug}/rss.xml: a category's newest topics as RSS 2.0. */
export async function loader({ params }: Route.LoaderArgs) {
  const db = site().database.db;
  const category = await findCategory(db, params.slug);
  if (!category) throw data(null, { status: 404 });
  const body = await forumFeed(db, site().config.baseUrl, category);
  return new Response(body, { headers: { "Content-Type": RSS_CONTENT_TYPE } });
}
