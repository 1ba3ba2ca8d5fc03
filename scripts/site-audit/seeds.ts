import type { RouteConfigEntry } from "@react-router/dev/routes";
import Database from "better-sqlite3";
import { allArticles } from "../../app/content/articles.server";
import { allBlogPosts } from "../../app/content/blog.server";
import { landingPath } from "../../app/landing/paths";
import { LOCATIONS } from "../../app/markets/locations";
import { MARKET_TYPE_INFO } from "../../app/markets/market-types";
import routes from "../../app/routes";

/** The pages `npm test` audits in full: a fixed set that stays fast, unlike the whole crawl of `npm run audit`. */

/** The 351 landing pages: each type's page, then that type in every location. */
export function landingPagePaths(): string[] {
  return MARKET_TYPE_INFO.flatMap((type) => [landingPath(type), ...LOCATIONS.map((location) => landingPath(type, location))]);
}

/** Pages written in code; the information pages are found in the route config. */
const WRITTEN_PAGES = ["/", "/register", "/kalender", "/markeder", "/sitemap", "/community"];
/** The written information pages (/faq, /om-os …): app/routes.ts gives their routes this id prefix; the RSS feed is not one. */
const CONTENT_PAGE_ID = "information:";

/** Routes without dynamic segments whose module is an information page. */
function informationRoutePaths(entries: RouteConfigEntry[]): string[] {
  return entries.flatMap((entry) => {
    const isInformationPage = entry.id?.startsWith(CONTENT_PAGE_ID) === true;
    const own = isInformationPage && entry.path && !/[:*]/.test(entry.path) ? [`/${entry.path}`] : [];
    return [...own, ...informationRoutePaths(entry.children ?? [])];
  });
}

export interface ContentSlugs {
  articles: readonly { slug: string }[];
  blog: readonly { slug: string }[];
}

/** Every article and blog post in content/. */
export function contentPagePaths(content: ContentSlugs = { articles: allArticles(), blog: allBlogPosts() }): string[] {
  return [...content.articles.map((article) => `/artikler/${article.slug}`), ...content.blog.map((post) => `/blog/${post.slug}`)];
}

/**
 * The pages written in code, every information page the route config (app/routes.ts) names, and
 * every article and blog post.
 */
export function informationPagePaths(routeConfig: RouteConfigEntry[] = routes, content?: ContentSlugs): string[] {
  return [...new Set([...WRITTEN_PAGES, ...informationRoutePaths(routeConfig), ...contentPagePaths(content)])];
}

/** `count` items spread evenly over the list, the first included: the same sample on every run over the same list. */
export function sampleEvenly<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  return Array.from({ length: count }, (_, index) => items[Math.floor((index * items.length) / count)]!);
}

/** Market pages of published markets, sampled evenly by slug from the server's own database. */
export function sampleMarketPaths(databaseFile: string, count: number): string[] {
  return sampleEvenly(publishedMarketPaths(databaseFile), count);
}

/** The address of every published market in the database, in slug order. */
export function publishedMarketPaths(databaseFile: string): string[] {
  const db = new Database(databaseFile, { readonly: true, fileMustExist: true });
  try {
    const slugs = db.prepare("select slug from markets where status = 'published' order by slug").pluck().all() as string[];
    return slugs.map((slug) => `/markeder/${encodeURIComponent(slug)}`);
  } finally {
    db.close();
  }
}

/** The forum's categories with topics and every topic the public sees, from the server's own database. */
export function forumPaths(databaseFile: string): string[] {
  const db = new Database(databaseFile, { readonly: true, fileMustExist: true });
  try {
    const categories = db.prepare("select distinct category_slug from forum_topics where state = 'published' order by category_slug").pluck().all() as string[];
    const topics = db.prepare("select id from forum_topics where state = 'published' order by id").pluck().all() as number[];
    return [...categories.map((slug) => `/community/kategori/${slug}`), ...topics.map((id) => `/community/topic/${id}`)];
  } finally {
    db.close();
  }
}
