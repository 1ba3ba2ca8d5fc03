import { Link } from "react-router";
import { t } from "~/lib/i18n";
import { categoryPath } from "../paths";
import type { CategoryView } from "../views";

export function CategoryList({ categories, current }: { categories: CategoryView[]; current?: string }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1">
      {categories.map((category) => (
        <li key={category.slug} className="rounded-xl border border-stone-300 bg-white p-3 dark:border-stone-700 dark:bg-stone-900">
          <Link to={categoryPath(category.slug)} aria-current={category.slug === current ? "page" : undefined} className="font-semibold">
            {category.name}
          </Link>{" "}
          <span className="text-sm text-stone-700 dark:text-stone-300">
            ({category.topicCount === 1 ? t("forum.categories.oneTopic") : t("forum.categories.topics", { count: category.topicCount.toLocaleString("da-DK") })})
          </span>
          <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">{category.description}</p>
        </li>
      ))}
    </ul>
  );
}
