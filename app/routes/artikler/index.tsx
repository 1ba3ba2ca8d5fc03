import { Link } from "react-router";
import { ArticleCard } from "~/content/components/ArticleCard";
import { allArticles, summaryOf } from "~/content/articles.server";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import type { Route } from "./+types/index";
import { loadAsDocument } from "~/http/load-as-document";
import { STATIC_PAGE } from "~/lib/route-handle";

/** Read without React (decision 0022). */
export const handle = STATIC_PAGE;
export const clientLoader = loadAsDocument;

/** /artikler: every expert article, newest first, with its subjects and reading time. */
export function loader() {
  return { articles: allArticles().map(summaryOf) };
}

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta(matches, { title: t("content.articles.title"), description: t("content.articles.description"), path: "/artikler" });
}

export default function ArticlesPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-3xl font-bold sm:text-4xl">{t("content.articles.heading")}</h1>
      <p className="mt-4 max-w-3xl text-lg text-stone-700 dark:text-stone-300">{t("content.articles.intro")}</p>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {loaderData.articles.map((article) => (
          <li key={article.slug}>
            <ArticleCard article={article} />
          </li>
        ))}
      </ul>
      <p className="mt-10 text-stone-700 dark:text-stone-300">
        {t("content.articles.blogHint")} <Link to="/blog">{t("content.articles.blogLink")}</Link>
      </p>
    </>
  );
}
