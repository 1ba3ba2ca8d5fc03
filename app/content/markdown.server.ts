import { Marked, type Tokens } from "marked";
import { escapeHtml } from "~/lib/html";

/**
 * Our Markdown, rendered on the server only. The files are our own, but raw HTML in them is still
 * shown as text rather than passed through: a stray <script> or <div> in an article must never
 * reach a page, and the pages' Content-Security-Policy should not be what stops it.
 */

/** Addresses a link in our content may have: our own paths, anchors, the web and e-mail. */
const SAFE_HREF = /^(\/(?!\/)|#|https?:\/\/|mailto:)/i;

const markdown = new Marked({ gfm: true, async: false });

markdown.use({
  renderer: {
    html(token: Tokens.HTML | Tokens.Tag) {
      const text = escapeHtml(token.text);
      return "block" in token && token.block ? `<p>${text}</p>\n` : text;
    },
    link(token: Tokens.Link) {
      const label = this.parser.parseInline(token.tokens);
      if (!SAFE_HREF.test(token.href)) return label;
      const title = token.title ? ` title="${escapeHtml(token.title)}"` : "";
      return `<a href="${escapeHtml(token.href)}"${title}>${label}</a>`;
    },
    image(token: Tokens.Image) {
      // Pictures belong in the front matter (image, imageAlt), where their alt text is required.
      return escapeHtml(token.text);
    },
    tablecell(token: Tokens.TableCell) {
      const content = this.parser.parseInline(token.tokens);
      const align = token.align ? ` style="text-align:${token.align}"` : "";
      return token.header ? `<th scope="col"${align}>${content}</th>\n` : `<td${align}>${content}</td>\n`;
    },
  },
});

export function renderMarkdown(source: string): string {
  return markdown.parse(source) as string;
}

/** The block tokens of a document, for files that are split by their headings (the FAQ). */
export function markdownBlocks(source: string) {
  return markdown.lexer(source);
}

/** The text a reader sees in rendered HTML: tags dropped, the common entities decoded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}
