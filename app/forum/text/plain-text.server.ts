import { decodeHTML } from "entities";
import sanitizeHtml from "sanitize-html";

/** Where a block of a rendered post ends: a space there keeps its words apart once the tags go. */
const BLOCK_END = /<\/(p|li|blockquote|pre)>|<br\s*\/?>/g;

/**
 * The words a reader sees in a rendered post (render-post.server.ts), without its markup: for a
 * page's description, the structured data and a mail. Cut at a word with "…" when longer than
 * `maxLength`.
 */
export function postPlainText(html: string, maxLength = Infinity): string {
  const stripped = sanitizeHtml(html.replace(BLOCK_END, "$& "), { allowedTags: [], allowedAttributes: {} });
  const text = decodeHTML(stripped).replace(/\s+/g, " ").trim();
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, Math.max(1, maxLength - 1));
  const atWord = cut.lastIndexOf(" ");
  return `${(atWord > maxLength / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}
