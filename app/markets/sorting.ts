/**
 * Danish alphabetical order for market names, as a plain string to store next to the name.
 *
 * Neither database sorts Danish by itself: SQLite compares UTF-8 bytes (å before æ before ø),
 * PostgreSQL follows whatever collation the server was set up with.
 * The key is built only from the digits 0–9 and the letters a–z, whose order is the same in byte
 * order and in the C, English and ICU root collations, so `ORDER BY sort_key` is Danish on both.
 * (A Danish collation would read "aa" in a key as å: on PostgreSQL, compare with COLLATE "C".)
 *
 * Encoding, in ascending order: word break "0", digit d "1d", a–y themselves, z "za", æ "zb",
 * ø "zc", å "zd". No code is the prefix of another, so comparing keys compares the names letter
 * by letter, and a shorter word sorts first ("Ny Marked" before "Nyborg", as in Danish lists).
 */

const CODES: Record<string, string> = { z: "za", æ: "zb", ø: "zc", å: "zd" };

/** Foreign letters Danish sorts as its own (ä with æ, ö with ø, ü with y), and letters with no accent to strip. */
const FOLDED: Record<string, string> = {
  ä: "æ",
  ö: "ø",
  ő: "ø",
  ü: "y",
  ű: "y",
  ǿ: "ø",
  ð: "d",
  đ: "d",
  þ: "th",
  ß: "ss",
  ł: "l",
  œ: "ø",
  ı: "i",
};

function foldLetter(char: string): string {
  if (char === "æ" || char === "ø" || char === "å") return char;
  const folded = FOLDED[char];
  if (folded !== undefined) return folded;
  return char.normalize("NFD").replace(/\p{M}/gu, "");
}

function encodeWord(word: string): string {
  // A word-initial "aa" is the old spelling of å (Aabenraa, Aalborg, Aarhus); inside a word it is
  // as often two vowels meeting in a compound (ekstraarrangement), so only the start counts.
  const letters = word.startsWith("aa") ? `å${word.slice(2)}` : word;
  let out = "";
  for (const char of letters) out += char >= "0" && char <= "9" ? `1${char}` : (CODES[char] ?? char);
  return out;
}

/** A key whose byte order is the Danish order of the names; case and accents do not count. */
export function danishSortKey(name: string): string {
  let folded = "";
  for (const char of name.normalize("NFC").toLowerCase()) folded += foldLetter(char);
  return folded
    .split(/[^a-z0-9æøå]+/)
    .filter((word) => word !== "")
    .map(encodeWord)
    .join("0");
}

/** Danish order for Array.prototype.sort; names with the same key fall back to code-point order, so the order is stable across runs. */
export function compareDanish(a: string, b: string): number {
  const ka = danishSortKey(a);
  const kb = danishSortKey(b);
  if (ka !== kb) return ka < kb ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
