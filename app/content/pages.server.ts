import path from "node:path";
import { z } from "zod";
import { formatLongDanishDate, isLocalDate } from "~/lib/dates";
import { contentRoot, readContentFile } from "./content-files.server";
import { renderMarkdown } from "./markdown.server";
import type { InfoPage } from "./types";

/**
 * The long texts of the information pages (/om-os, /privatlivspolitik …) in content/pages/{key}.md.
 * The page's chrome (buttons, table headings, form labels) stays in translation.json.
 */

export const INFO_PAGE_KEYS = ["features", "om-os", "partner", "privatlivspolitik", "betingelser", "cookies", "kontakt", "priser"] as const;
export type InfoPageKey = (typeof INFO_PAGE_KEYS)[number];

export const infoPageFrontMatter = z
  .object({
    title: z.string().trim().min(1).max(60),
    description: z.string().trim().min(50).max(170),
    heading: z.string().trim().min(1),
    /** Shown as "Senest opdateret" on texts a visitor may hold us to (privacy, terms, cookies). */
    updated: z.string().refine(isLocalDate, "a date written YYYY-MM-DD").optional(),
  })
  .strict();

export function loadInfoPage(key: InfoPageKey, folder: string = path.join(contentRoot(), "pages")): InfoPage {
  const file = path.join(folder, `${key}.md`);
  const { meta, body } = readContentFile(file, infoPageFrontMatter, path.relative(process.cwd(), file));
  return {
    path: `/${key}`,
    title: meta.title,
    description: meta.description,
    heading: meta.heading,
    updatedText: meta.updated ? formatLongDanishDate(meta.updated) : null,
    html: renderMarkdown(body),
  };
}

const loaded = new Map<InfoPageKey, InfoPage>();

/** The page's text, read on first use and kept for the life of the process. */
export function infoPage(key: InfoPageKey): InfoPage {
  let page = loaded.get(key);
  if (!page) loaded.set(key, (page = loadInfoPage(key)));
  return page;
}
