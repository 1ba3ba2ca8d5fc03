/**
 * Typo tolerance by expanding the query: every spelling one edit away from a term (a letter
 * left out, added, changed, or two neighbours swapped) is looked up in the index's vocabulary,
 * an exact primary-key lookup that behaves the same on both databases.
 */

const LETTERS = "abcdefghijklmnopqrstuvwxyz";

/** Shorter words have too many neighbours one edit away to guess which one was meant. */
export const MIN_TYPO_LENGTH = 4;

/** The spellings one edit away from a folded word (letters only; numbers are never corrected). */
export function oneEditVariants(word: string): string[] {
  if (word.length < MIN_TYPO_LENGTH || !/^[a-z]+$/.test(word)) return [];
  const variants = new Set<string>();
  for (let i = 0; i <= word.length; i++) {
    const head = word.slice(0, i);
    const tail = word.slice(i);
    if (tail) variants.add(head + tail.slice(1));
    if (tail.length > 1) variants.add(head + tail[1] + tail[0] + tail.slice(2));
    for (const letter of LETTERS) {
      variants.add(head + letter + tail);
      if (tail) variants.add(head + letter + tail.slice(1));
    }
  }
  variants.delete(word);
  return [...variants];
}

/** Whether two words are at most one edit apart (the same definition as oneEditVariants). */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  if (a.length === b.length) {
    const diffs: number[] = [];
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) diffs.push(i);
    if (diffs.length === 1) return true;
    const [i, j] = diffs;
    return diffs.length === 2 && j === i! + 1 && a[i!] === b[j] && a[j] === b[i!];
  }
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  let i = 0;
  while (i < short.length && short[i] === long[i]) i++;
  return short.slice(i) === long.slice(i + 1);
}
