/** How a document of an index is stored: its terms as one string. */

/** " a b c " with a space at each end, so " term " and " term" can be looked for in it. */
export function padded(terms: readonly string[]): string {
  return terms.length ? ` ${terms.join(" ")} ` : " ";
}

/** The terms a stored document holds (the inverse of padded). */
export function documentTerms(document: string): string[] {
  return document.split(" ").filter(Boolean);
}
