import type { MetaDescriptor } from "react-router";

const SUFFIX = " | Loppeguiden";
const MAX_TITLE = 60;

/** "Kalender | Loppeguiden", unless the name is in the title already or it would pass 60 characters. */
export function pageTitle(title: string): string {
  if (title.includes("Loppeguiden") || title.length + SUFFIX.length > MAX_TITLE) return title;
  return title + SUFFIX;
}

export function pageMeta(title: string, description: string): MetaDescriptor[] {
  return [{ title: pageTitle(title) }, { name: "description", content: description }];
}
