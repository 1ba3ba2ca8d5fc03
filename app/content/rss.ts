import { rssXml } from "~/lib/rss";
import type { BlogPostSummary } from "./types";

/** A post's day at noon Danish winter time: the time RSS wants for a post that has only a date. */
export function blogPostTime(date: string): Date {
  return new Date(`${date}T12:00:00+01:00`);
}

/** /blog/rss.xml: the news. */
export function blogFeed({ baseUrl, title, description, posts }: { baseUrl: string; title: string; description: string; posts: readonly BlogPostSummary[] }): string {
  return rssXml({
    title,
    link: `${baseUrl}/blog`,
    self: `${baseUrl}/blog/rss.xml`,
    description,
    items: posts.map((post) => ({ title: post.title, link: `${baseUrl}/blog/${post.slug}`, description: post.description, published: blogPostTime(post.date) })),
  });
}
