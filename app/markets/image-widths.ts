/**
 * market_images.widths as stored (a JSON list, 0012_claims_plans_images) to the list, or null for
 * a picture stored as one file. Anything else stored there counts as one file: no address is
 * made from it.
 */
export function parseImageWidths(stored: string | null): number[] | null {
  if (stored === null) return null;
  try {
    const parsed: unknown = JSON.parse(stored);
    if (Array.isArray(parsed) && parsed.length && parsed.every((width) => Number.isInteger(width) && width > 0)) return parsed as number[];
  } catch {
    // Not JSON: as if no widths were kept.
  }
  return null;
}
