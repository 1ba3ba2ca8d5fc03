/**
 * Rendered Markdown from content/ (app/content/markdown.server.ts, which lets no raw HTML
 * through). Styled from the outside, so the Markdown stays plain.
 */
const PROSE_CLASS = [
  "max-w-3xl text-lg leading-relaxed text-stone-800 dark:text-stone-200",
  "[&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-stone-900 dark:[&_h2]:text-stone-50",
  "[&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-stone-900 dark:[&_h3]:text-stone-50",
  "[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-2",
  "[&_strong]:font-semibold [&_strong]:text-stone-900 dark:[&_strong]:text-stone-50",
  "[&_blockquote]:mt-4 [&_blockquote]:border-l-4 [&_blockquote]:border-emerald-700 [&_blockquote]:pl-4 [&_blockquote]:italic",
  "[&_table]:mt-4 [&_table]:w-full [&_table]:border-collapse [&_table]:text-base",
  "[&_th]:border-b-2 [&_th]:border-stone-400 [&_th]:px-2 [&_th]:py-2 [&_th]:text-left",
  "[&_td]:border-b [&_td]:border-stone-300 [&_td]:px-2 [&_td]:py-2 dark:[&_td]:border-stone-700",
  "[&_hr]:my-8 [&_hr]:border-stone-300 dark:[&_hr]:border-stone-700",
  "[&>:first-child]:mt-0",
].join(" ");

export function Prose({ html, className = "" }: { html: string; className?: string }) {
  return <div className={`${PROSE_CLASS} ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
