import { sql, type Kysely } from "kysely";
import { latestPageInvalidation, readCacheGeneration } from "~/lib/cache-generation.server";
import { byteOrder, dialectOf } from "~/lib/db/dialect.server";
import type { Database } from "~/lib/db/schema";
import { allArticles } from "~/content/articles.server";
import { allBlogPosts } from "~/content/blog.server";
import { landingIndex } from "~/landing/data.server";
import { indexableSitePages } from "./site-pages";
import { MAX_URLS_PER_SITEMAP, newestLastmod, planSitemap, sitemapIndexXml, urlsetXml, w3cInstant, type SitemapPlan, type SitemapSection, type SitemapUrl } from "./sitemap-xml";
import { listed } from "~/markets/query/visibility.server";
import { forumSitemapUrls } from "~/forum/sitemap-urls.server";

/**
 * /sitemap.xml: every indexable URL of the site with its lastmod from the data. Up to `maxUrls`
 * URLs it is one urlset; above that a sitemap index whose parts are /sitemaps/{section}-{n}.xml.
 */

export interface SitemapOptions {
  baseUrl: string;
  maxUrls?: number;
}

/**
 * Published markets only: drafts, pending and rejected markets are not public, and archived ones
 * answer noindex. Oldest first, so a new market lands in the last part and the earlier parts (and
 * their lastmod in the index) stay as they were.
 */
async function publishedMarketUrls(db: Kysely<Database>): Promise<SitemapUrl[]> {
  const rows = await db
    .selectFrom("markets")
    .select(["slug", "updated_at"])
    .where(listed("status"))
    .orderBy("created_at")
    .orderBy(byteOrder(dialectOf(db), sql.ref<string>("id")))
    .execute();
  const urls = new Array<SitemapUrl>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    urls[i] = { path: `/markeder/${row.slug}`, lastmod: w3cInstant(row.updated_at) };
  }
  return urls;
}

/** The landing pages that have markets; an empty one answers noindex and stays out. */
async function landingUrls(db: Kysely<Database>): Promise<SitemapUrl[]> {
  const index = await landingIndex(db);
  return index.filter((page) => page.count > 0).map((page) => ({ path: page.path, lastmod: w3cInstant(page.lastModified) }));
}

/** The articles and blog posts, each with the date it last changed (the date itself: no time is known). */
function contentUrls(): { articles: SitemapUrl[]; blog: SitemapUrl[] } {
  return {
    articles: allArticles().map((article) => ({ path: `/artikler/${article.slug}`, lastmod: article.modified })),
    blog: allBlogPosts().map((post) => ({ path: `/blog/${post.slug}`, lastmod: post.date })),
  };
}

/** The site's pages and landing pages, the articles and blog posts (read from content/), then the markets. */
async function readSiteSections(db: Kysely<Database>): Promise<SitemapSection[]> {
  const [markets, landings] = await Promise.all([publishedMarketUrls(db), landingUrls(db)]);
  const content = contentUrls();
  const newest = { market: newestLastmod(markets), articles: newestLastmod(content.articles), blog: newestLastmod(content.blog) };
  const pages = indexableSitePages().map((page) => ({
    path: page.path,
    lastmod: page.showsMarketData ? newest.market : page.listsContent ? newest[page.listsContent] : null,
  }));
  return [
    { name: "sider", urls: [...pages, ...landings] },
    { name: "indhold", urls: [...content.articles, ...content.blog] },
    { name: "markeder", urls: markets },
  ];
}

async function readForumSection(db: Kysely<Database>): Promise<SitemapSection> {
  const urls = await forumSitemapUrls(db);
  return { name: "forum", urls: urls.map((url) => ({ path: url.path, lastmod: w3cInstant(url.lastmod) })) };
}

