import { escapeXml } from "~/lib/xml";
import type { BlogPostSummary } from "./types";

/** /blog/rss.xml: the news as RSS 2.0, every link absolute (feed readers have no page to resolve against). */

export const RSS_CONTENT_TYPE = "application/rss+xml; charset=utf-8";

/** RFC 822 dates, as RSS 2.0 wants them: a post's day at noon Danish winter time. */
export function rfc822Date(date: string): string {
  return new Date(`${date}T12:00:00+01:00`).toUTCString();
}

export interface RssChannel {
  baseUrl: string;
  title: string;
  description: string;
  posts: readonly BlogPostSummary[];
}

export function rssXml({ baseUrl, title, description, posts }: RssChannel): string {
  const blogUrl = `${baseUrl}/blog`;
  const items = posts.map((post) => {
    const link = `${baseUrl}/blog/${post.slug}`;
    return [
      "<item>",
      `<title>${escapeXml(post.title)}</title>`,
      `<link>${escapeXml(link)}</link>`,
      `<guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `<description>${escapeXml(post.description)}</description>`,
      `<pubDate>${rfc822Date(post.date)}</pubDate>`,
      "</item>",
    ].join("");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "<channel>",
    `<title>${escapeXml(title)}</title>`,
    `<link>${escapeXml(blogUrl)}</link>`,
    `<atom:link href="${escapeXml(`${baseUrl}/blog/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    `<description>${escapeXml(description)}</description>`,
    "<language>da-dk</language>",
    ...(posts[0] ? [`<lastBuildDate>${rfc822Date(posts[0].date)}</lastBuildDate>`] : []),
    ...items,
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
}
