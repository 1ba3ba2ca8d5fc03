import { Link } from "react-router";
import { t } from "~/lib/i18n";
import type { ArticleSummary } from "../types";
import { TagList } from "./TagList";

/** One article in a list: picture, title as the link, what it is about, date and reading time. */
export function ArticleCard({ article, headingLevel = 2 }: { article: ArticleSummary; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-stone-300 bg-white dark:border-stone-700 dark:bg-stone-900">
      {article.image ? (
        // The title link says where the card leads; the picture only illustrates it.
        <img src={article.image.src} alt="" width={article.image.width} height={article.image.height} loading="lazy" className="aspect-[40/21] w-full object-cover" />
      ) : null}
      <div className="flex flex-1 flex-col p-4 sm:p-5">
        <Heading className="text-xl font-bold">
          <Link to={`/artikler/${article.slug}`} className="text-stone-900 no-underline hover:underline dark:text-stone-50">
            {article.title}
          </Link>
        </Heading>
        <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">
          <time dateTime={article.date}>{article.dateText}</time> · {t("content.articles.readingTime", { minutes: article.readingMinutes })}
        </p>
        <p className="mt-3 flex-1 text-stone-800 dark:text-stone-200">{article.description}</p>
        <div className="mt-4">
          <TagList tags={article.tags} />
        </div>
      </div>
    </article>
  );
}
