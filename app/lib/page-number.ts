/** The query parameter of a list's page (?side=2); the first page has none. */
export const PAGE_PARAM = "side";

/** A page number as the query or a form gives it: 1 when absent, null when it is no page number (404). */
export function parsePageNumber(raw: string | null): number | null {
  if (raw === null || raw === "") return 1;
  return /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : null;
}
