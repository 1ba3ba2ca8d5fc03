import { sql, type Kysely, type RawBuilder } from "kysely";
import type { DatabaseKind } from "../../lib/db/database.server";
import { containsText, fullTextMatch, type FullTextAlternative } from "../../lib/db/dialect.server";
import type { SearchDatabase } from "./index.server";
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

export async function prepareTextQuery(db: Kysely<SearchDatabase>, text: string): Promise<TextQuery | null> {
  const terms = searchTerms(text);
  if (!terms.length) return null;
  const known = await vocabulary(db, terms);
  // Corrections are looked for only for words the index has never seen: a known word is taken as
  // written, and most searches spare the query of several hundred spellings.
  const unknown = terms.filter((term) => !known.has(term));
  const corrections = await vocabulary(db, unknown.flatMap(oneEditVariants));
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

async function vocabulary(db: Kysely<SearchDatabase>, terms: string[]): Promise<Map<string, number>> {
  const known = new Map<string, number>();
  const list = [...new Set(terms)];
  for (let i = 0; i < list.length; i += 5000) {
    const rows = await db
      .selectFrom("market_search_terms")
      .select(["term", "doc_count"])
      .where("term", "in", list.slice(i, i + 5000))
      .where("doc_count", ">", 0)
      .execute();
    for (const row of rows) known.set(row.term, Number(row.doc_count));
  }
  return known;
}

/** The full-text groups (dialect.server.ts fullTextMatch) that say every word matches. */
export function textGroups(query: TextQuery): FullTextAlternative[][] {
  return query.map((match) => [{ term: match.term, prefix: match.prefix }, ...match.corrections.map((term) => ({ term, prefix: false }))]);
}

/** The condition on the market_search row `alias` that every word matches. */
export function textMatchCondition(kind: DatabaseKind, query: TextQuery, alias: string): RawBuilder<boolean> {
  return fullTextMatch(kind, alias, textGroups(query));
}

/**
 * Relevance as a small integer both engines compute alike: per word 3 when it is a whole word of
 * the market's name, 2 when the name only has a word it starts or a correction of it, and 1 when
 * it is elsewhere (the row matched, so it is somewhere). Plain substring tests on the stored
 * " term term " name, so no engine-specific ranking (bm25, ts_rank) is involved, and short: a
 * common word may have tens of thousands of markets to rank.
 */
export function textScore(kind: DatabaseKind, query: TextQuery, alias: string): RawBuilder<number> {
  const name = sql.ref<string>(`${alias}.name_terms`);
  const parts = query.map((match) => {
    const loose = [...(match.prefix ? [containsText(kind, name, ` ${match.term}`)] : []), ...match.corrections.map((term) => containsText(kind, name, ` ${term} `))];
    const looseInName = loose.length ? sql`when ${sql.join(loose, sql` or `)} then 2` : sql``;
    return sql`(case when ${containsText(kind, name, ` ${match.term} `)} then 3 ${looseInName} else 1 end)`;
  });
  return sql<number>`(${sql.join(parts, sql` + `)})`;
}
