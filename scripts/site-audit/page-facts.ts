import { type HTMLElement, type Node, NodeType, parse } from "node-html-parser";

/** What the audit needs to know about one HTML document, read once so the page's text can be dropped. */
export interface PageFacts {
  /** The <title> text, whitespace collapsed; null when there is no <title> element. */
  title: string | null;
  description: string | null;
  /** Every robots meta's content joined with commas ("noindex,follow"); null when there is none. */
  robots: string | null;
  /** The raw href of the first <link rel="canonical">. */
  canonical: string | null;
  /** The link preview (og:url, og:title, og:description), each null when missing. */
  preview: { url: string | null; title: string | null; description: string | null };
  h1Count: number;
  /** The src of every <img> that has no alt attribute (alt="" is a decorative image and fine). */
  imagesWithoutAlt: string[];
  /** Words a visitor reads inside <main>; null when the page has no <main>. */
  mainWordCount: number | null;
  /** The raw href of every <a>. */
  links: string[];
}

/**
 * Elements whose content is not painted. aria-hidden is left in on purpose: it hides decorative
 * text from screen readers, yet a sighted visitor (and a search engine's renderer) still sees it.
 * `sr-only` (Tailwind's visually-hidden class) is the opposite case and is left out.
 */
const UNRENDERED_TAGS = new Set(["script", "style", "noscript", "template", "svg"]);

/** Inline elements do not separate words: "Kr<b>æ</b>mmer" is one word; every other element does. */
const INLINE_TAGS = new Set([
  "a",
  "abbr",
  "b",
  "bdi",
  "bdo",
  "cite",
  "code",
  "data",
  "dfn",
  "em",
  "i",
  "kbd",
  "label",
  "mark",
  "q",
  "s",
  "samp",
  "small",
  "span",
  "strong",
  "sub",
  "sup",
  "time",
  "u",
  "var",
]);

function isUnrendered(element: HTMLElement): boolean {
  if (UNRENDERED_TAGS.has(element.localName)) return true;
  if (element.hasAttribute("hidden")) return true;
  return element.classList.contains("sr-only");
}

/** The painted text of an element, with a space wherever a block boundary separates words. */
export function visibleText(root: HTMLElement): string {
  const parts: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === NodeType.TEXT_NODE) {
      parts.push(node.text);
      return;
    }
    if (node.nodeType !== NodeType.ELEMENT_NODE) return;
    const element = node as HTMLElement;
    if (isUnrendered(element)) return;
    const separates = !INLINE_TAGS.has(element.localName);
    if (separates) parts.push(" ");
    for (const child of element.childNodes) walk(child);
    if (separates) parts.push(" ");
  };
  for (const child of root.childNodes) walk(child);
  return parts.join("");
}

/** Whitespace-separated tokens that hold a letter or digit, so "–" and "·" between words are not words. */
export function countWords(text: string): number {
  return text.split(/\s+/).filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
}

const collapse = (text: string) => text.replace(/\s+/g, " ").trim();

function metaContent(document: HTMLElement, name: string): string[] {
  return document
    .querySelectorAll("meta[name]")
    .filter((meta) => meta.getAttribute("name")?.toLowerCase() === name)
    .map((meta) => collapse(meta.getAttribute("content") ?? ""));
}

function propertyContent(document: HTMLElement, property: string): string | null {
  const meta = document.querySelectorAll("meta[property]").find((element) => element.getAttribute("property") === property);
  return meta ? collapse(meta.getAttribute("content") ?? "") : null;
}

export function readPage(html: string): PageFacts {
  const document = parse(html, { comment: false });
  const title = document.querySelector("title");
  const description = metaContent(document, "description").find((content) => content !== "");
  const robots = metaContent(document, "robots");
  const canonical = document.querySelectorAll("link[rel]").find((link) => link.getAttribute("rel")?.toLowerCase().split(/\s+/).includes("canonical"));
  const main = document.querySelector("main");
  return {
    title: title ? collapse(title.text) : null,
    description: description ?? null,
    robots: robots.length > 0 ? robots.join(",") : null,
    canonical: canonical?.getAttribute("href")?.trim() ?? null,
    preview: {
      url: propertyContent(document, "og:url"),
      title: propertyContent(document, "og:title"),
      description: propertyContent(document, "og:description"),
    },
    h1Count: document.querySelectorAll("h1").length,
    imagesWithoutAlt: document
      .querySelectorAll("img")
      .filter((image) => !image.hasAttribute("alt"))
      .map((image) => image.getAttribute("src") ?? "(no src)"),
    mainWordCount: main ? countWords(visibleText(main)) : null,
    links: document.querySelectorAll("a[href]").map((link) => link.getAttribute("href")!.trim()),
  };
}
