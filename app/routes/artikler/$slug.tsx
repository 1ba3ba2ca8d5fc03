import { Link, data } from "react-router";
import { ArticleCard } from "~/content/components/ArticleCard";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { Prose } from "~/content/components/Prose";
import { TagList } from "~/content/components/TagList";
import { allArticles, articleBySlug, relatedArticles, summaryOf } from "~/content/articles.server";
import { articleJsonLd } from "~/content/structured-data";
import { t } from "~/lib/i18n";
import { breadcrumbList, seoMeta, siteUrl } from "~/lib/meta";
import type { Route } from "./+types/$slug";
import { loadAsDocument } from "~/http/load-as-document";
import { STATIC_PAGE } from "~/lib/route-handle";

/** Read without React (decision 0022). */
export const handle = STATIC_PAGE;
export const clientLoader = loadAsDocument;

/** /artikler/{slug}: one article, the landing pages it leads on to, and articles on the same subjects. */
export function loader({ params }: Route.LoaderArgs) {
  const article = articleBySlug(params.slug);
  if (!article) throw data(null, { status: 404 });
  const related = relatedArticles(summaryOf(article), allArticles().map(summaryOf));
  return { article, related };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { article } = loaderData;
  const baseUrl = siteUrl(matches);
  const path = `/artikler/${article.slug}`;
  return [
    ...seoMeta(matches, {
      title: article.title,
      description: article.description,
      path,
      ogType: "article",
      structuredData: [
        articleJsonLd(baseUrl, article),
        breadcrumbList(baseUrl, [
          { name: t("content.breadcrumbs.home"), path: "/" },
          { name: t("content.articles.heading"), path: "/artikler" },
          { name: article.title, path },
        ]),
      ],
    }),
    { property: "article:published_time", content: article.date },
    { property: "article:modified_time", content: article.modified },
    ...article.tags.map((tag) => ({ property: "article:tag", content: tag })),
    ...(article.image
      ? [
          { property: "og:image", content: `${baseUrl}${article.image.src}` },
          { property: "og:image:alt", content: article.image.alt },
        ]
      : []),
  ];
}

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  const { article, related } = loaderData;
  return (
    <>
      <Breadcrumbs
        trail={[
          { name: t("content.breadcrumbs.home"), path: "/" },
          { name: t("content.articles.heading"), path: "/artikler" },
        ]}
        current={article.title}
      />
      <article className="mt-2">
        <header className="max-w-3xl">
          <h1 className="text-3xl font-bold sm:text-4xl">{article.title}</h1>
          <p className="mt-3 text-lg text-stone-700 dark:text-stone-300">{article.description}</p>
          <p className="mt-3 text-sm text-stone-700 dark:text-stone-300">
            {t("content.articles.byline", { author: article.author })} · <time dateTime={article.date}>{article.dateText}</time> ·{" "}
            {t("content.articles.readingTime", { minutes: article.readingMinutes })}
          </p>
          <div className="mt-3">
            <TagList tags={article.tags} />
          </div>
        </header>
        {article.image ? (
          <img
            src={article.image.src}
            alt={article.image.alt}
            width={article.image.width}
            height={article.image.height}
            className="mt-6 aspect-[40/21] w-full max-w-3xl rounded-2xl object-cover"
          />
        ) : null}
        <Prose html={article.html} className="mt-8" />
      </article>

      {article.landingPages.length ? (
        <section aria-labelledby="find-markeder" className="mt-12 max-w-3xl rounded-2xl border border-stone-300 bg-white p-5 dark:border-stone-700 dark:bg-stone-900">
          <h2 id="find-markeder" className="text-2xl font-bold">
            {t("content.articles.marketsHeading")}
          </h2>
          <ul className="mt-4 space-y-3">
            {article.landingPages.map((landing) => (
              <li key={landing.path}>
                <Link to={landing.path} className="text-lg font-semibold">
                  {landing.label}
                </Link>
                {landing.description ? <p className="text-stone-700 dark:text-stone-300">{landing.description}</p> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {related.length ? (
        <section aria-labelledby="laes-ogsaa" className="mt-12">
          <h2 id="laes-ogsaa" className="text-2xl font-bold">
            {t("content.articles.relatedHeading")}
          </h2>
          <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {related.map((other) => (
              <li key={other.slug}>
                <ArticleCard article={other} headingLevel={3} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p className="mt-10">
        <Link to="/artikler">{t("content.articles.allArticles")}</Link>
      </p>
    </>
  );
}
