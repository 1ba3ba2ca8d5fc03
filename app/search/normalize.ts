import { stemDanish } from "./danish-stemmer";

/**
 * Danish text as the search index and the search box both see it.
 *
 * The folding rule, applied the same way to markets and to queries, so that every spelling a
 * Dane types without æ, ø and å lands on the same token:
 *   - lowercase; æ → "ae", ø → "o", å → "a" (also ä → "ae", ö → "o"; other accents are dropped);
 *   - then within each word "aa" → "a" and "oe" → "o", until nothing changes.
 * So Århus, Aarhus and Arhus are all "arhus"; København, Koebenhavn and Kobenhavn are all
 * "kobenhavn"; Helsingør and Helsingoer are "helsingor"; Kræmmermarked and Kraemmermarked are
 * "kraemmermarked" ("ae" is kept: nobody writes æ as a plain "a" or "e").
 * Everything that is not a letter or a digit separates words.
 */
export function normalizeDanish(text: string): string {
  const mapped = text.toLowerCase().replace(/[æä]/g, "ae").replace(/[øö]/g, "o").replace(/å/g, "a").replace(/ß/g, "ss").normalize("NFKD").replace(/\p{M}/gu, "");
  return mapped
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map(foldWord)
    .join(" ");
}

function foldWord(word: string): string {
  let folded = word;
  let previous: string;
  do {
    previous = folded;
    folded = folded.replace(/aa/g, "a").replace(/oe/g, "o");
  } while (folded !== previous);
  return folded;
}

/** Longer "words" are pasted links or keyboard mashing; nobody searches for them. */
export const MAX_WORD_LENGTH = 40;

/** The normalised words of a text, in order, stop words included. */
export function tokenize(text: string): string[] {
  const normalized = normalizeDanish(text);
  return normalized ? normalized.split(" ").filter((word) => word.length <= MAX_WORD_LENGTH) : [];
}

/** The stem of one normalised word (Danish Snowball on the folded spelling). */
export function stem(word: string): string {
  return stemDanish(word);
}

/**
 * Danish stop words (Snowball's list), folded like everything else. They are left out of both the
 * index and the query, so "loppemarked i aarhus" asks for two words, not three.
 */
const STOP_WORDS = new Set(
  tokenize(
    "og i jeg det at en den til er som på de med han af for ikke der var mig sig men et har om vi min havde " +
      "ham hun nu over da fra du ud sin dem os op man hans hvor eller hvad skal selv her alle vil blev kunne ind " +
      "når være dog noget ville jo deres efter ned skulle denne end dette mit også under have dig anden hende " +
      "mine alt meget sit sine vor mod disse hvis din nogle hos blive mange ad bliver hendes været thi jer sådan",
  ),
);

/** Stop words, and words that look like the index's filter tokens (see facets.ts). */
export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word) || word.startsWith("zq");
}

/**
 * Danish writes compounds as one word: "loppemarked", "genbrugsbutik". A document also carries the
 * parts of words that end in one of these heads, so "marked" and "loppe" find "Loppemarked".
 * The heads are stems; a part is kept only when both halves are at least three letters.
 */
const COMPOUND_HEADS = ["marked", "market", "butik", "handel", "salg"];

function compoundParts(stemmed: string): string[] {
  for (const head of COMPOUND_HEADS) {
    if (stemmed.length >= head.length + 3 && stemmed.endsWith(head)) {
      const modifier = stemmed.slice(0, -head.length);
      return [head, stem(modifier)];
    }
  }
  return [];
}

/**
 * The terms a market's text is indexed under: normalised, stop words out, stemmed, compounds also
 * split into their parts; each term once, in first-seen order.
 */
export function indexTerms(text: string): string[] {
  const terms = new Set<string>();
  for (const word of tokenize(text)) {
    if (isStopWord(word)) continue;
    const stemmed = stem(word);
    terms.add(stemmed);
    for (const part of compoundParts(stemmed)) terms.add(part);
  }
  return [...terms];
}

/** At most this many words of a query count; the rest of a pasted paragraph is ignored. */
export const MAX_QUERY_TERMS = 8;

/**
 * The terms of what a visitor typed: normalised, stop words out, stemmed, each once. Every term
 * must match (see app/markets/search/text-query.server.ts for how each one may match).
 */
export function searchTerms(query: string): string[] {
  const terms = new Set<string>();
  for (const word of tokenize(query)) {
    if (isStopWord(word)) continue;
    terms.add(stem(word));
    if (terms.size >= MAX_QUERY_TERMS) break;
  }
  return [...terms];
}
