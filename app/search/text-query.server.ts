import { sql, type Kysely } from "kysely";
import { dialectOf } from "~/lib/db/dialect.server";
import type { FullTextAlternative, TextIndex } from "./full-text.server";
import { searchTerms } from "./normalize";
import { oneEditVariants } from "./typos";

/** Unknown words of three letters or more also match longer words that start with them. */
export const MIN_PREFIX_LENGTH = 3;
/** At most this many corrections per word, the most common first. */
export const MAX_TYPO_EXPANSIONS = 5;

/**
 * How one typed word may match. A word the index knows matches as written. A word it has never
 * seen is taken as unfinished or misspelt: it also matches longer words that start with it, and
 * the indexed words one edit away. (Matching every word as a prefix too would turn "antik" into
 * every market that mentions antikviteter, and make common words slow to search.)
 */
export interface TermMatch {
  term: string;
  prefix: boolean;
  corrections: string[];
}

/** Every word must match; null when the text held no searchable word. */
export type TextQuery = TermMatch[];

/** What was typed, as the words of one index (its vocabulary decides what is a typo). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema with the index's tables
export async function prepareTextQuery(db: Kysely<any>, index: TextIndex, text: string): Promise<TextQuery | null> {
  const terms = searchTerms(text);
  if (!terms.length) return null;
  const known = await vocabulary(db, index, terms);
  // Corrections are looked for only for words the index has never seen: a known word is taken as
  // written, and most searches spare the query of several hundred spellings.
  const unknown = terms.filter((term) => !known.has(term));
  const corrections = await vocabulary(db, index, unknown.flatMap(oneEditVariants));
  return terms.map((term) => ({
    term,
    prefix: !known.has(term) && term.length >= MIN_PREFIX_LENGTH,
    corrections: known.has(term)
      ? []
      : oneEditVariants(term)
          .filter((variant) => corrections.has(variant))
          .sort((a, b) => corrections.get(b)! - corrections.get(a)! || (a < b ? -1 : 1))
          .slice(0, MAX_TYPO_EXPANSIONS),
  }));
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema with the index's tables
async function vocabulary(db: Kysely<any>, index: TextIndex, terms: string[]): Promise<Map<string, number>> {
  const known = new Map<string, number>();
  const list = [...new Set(terms)];
  for (let i = 0; i < list.length; i += 5000) {
    const batch = list.slice(i, i + 5000);
    if (!batch.length) continue;
    // PostgreSQL takes the several hundred spellings of a typo as one array: as many parameters
    // cost it more to plan than to look up.
    const inBatch = dialectOf(db) === "postgres" ? sql`term = any(${batch}::text[])` : sql`term in (${sql.join(batch)})`;
    const rows = await sql<{ term: string; doc_count: number | string }>`select term, doc_count from ${sql.table(index.terms)}
      where ${inBatch} and doc_count > 0`.execute(db);
    for (const row of rows.rows) known.set(row.term, Number(row.doc_count));
  }
  return known;
}

/** The full-text groups (fullTextMatch) that say every word matches. */
export function textGroups(query: TextQuery): FullTextAlternative[][] {
  return query.map((match) => [{ term: match.term, prefix: match.prefix }, ...match.corrections.map((term) => ({ term, prefix: false }))]);
}
