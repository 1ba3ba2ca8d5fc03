/**
 * URL slugs for names (product §9): æ, ø and å become ae, oe and aa, other accented letters
 * lose their accent, everything else becomes a hyphen. Location keys do not follow this rule
 * (app/markets/locations.ts).
 */

export const SLUG_MAX_LENGTH = 80;

/** Letters that have no decomposition into a base letter and an accent, or a Danish spelling. */
const LETTERS: Record<string, string> = {
  æ: "ae",
  ø: "oe",
  å: "aa",
  ð: "d",
  đ: "d",
  þ: "th",
  ß: "ss",
  ł: "l",
  œ: "oe",
  ı: "i",
};

function transliterate(char: string): string {
  const direct = LETTERS[char];
  if (direct !== undefined) return direct;
  // Strip accents after the lookup: NFD would turn å into a + ring; after it, ǿ is ø again.
  const base = char.normalize("NFD").replace(/\p{M}/gu, "");
  return LETTERS[base] ?? base;
}

/** Shortens at the last hyphen that fits, so no word is cut, unless the first word alone is too long. */
export function truncateSlug(slug: string, maxLength: number = SLUG_MAX_LENGTH): string {
  if (slug.length <= maxLength) return slug;
  const cut = slug.lastIndexOf("-", maxLength);
  return (cut > 0 ? slug.slice(0, cut) : slug.slice(0, maxLength)).replace(/-+$/, "");
}

/** "Loppemarked på Østerbro" → "loppemarked-paa-oesterbro"; "" when nothing is left. */
export function slugify(text: string): string {
  let out = "";
  for (const char of text.normalize("NFC").toLowerCase()) out += transliterate(char);
  return truncateSlug(out.replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, ""));
}

/**
 * `base`, or `base-2`, `base-3` … : the first that is not taken. Two writers can still pick the
 * same slug at once; the unique index on the slug column decides, and the loser tries again.
 */
export async function uniqueSlug(base: string, isTaken: (slug: string) => boolean | Promise<boolean>): Promise<string> {
  const start = truncateSlug(base);
  if (start === "") throw new RangeError("uniqueSlug needs a non-empty base slug");
  if (!(await isTaken(start))) return start;
  for (let n = 2; n <= 1000; n++) {
    const suffix = `-${n}`;
    const candidate = truncateSlug(start, SLUG_MAX_LENGTH - suffix.length) + suffix;
    if (!(await isTaken(candidate))) return candidate;
  }
  throw new Error(`No free slug for ${start} after 1000 tries`);
}

const SUFFIX_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/** `base` plus "-" and 6 random lowercase letters and digits: unique without asking the database. */
export function withRandomSuffix(base: string): string {
  const suffix = randomSuffix(6);
  const head = truncateSlug(base, SLUG_MAX_LENGTH - suffix.length - 1);
  return head === "" ? suffix : `${head}-${suffix}`;
}

function randomSuffix(length: number): string {
  let out = "";
  // Bytes of 252 and up are dropped so that each of the 36 characters is equally likely.
  while (out.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < 252 && out.length < length) out += SUFFIX_ALPHABET[byte % 36];
    }
  }
  return out;
}
