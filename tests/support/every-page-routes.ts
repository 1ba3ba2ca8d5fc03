import { allArticles } from "../../app/content/articles.server";
import { allBlogPosts } from "../../app/content/blog.server";
import { contentPagePaths } from "../../scripts/site-audit/seeds";

/** The pages a visitor reaches from the menus and the landing pages of each kind. */
const PAGES = [
  "/",
  "/markeder",
  "/kalender",
  "/register",
  "/artikler",
  "/community",
  "/priser",
  "/faq",
  "/om-os",
  "/kontakt",
  "/features",
  "/partner",
  "/privatlivspolitik",
  "/betingelser",
  "/cookies",
  "/sitemap",
  "/sign-in",
  "/sign-up",
  "/loppemarkeder",
  "/loppemarkeder-i-aarhus",
  "/antikmarkeder-paa-fyn",
];

/**
 * Those pages and every article and blog post: what the server sends for each is checked at
 * request level (tests/integration/page-shell.test.ts).
 */
export const EVERY_PAGE = [...PAGES, ...contentPagePaths()];

/** What an article's or a post's page is made of: the elements of its text, and the parts around it. */
function partsOf(page: { html: string; image?: unknown; tags?: string[]; landingPages?: unknown[] }): Set<string> {
  const parts = new Set([...page.html.matchAll(/<([a-z][a-z0-9]*)\b/g)].map(([, tag]) => `<${tag}>`));
  if (page.image) parts.add("image");
  if (page.tags?.length) parts.add("tags");
  if (page.landingPages?.length) parts.add("landing links");
  return parts;
}

/**
 * Few pages that between them hold every part any of them has, chosen greedily: each time the page
 * that adds the most parts still missing (the earlier one on a tie). The articles (and the posts)
 * share one page, and differ only in what their text and its surroundings hold.
 */
function pagesCoveringEveryPart<T>(pages: readonly T[], partsOf: (page: T) => Set<string>): T[] {
  const withParts = pages.map((page) => ({ page, parts: [...partsOf(page)] }));
  const remaining = new Set(withParts.flatMap(({ parts }) => parts));
  const chosen: T[] = [];
  while (remaining.size > 0) {
    const gain = ({ parts }: (typeof withParts)[number]) => parts.filter((part) => remaining.has(part)).length;
    const best = withParts.reduce((most, candidate) => (gain(candidate) > gain(most) ? candidate : most));
    chosen.push(best.page);
    for (const part of best.parts) remaining.delete(part);
  }
  return chosen;
}

/**
 * The pages the browser suite opens in both themes (tests/e2e/every-page.ts): every page above,
 * and of the articles and the blog posts as few as show every element and part they use between
 * them. Axe and the layout judge what a page shows, and eleven articles and posts on two pages show
 * the same few things; the server's answer for each is checked at request level all the same.
 */
export const BROWSER_PAGES = [
  ...PAGES,
  ...pagesCoveringEveryPart(allArticles(), partsOf).map((article) => `/artikler/${article.slug}`),
  ...pagesCoveringEveryPart(allBlogPosts(), partsOf).map((post) => `/blog/${post.slug}`),
];
