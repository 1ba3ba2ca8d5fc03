import { t } from "~/lib/i18n";

/** An article's subjects, as small labels (they are not links: there is no page per tag). */
export function TagList({ tags }: { tags: string[] }) {
  return (
    <ul aria-label={t("content.articles.tagsLabel")} className="flex flex-wrap gap-2">
      {tags.map((tag) => (
        <li
          key={tag}
          className="rounded-full bg-emerald-50 px-2.5 py-0.5 text-sm text-emerald-900 ring-1 ring-emerald-700/30 dark:bg-emerald-950 dark:text-emerald-100 dark:ring-emerald-300/30"
        >
          {tag}
        </li>
      ))}
    </ul>
  );
}
