import { t } from "~/lib/i18n";

/** What the text field takes, under it: the Markdown a post may use. */
export function MarkdownHint({ id }: { id: string }) {
  return (
    <p id={id} className="mt-1 text-sm text-stone-700 dark:text-stone-300">
      {t("forum.form.markdownHint")}
    </p>
  );
}
