import { Link, data } from "react-router";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { Prose } from "~/content/components/Prose";
import { allBlogPosts, blogPostBySlug, blogSummary } from "~/content/blog.server";
import { blogPostingJsonLd } from "~/content/structured-data";
import { t } from "~/lib/i18n";
import { breadcrumbList, seoMeta, siteUrl } from "~/lib/meta";
import type { Route } from "./+types/$slug";
import { loadAsDocument } from "~/http/load-as-document";
import { STATIC_PAGE } from "~/lib/route-handle";

/** Read without React (decision 0022). */
export const handle = STATIC_PAGE;
export const clientLoader = loadAsDocument;

/** /blog/{slug}: one news post, and the newest of the others. */
export function loader({ params }: Route.LoaderArgs) {
  const post = blogPostBySlug(params.slug);
  if (!post) throw data(null, { status: 404 });
  const others = allBlogPosts()
    .filter((other) => other.slug !== post.slug)
    .slice(0, 3)
    .map(blogSummary);
  return { post, others };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { post } = loaderData;
  const baseUrl = siteUrl(matches);
  const path = `/blog/${post.slug}`;
  return [
    ...seoMeta(matches, {
      title: post.title,
      description: post.description,
      path,
      ogType: "article",
      feed: { title: t("content.blog.feedTitle"), path: "/blog/rss.xml" },
      structuredData: [
        blogPostingJsonLd(baseUrl, post),
        breadcrumbList(baseUrl, [
          { name: t("content.breadcrumbs.home"), path: "/" },
          { name: t("content.blog.heading"), path: "/blog" },
          { name: post.title, path },
        ]),
      ],
    }),
    { property: "article:published_time", content: post.date },
  ];
}

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const { post, others } = loaderData;
  return (
    <>
      <Breadcrumbs
        trail={[
          { name: t("content.breadcrumbs.home"), path: "/" },
          { name: t("content.blog.heading"), path: "/blog" },
        ]}
        current={post.title}
      />
      <article className="mt-2">
        <header className="max-w-3xl">
          <h1 className="text-3xl font-bold sm:text-4xl">{post.title}</h1>
          <p className="mt-3 text-sm text-stone-700 dark:text-stone-300">
            {t("content.articles.byline", { author: post.author })} · <time dateTime={post.date}>{post.dateText}</time>
          </p>
        </header>
        <Prose html={post.html} className="mt-6" />
      </article>
      {others.length ? (
        <section aria-labelledby="flere-nyheder" className="mt-12 max-w-3xl">
          <h2 id="flere-nyheder" className="text-2xl font-bold">
            {t("content.blog.moreHeading")}
          </h2>
          <ul className="mt-4 space-y-3">
            {others.map((other) => (
              <li key={other.slug}>
                <Link to={`/blog/${other.slug}`} className="font-semibold">
                  {other.title}
                </Link>{" "}
                <span className="text-sm text-stone-700 dark:text-stone-300">
                  (<time dateTime={other.date}>{other.dateText}</time>)
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p className="mt-10">
        <Link to="/blog">{t("content.blog.allPosts")}</Link>
      </p>
    </>
  );
}
