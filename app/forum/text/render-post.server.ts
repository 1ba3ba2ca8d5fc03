import { createHash } from "node:crypto";
import { Marked, type Tokens } from "marked";
import sanitizeHtml from "sanitize-html";
import { escapeHtml } from "~/lib/html";

/**
 * A forum post as the page shows it: the small Markdown subset people write (paragraphs, line
 * breaks, bold, italic, lists, links, quotes, code) rendered once, when the post is written, then
 * cleaned by sanitize-html against an allow-list (decision 0035). The renderer already shows raw
 * HTML as text and pictures as links; the sanitiser is what guarantees it: whatever the renderer
 * lets through, only the tags and attributes below reach a page, and a link only to the web or an
 * e-mail address, marked as the writer's and not ours (rel="nofollow ugc noopener").
 */

export interface RenderedPost {
  html: string;
  /** The links in the cleaned post: a new account may put at most two in one. */
  linkCount: number;
  /** The text's fingerprint, for "the same text twice" (whitespace and case do not count). */
  hash: string;
}

const markdown = new Marked({ gfm: true, breaks: true, async: false });

/** A link the renderer makes: a page of this site (/kalender), the web or an e-mail address, else none. */
function linkTarget(href: string): string | null {
  try {
    if (href.startsWith("/") && !href.startsWith("//") && !href.startsWith("/\\")) {
      const own = new URL(href, "https://loppeguiden.invalid");
      return `${own.pathname}${own.search}${own.hash}`;
    }
    const url = new URL(href);
    return ["http:", "https:", "mailto:"].includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

markdown.use({
  renderer: {
    // Raw HTML is text, as typed.
    html(token: Tokens.HTML | Tokens.Tag) {
      const text = escapeHtml(token.text);
      return "block" in token && token.block ? `<p>${text}</p>\n` : text;
    },
    // A heading is a line in bold: a post has one heading, its topic's title.
    heading(token: Tokens.Heading) {
      return `<p><strong>${this.parser.parseInline(token.tokens)}</strong></p>\n`;
    },
    // A link to somewhere else is the writer's, and only to the web or an address; anything else is its text.
    link(token: Tokens.Link) {
      const label = this.parser.parseInline(token.tokens);
      const target = linkTarget(token.href);
      return target ? `<a href="${escapeHtml(target)}">${label}</a>` : label;
    },
    // No pictures from elsewhere (they would tell another site who reads the post): a link to it.
    image(token: Tokens.Image) {
      const label = escapeHtml(token.text || token.href);
      const target = linkTarget(token.href);
      return target ? `<a href="${escapeHtml(target)}">${label}</a>` : label;
    },
    // A table's rows as lines of text: the forum's posts have no tables.
    table(token: Tokens.Table) {
      const rows = [token.header, ...token.rows].map((cells) => cells.map((cell) => this.parser.parseInline(cell.tokens)).join(" | "));
      return `<p>${rows.join("<br>")}</p>\n`;
    },
    hr() {
      return "";
    },
  },
});

const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "strong", "em", "del", "ul", "ol", "li", "blockquote", "code", "pre", "a"],
  allowedAttributes: { a: ["href", "rel"], ol: ["start"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  // A tag outside the list goes, its text stays (a table's cells, a heading the renderer missed).
  disallowedTagsMode: "discard",
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: "nofollow ugc noopener" } }),
  },
};

/** The longest text a post may have (forum-forms.ts); a longer one is cut rather than rendered. */
const MAX_SOURCE = 20_000;

/** Quotes inside quotes deeper than this are read as this deep: the renderer recurses per level. */
const MAX_QUOTE_DEPTH = 8;
const DEEP_QUOTE = new RegExp(`^(?:[ \\t]*>){${MAX_QUOTE_DEPTH + 1},}`, "gm");

/** The text as paragraphs and nothing else: what a post the renderer cannot take is shown as. */
function plainParagraphs(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((part) => `<p>${escapeHtml(part.trim()).replace(/\n/g, "<br>")}</p>`)
    .join("\n");
}

export function renderPost(source: string): RenderedPost {
  const text = source.slice(0, MAX_SOURCE);
  let rendered: string;
  try {
    rendered = markdown.parse(text.replace(DEEP_QUOTE, "> ".repeat(MAX_QUOTE_DEPTH))) as string;
  } catch {
    // Nesting deep enough to exhaust the renderer's stack (lists in lists in …): the text as typed.
    rendered = plainParagraphs(text);
  }
  const html = sanitizeHtml(rendered, ALLOWED).trim();
  return { html, linkCount: countLinks(html), hash: textHash(text) };
}

/** Links that lead somewhere: an <a> the sanitiser left an address on. */
function countLinks(html: string): number {
  return html.match(/<a href="/g)?.length ?? 0;
}

export function textHash(text: string): string {
  const normalised = text.normalize("NFC").trim().replace(/\s+/g, " ").toLowerCase();
  return createHash("sha256").update(normalised).digest("hex");
}
