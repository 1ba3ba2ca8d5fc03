import { PAGE_PARAM } from "~/lib/page-number";

/** Where the image cleanup lives, and the query that asks to confirm removing every file. */
export const IMAGE_CLEANUP_PATH = "/dashboard/image-cleanup";
export const CONFIRM_REMOVE_ALL_PARAM = "slet-alle";

/** Files per page: enough to look through at once, few enough to show each picture. */
export const CLEANUP_PAGE_SIZE = 50;

export const CLEANUP_INTENTS = { remove: "remove", removeAll: "remove-all" } as const;

/** The list's page; the first has no query. */
export function cleanupPagePath(page: number): string {
  return page > 1 ? `${IMAGE_CLEANUP_PATH}?${PAGE_PARAM}=${page}` : IMAGE_CLEANUP_PATH;
}
