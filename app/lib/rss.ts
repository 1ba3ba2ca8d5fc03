import { escapeXml } from "./xml";

/** The site's feeds (the news, the forum) as RSS 2.0, every link absolute: a feed reader has no page to resolve against. */

export const RSS_CONTENT_TYPE = "application/rss+xml; charset=utf-8";

export interface RssItem {
  title: string;
  /** Absolute; also the item's guid. */
  link: string;
  /** Plain text, or HTML, which RSS carries escaped. */
  description: string;
  published: Date;
  author?: string;
  category?: string;
}

export interface RssChannel {
  title: string;
  /** The page the feed is the feed of, absolute. */
  link: string;
  /** The feed's own address, absolute. */
  self: string;
  description: string;
  /** Newest first. */
  items: readonly RssItem[];
}

export function rssXml({ title, link, self, description, items }: RssChannel): string {
  const entries = items.map((item) =>
    [
      "<item>",
      `<title>${escapeXml(item.title)}</title>`,
      `<link>${escapeXml(item.link)}</link>`,
      `<guid isPermaLink="true">${escapeXml(item.link)}</guid>`,
      `<description>${escapeXml(item.description)}</description>`,
      ...(item.author ? [`<dc:creator>${escapeXml(item.author)}</dc:creator>`] : []),
      ...(item.category ? [`<category>${escapeXml(item.category)}</category>`] : []),
      `<pubDate>${item.published.toUTCString()}</pubDate>`,
      "</item>",
    ].join(""),
  );
  const namespaces = items.some((item) => item.author) ? ' xmlns:dc="http://purl.org/dc/elements/1.1/"' : "";
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"${namespaces}>`,
    "<channel>",
    `<title>${escapeXml(title)}</title>`,
    `<link>${escapeXml(link)}</link>`,
    `<atom:link href="${escapeXml(self)}" rel="self" type="application/rss+xml"/>`,
    `<description>${escapeXml(description)}</description>`,
    "<language>da-dk</language>",
    ...(items[0] ? [`<lastBuildDate>${items[0].published.toUTCString()}</lastBuildDate>`] : []),
    ...entries,
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
}
