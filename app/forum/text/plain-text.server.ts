import { decodeHTML } from "entities";
import sanitizeHtml from "sanitize-html";
import { clipAtWord } from "~/lib/meta";

/** Where a block of a rendered post ends: a space there keeps its words apart once the tags go. */
const BLOCK_END = /<\/(p|li|blockquote|pre)>|<br\s*\/?>/g;

/**
 * The words a reader sees in a rendered post (render-post.server.ts), without its markup: for a
 * page's description, the structured data and a mail. Cut at a word with "…" when longer than
 * `maxLength`.
 */
export function postPlainText(html: string, maxLength = Infinity): string {
  const stripped = sanitizeHtml(html.replace(BLOCK_END, "$& "), { allowedTags: [], allowedAttributes: {} });
  return clipAtWord(decodeHTML(stripped).replace(/\s+/g, " ").trim(), maxLength);
}
