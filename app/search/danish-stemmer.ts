/**
 * The Snowball Danish stemmer (snowballstem.org/algorithms/danish), written out here rather than
 * installed, because it runs on text that normalizeDanish has already folded to ASCII: æ is "ae",
 * ø is "o", å is "a". Stemming the folded form is what lets "koebenhavn", "kobenhavn" and
 * "københavn" reach one stem; a stock Danish stemmer expects the letters æ, ø and å and would
 * treat the typed-without-them spellings as different words. The algorithm is unchanged apart
 * from its letter sets, which lose æ, ø and å ("løst" → "løs" becomes "lost" → "los").
 */

const VOWELS = new Set("aeiouy");
const CONSONANTS = new Set("bcdfghjklmnpqrstvwxz");
const S_ENDING = new Set("abcdfghjklmnoprtvyz");

// Longest first, so the first suffix that fits is the one Snowball's `among` would pick.
const MAIN_SUFFIXES = [
  "erendes",
  "erende",
  "hedens",
  "ethed",
  "erede",
  "heden",
  "heder",
  "endes",
  "ernes",
  "erens",
  "erets",
  "ered",
  "ende",
  "erne",
  "eren",
  "erer",
  "heds",
  "enes",
  "eres",
  "eret",
  "hed",
  "ene",
  "ere",
  "ens",
  "ers",
  "ets",
  "en",
  "er",
  "es",
  "et",
  "e",
].sort((a, b) => b.length - a.length);

const OTHER_SUFFIXES = ["elig", "lig", "els", "ig"];

/** R1: the region after the first non-vowel that follows a vowel, but never before the 3rd letter. */
function regionOne(word: string): number {
  if (word.length < 3) return word.length;
  let i = 0;
  while (i < word.length && !VOWELS.has(word[i]!)) i++;
  while (i < word.length && VOWELS.has(word[i]!)) i++;
  if (i >= word.length) return word.length;
  return Math.max(i + 1, 3);
}

function mainSuffix(word: string, p1: number): string {
  for (const suffix of MAIN_SUFFIXES) {
    if (word.endsWith(suffix) && word.length - suffix.length >= p1) return word.slice(0, -suffix.length);
  }
  if (word.endsWith("s") && word.length - 1 >= p1 && word.length >= 2 && S_ENDING.has(word[word.length - 2]!)) {
    return word.slice(0, -1);
  }
  return word;
}

function consonantPair(word: string, p1: number): string {
  if (word.length - 2 < p1) return word;
  const pair = word.slice(-2);
  return pair === "gd" || pair === "dt" || pair === "gt" || pair === "kt" ? word.slice(0, -1) : word;
}

function otherSuffix(word: string, p1: number): string {
  let w = word;
  if (w.endsWith("igst")) w = w.slice(0, -2);
  for (const suffix of OTHER_SUFFIXES) {
    if (w.endsWith(suffix) && w.length - suffix.length >= p1) {
      return consonantPair(w.slice(0, -suffix.length), p1);
    }
  }
  if (w.endsWith("lost") && w.length - 4 >= p1) return w.slice(0, -1);
  return w;
}

function undouble(word: string, p1: number): string {
  const n = word.length;
  if (n < 2 || n - 1 < p1) return word;
  const last = word[n - 1]!;
  return CONSONANTS.has(last) && word[n - 2] === last ? word.slice(0, -1) : word;
}

/** The stem of one folded, lowercase ASCII word; numbers and other tokens pass through. */
export function stemDanish(word: string): string {
  if (!/^[a-z]+$/.test(word)) return word;
  const p1 = regionOne(word);
  let w = mainSuffix(word, p1);
  w = consonantPair(w, p1);
  w = otherSuffix(w, p1);
  w = undouble(w, p1);
  return w;
}
