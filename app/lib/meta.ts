import type { MetaDescriptor } from "react-router";

const SITE_NAME = "Loppeguiden";
const SUFFIX = ` | ${SITE_NAME}`;
/** Longer titles are cut off in search results (product §5). */
export const MAX_TITLE = 60;

/** "Kalender | Loppeguiden", unless the name is in the title already or it would pass 60 characters. */
export function pageTitle(title: string): string {
  if (title.includes(SITE_NAME) || title.length + SUFFIX.length > MAX_TITLE) return title;
  return title + SUFFIX;
}

/** Text cut at a word with "…" when longer: a title people wrote (a forum topic's) to what search results show, an excerpt. */
export function clipAtWord(text: string, max = MAX_TITLE): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, Math.max(1, max - 1));
  const atWord = cut.lastIndexOf(" ");
  return `${(atWord > max / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}

/** Title and description only: for pages no search engine should show (errors, test pages). */
export function pageMeta(title: string, description: string): MetaDescriptor[] {
  return [{ title: pageTitle(title) }, { name: "description", content: description }];
}

export interface SeoPage {
  title: string;
  description: string;
  /** The page's own path without query: canonical and og:url. Filtered and paged views pass the unfiltered path. */
  path: string;
  /** "noindex,follow" for a page search engines should not list but may crawl through. */
  robots?: string;
  ogType?: "website" | "article";
  /** Schema.org objects, one JSON-LD script each. */
  structuredData?: object[];
  /** The picture a link preview shows: a path on this site, made absolute here. */
  image?: { path: string; alt: string };
  /** The RSS feed a feed reader finds on the page: a path on this site, made absolute here. */
  feed?: { title: string; path: string };
}

interface MatchWithData {
  id: string;
  loaderData?: unknown;
}

/** BASE_URL, carried by the root loader so that meta() can build absolute URLs in the browser too. */
export function siteUrl(matches: readonly (MatchWithData | undefined)[]): string {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { baseUrl?: string } | undefined;
  return root?.baseUrl ?? "";
}

/**
 * Everything a search engine and a link preview read from a public page: the title (at most 60
 * characters), description, an absolute canonical URL, Open Graph and JSON-LD.
 */
export function seoMeta(matches: readonly (MatchWithData | undefined)[], page: SeoPage): MetaDescriptor[] {
  const url = `${siteUrl(matches)}${page.path}`;
  const title = pageTitle(page.title);
  return [
    { title },
    { name: "description", content: page.description },
    ...(page.robots ? [{ name: "robots", content: page.robots }] : []),
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:type", content: page.ogType ?? "website" },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:locale", content: "da_DK" },
    ...(page.image
      ? [
          { property: "og:image", content: `${siteUrl(matches)}${page.image.path}` },
          { property: "og:image:alt", content: page.image.alt },
        ]
      : []),
    ...(page.feed ? [{ tagName: "link", rel: "alternate", type: "application/rss+xml", title: page.feed.title, href: `${siteUrl(matches)}${page.feed.path}` }] : []),
    ...(page.structuredData ?? []).map((item) => ({ "script:ld+json": item })),
  ];
}

/** A schema.org BreadcrumbList for the trail a page shows: the last item is the page itself. */
export function breadcrumbList(baseUrl: string, trail: { name: string; path: string }[]): object {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: `${baseUrl}${crumb.path}`,
    })),
  };
}
