import { Link } from "react-router";
import { allBlogPosts, blogSummary } from "~/content/blog.server";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import type { Route } from "./+types/index";
import { loadAsDocument } from "~/http/load-as-document";
import { STATIC_PAGE } from "~/lib/route-handle";

/** Read without React (decision 0022). */
export const handle = STATIC_PAGE;
export const clientLoader = loadAsDocument;

/** /blog: news from Loppeguiden, newest first, also as an RSS feed. */
export function loader() {
  return { posts: allBlogPosts().map(blogSummary) };
}

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta(matches, {
    title: t("content.blog.title"),
    description: t("content.blog.description"),
    path: "/blog",
    feed: { title: t("content.blog.feedTitle"), path: "/blog/rss.xml" },
  });
}

export default function BlogPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-3xl font-bold sm:text-4xl">{t("content.blog.heading")}</h1>
      <p className="mt-4 max-w-3xl text-lg text-stone-700 dark:text-stone-300">{t("content.blog.intro")}</p>
      <p className="mt-2">
        {/* A plain link: the feed is XML for a feed reader, not a page of this app. */}
        <a href="/blog/rss.xml" type="application/rss+xml">
          {t("content.blog.feedLink")}
        </a>
      </p>
      <ol className="mt-8 max-w-3xl space-y-6">
        {loaderData.posts.map((post) => (
          <li key={post.slug}>
            <article className="rounded-2xl border border-stone-300 bg-white p-5 dark:border-stone-700 dark:bg-stone-900">
              <h2 className="text-xl font-bold">
                <Link to={`/blog/${post.slug}`} className="text-stone-900 no-underline hover:underline dark:text-stone-50">
                  {post.title}
                </Link>
              </h2>
              <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">
                <time dateTime={post.date}>{post.dateText}</time>
              </p>
              <p className="mt-3">{post.description}</p>
            </article>
          </li>
        ))}
      </ol>
      <p className="mt-10 text-stone-700 dark:text-stone-300">
        {t("content.blog.articlesHint")} <Link to="/artikler">{t("content.blog.articlesLink")}</Link>
      </p>
    </>
  );
}
