/** Where the image cleanup lives, and the query that asks to confirm removing every file. */
export const IMAGE_CLEANUP_PATH = "/dashboard/image-cleanup";
export const CONFIRM_REMOVE_ALL_PARAM = "slet-alle";
export const PAGE_PARAM = "side";

/** Files per page: enough to look through at once, few enough to show each picture. */
export const CLEANUP_PAGE_SIZE = 50;

export const CLEANUP_INTENTS = { remove: "remove", removeAll: "remove-all" } as const;

/** The list's page; the first has no query. */
export function cleanupPagePath(page: number): string {
  return page > 1 ? `${IMAGE_CLEANUP_PATH}?${PAGE_PARAM}=${page}` : IMAGE_CLEANUP_PATH;
}

/** A page number as the query or a form gives it: 1 when absent, null when it is no page number. */
export function parsePageNumber(raw: string | null): number | null {
  if (raw === null || raw === "") return 1;
  return /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : null;
}
