import { site } from "~/lib/site-context.server";
import { allBlogPosts, blogSummary } from "~/content/blog.server";
import { blogFeed } from "~/content/rss";
import { RSS_CONTENT_TYPE } from "~/lib/rss";
import { t } from "~/lib/i18n";

/** GET /blog/rss.xml: the news as RSS 2.0 with absolute links from BASE_URL. */
export function loader() {
  const body = blogFeed({
    baseUrl: site().config.baseUrl,
    title: t("content.blog.feedTitle"),
    description: t("content.blog.description"),
    posts: allBlogPosts().map(blogSummary),
  });
  return new Response(body, { headers: { "Content-Type": RSS_CONTENT_TYPE } });
}