/**
 * Reading 100,000 published markets takes SQLite several hundred milliseconds (the rows are wide),
 * and a crawler asks for the index and then each part, so the sections are held for a while and
 * shared by concurrent requests. Held for HOLD_MS only, then let go: a sitemap is read now and
 * then, and its 100,000 URLs should not sit in memory in between. The site's sections are read
 * again after a bump of the cache generation, the forum's after a page invalidation (its writes,
 * decision 0034), so a post does not make the markets be read again; HOLD_MS also bounds how stale
 * the sitemap can be after a write that forgot to say so.
 */
const HOLD_MS = 10 * 60_000;

interface Held<T> {
  version: number;
  value: Promise<T>;
}

function holder<T>(read: (db: Kysely<Database>) => Promise<T>) {
  const held = new WeakMap<Kysely<Database>, Held<T>>();
  return (db: Kysely<Database>, version: number): Held<T> => {
    const current = held.get(db);
    if (current && current.version === version) return current;
    const entry: Held<T> = { version, value: read(db) };
    held.set(db, entry);
    const letGo = () => {
      if (held.get(db) === entry) held.delete(db);
    };
    setTimeout(letGo, HOLD_MS).unref();
    entry.value.catch(letGo);
    return entry;
  };
}

const siteSections = holder(readSiteSections);
const forumSection = holder(readForumSection);
/** The whole list for a pair of held parts: the same array while neither changes (the plans key on it). */
const joined = new WeakMap<Held<SitemapSection[]>, WeakMap<Held<SitemapSection>, Promise<SitemapSection[]>>>();

/**
 * Everything the sitemap lists, section by section: the site's pages and landing pages, the
 * articles and blog posts, the markets, oldest first (a new market changes only the last part of
 * theirs), and the forum's pages, topics oldest first.
 */
export async function sitemapSections(db: Kysely<Database>): Promise<SitemapSection[]> {
  const [generation, invalidation] = await Promise.all([readCacheGeneration(db), latestPageInvalidation(db)]);
  const site = siteSections(db, generation);
  const forum = forumSection(db, invalidation);
  let byForum = joined.get(site);
  if (!byForum) joined.set(site, (byForum = new WeakMap()));
  let sections = byForum.get(forum);
  if (!sections) byForum.set(forum, (sections = Promise.all([site.value, forum.value]).then(([parts, part]) => [...parts, part])));
  return sections;
}

const plans = new WeakMap<SitemapSection[], Map<number, SitemapPlan>>();

/** The plan of the held sections, made once per limit: the index and each part need the same one. */
async function currentPlan(db: Kysely<Database>, maxUrls: number): Promise<SitemapPlan> {
  const sections = await sitemapSections(db);
  let byLimit = plans.get(sections);
  if (!byLimit) plans.set(sections, (byLimit = new Map<number, SitemapPlan>()));
  let plan = byLimit.get(maxUrls);
  if (!plan) byLimit.set(maxUrls, (plan = planSitemap(sections, maxUrls)));
  return plan;
}

/** The body of /sitemap.xml. */
export async function sitemapXml(db: Kysely<Database>, options: SitemapOptions): Promise<string> {
  const plan = await currentPlan(db, options.maxUrls ?? MAX_URLS_PER_SITEMAP);
  return plan.kind === "urlset" ? urlsetXml(options.baseUrl, plan.urls) : sitemapIndexXml(options.baseUrl, plan.parts);
}

/**
 * The body of /sitemaps/{file}, or null when the index does not list that file: while the whole
 * sitemap fits in /sitemap.xml there are no parts, so no URL is offered twice.
 */
export async function sitemapPartXml(db: Kysely<Database>, file: string, options: SitemapOptions): Promise<string | null> {
  if (!/^[a-z]+-[1-9][0-9]*\.xml$/.test(file)) return null;
  const plan = await currentPlan(db, options.maxUrls ?? MAX_URLS_PER_SITEMAP);
  if (plan.kind === "urlset") return null;
  const part = plan.parts.find((candidate) => candidate.file === file);
  return part ? urlsetXml(options.baseUrl, part.urls) : null;
}
