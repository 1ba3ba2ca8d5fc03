import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { formatLongDanishDate, isLocalDate } from "~/lib/dates";
import { ContentError, contentRoot, publicRoot, readContentFolder, type ContentFile } from "./content-files.server";
import { landingLink } from "./landing-links";
import { htmlToText, renderMarkdown } from "./markdown.server";
import { countWords, readingMinutes } from "./reading-time";
import type { Article, ArticleImage, ArticleSummary } from "./types";

/**
 * The expert articles (/artikler): content/articles/{slug}.md, read and checked once per process.
 * A file with a missing or wrong field stops the load with a message naming the file and the field.
 */

/** The page title is the article's title plus " | Loppeguiden" when it fits: it may not pass 60. */
const TITLE_MAX = 60;
const localDate = z.string().refine(isLocalDate, "a date written YYYY-MM-DD");

export const articleFrontMatter = z
  .object({
    title: z.string().trim().min(1).max(TITLE_MAX),
    description: z.string().trim().min(50).max(170),
    author: z.string().trim().min(1),
    date: localDate,
    updated: localDate.optional(),
    tags: z.array(z.string().trim().toLowerCase().min(1)).min(1),
    /**
     * A picture under public/illustrationer/, as the site serves it: "/illustrationer/hyldemarked.svg".
     * Not public/artikler/: a folder there would make the static files answer /artikler with a
     * redirect to /artikler/ before the page is reached.
     */
    image: z
      .string()
      .regex(/^\/illustrationer\/[a-z0-9-]+\.svg$/, "an SVG under /illustrationer/")
      .optional(),
    imageAlt: z.string().trim().min(1).optional(),
    /** Landing pages the article sends its readers on to, by path. */
    landingPages: z.array(z.string()).default([]),
  })
  .strict()
  .refine((meta) => !meta.image || meta.imageAlt, { message: "a picture needs its alt text (imageAlt)", path: ["imageAlt"] });

export type ArticleFrontMatter = z.output<typeof articleFrontMatter>;

/** Width and height from an SVG's own attributes, so the page reserves its space before it loads. */
function svgSize(file: string, displayPath: string): { width: number; height: number } {
  const svg = readFileSync(file, "utf8");
  const tag = svg.match(/<svg\b[^>]*>/)?.[0] ?? "";
  const width = Number(tag.match(/\swidth="(\d+)"/)?.[1]);
  const height = Number(tag.match(/\sheight="(\d+)"/)?.[1]);
  if (!width || !height) throw new ContentError(displayPath, "the SVG needs whole-number width and height attributes");
  return { width, height };
}

function articleImage(meta: ArticleFrontMatter, file: string, publicDir: string): ArticleImage | null {
  if (!meta.image) return null;
  const absolute = path.join(publicDir, meta.image);
  if (!existsSync(absolute)) throw new ContentError(file, `image: ${meta.image} is not in the public folder`);
  return { src: meta.image, alt: meta.imageAlt!, ...svgSize(absolute, meta.image) };
}

function toArticle({ file, slug, meta, body }: ContentFile<ArticleFrontMatter>, publicDir: string): Article {
  const html = renderMarkdown(body);
  const words = countWords(htmlToText(html));
  const landingPages = meta.landingPages.map((link) => {
    const resolved = landingLink(link);
    if (!resolved) throw new ContentError(file, `landingPages: ${link} is not a landing page`);
    return resolved;
  });
  return {
    slug,
    title: meta.title,
    description: meta.description,
    author: meta.author,
    date: meta.date,
    modified: meta.updated ?? meta.date,
    dateText: formatLongDanishDate(meta.date),
    tags: [...new Set(meta.tags)],
    image: articleImage(meta, file, publicDir),
    words,
    readingMinutes: readingMinutes(words),
    html,
    landingPages,
  };
}

/** Newest first; articles of the same day by title. */
function newestFirst(a: { date: string; title: string }, b: { date: string; title: string }): number {
  return b.date.localeCompare(a.date) || a.title.localeCompare(b.title, "da");
}

export function loadArticles(folder: string = path.join(contentRoot(), "articles"), publicDir: string = publicRoot()): Article[] {
  return readContentFolder(folder, articleFrontMatter)
    .map((file) => toArticle(file, publicDir))
    .sort(newestFirst);
}

let loaded: Article[] | null = null;

/** Every article, newest first: read from disk on first use, then kept for the life of the process. */
export function allArticles(): Article[] {
  loaded ??= loadArticles();
  return loaded;
}

export function articleBySlug(slug: string): Article | null {
  return allArticles().find((article) => article.slug === slug) ?? null;
}

export function summaryOf(article: Article): ArticleSummary {
  const { html: _html, landingPages: _landingPages, ...summary } = article;
  return summary;
}

/**
 * Up to `count` other articles on the same subjects: the most shared tags first, then the newest.
 * An article that shares no tag with this one is not related, however new it is.
 */
export function relatedArticles<T extends { slug: string; tags: string[]; date: string; title: string }>(article: T, candidates: readonly T[], count = 3): T[] {
  const tags = new Set(article.tags);
  return candidates
    .filter((other) => other.slug !== article.slug)
    .map((other) => ({ other, shared: other.tags.filter((tag) => tags.has(tag)).length }))
    .filter(({ shared }) => shared > 0)
    .sort((a, b) => b.shared - a.shared || newestFirst(a.other, b.other))
    .slice(0, count)
    .map(({ other }) => other);
}
