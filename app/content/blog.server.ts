import path from "node:path";
import { z } from "zod";
import { formatLongDanishDate, isLocalDate } from "~/lib/dates";
import { contentRoot, readContentFolder } from "./content-files.server";
import { renderMarkdown } from "./markdown.server";
import type { BlogPost, BlogPostSummary } from "./types";

/** News from Loppeguiden (/blog): content/blog/{slug}.md, read once per process, newest first. */

export const blogFrontMatter = z
  .object({
    title: z.string().trim().min(1).max(60),
    description: z.string().trim().min(50).max(170),
    author: z.string().trim().min(1),
    date: z.string().refine(isLocalDate, "a date written YYYY-MM-DD"),
  })
  .strict();

export function loadBlogPosts(folder: string = path.join(contentRoot(), "blog")): BlogPost[] {
  return readContentFolder(folder, blogFrontMatter)
    .map(({ slug, meta, body }) => ({ slug, ...meta, dateText: formatLongDanishDate(meta.date), html: renderMarkdown(body) }))
    .sort((a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title, "da"));
}

let loaded: BlogPost[] | null = null;

export function allBlogPosts(): BlogPost[] {
  loaded ??= loadBlogPosts();
  return loaded;
}

export function blogPostBySlug(slug: string): BlogPost | null {
  return allBlogPosts().find((post) => post.slug === slug) ?? null;
}

export function blogSummary({ html: _html, ...summary }: BlogPost): BlogPostSummary {
  return summary;
}
