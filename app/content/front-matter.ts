import { parse as parseYaml } from "yaml";

export interface FrontMatterDocument {
  /** The YAML between the opening and closing "---" lines, parsed; {} when there is none. */
  data: unknown;
  /** The Markdown after the front matter. */
  body: string;
}

const FRONT_MATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/**
 * Splits a content file into its YAML front matter and its Markdown. The YAML is read with the
 * 1.2 core schema (the yaml package's default), so `date: 2026-11-03` stays the text it looks like.
 */
export function splitFrontMatter(source: string): FrontMatterDocument {
  const text = source.replace(/^\uFEFF/, "");
  const match = FRONT_MATTER.exec(text);
  if (!match) return { data: {}, body: text };
  return { data: parseYaml(match[1] ?? "") ?? {}, body: text.slice(match[0].length) };
}
