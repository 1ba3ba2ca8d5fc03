import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import type { z } from "zod";
import { splitFrontMatter } from "./front-matter";

/**
 * Where the Markdown lives. `npm start` and the test servers run from the project root, and the
 * server bundle (build/server) does not carry content/ with it, so the files are read from there.
 */
export function contentRoot(): string {
  return path.resolve("content");
}

/** The site's public folder, where the content's pictures are served from. */
export function publicRoot(): string {
  return path.resolve("public");
}

/** A content file that cannot be used: the message names the file and what is wrong with it. */
export class ContentError extends Error {
  constructor(file: string, problem: string) {
    super(`${file}: ${problem}`);
    this.name = "ContentError";
  }
}

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export interface ContentFile<T> {
  /** The path as a person would look for it: "content/articles/prissaetning.md". */
  file: string;
  /** The file name without .md: the page's address. */
  slug: string;
  meta: T;
  body: string;
}

/** Reads and checks one Markdown file's front matter; throws a ContentError naming every problem. */
export function readContentFile<S extends z.ZodType>(absolutePath: string, schema: S, displayPath: string): ContentFile<z.output<S>> {
  const slug = path.basename(absolutePath, ".md");
  if (!SLUG_PATTERN.test(slug)) throw new ContentError(displayPath, "the file name must be a slug (a-z, 0-9 and hyphens)");
  const { data, body } = splitFrontMatter(readFileSync(absolutePath, "utf8"));
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".") || "front matter"}: ${issue.message}`);
    throw new ContentError(displayPath, problems.join("; "));
  }
  if (/^#\s/m.test(body.replace(/```[\s\S]*?```/g, ""))) {
    throw new ContentError(displayPath, "the page's title is its only level-1 heading: start sections with ##");
  }
  return { file: displayPath, slug, meta: parsed.data, body };
}

/** Every .md file of a folder, in file-name order. */
export function readContentFolder<S extends z.ZodType>(folder: string, schema: S): ContentFile<z.output<S>>[] {
  if (!existsSync(folder)) throw new ContentError(folder, "the content folder is missing");
  return readdirSync(folder)
    .filter((name) => name.endsWith(".md"))
    .sort()
    .map((name) => readContentFile(path.join(folder, name), schema, path.relative(process.cwd(), path.join(folder, name))));
}
