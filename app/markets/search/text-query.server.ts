import { sql, type RawBuilder } from "kysely";
import type { DatabaseKind } from "~/lib/db/database.server";
import { containsText } from "~/lib/db/dialect.server";
import { fullTextMatch, type TextIndex } from "~/search/full-text.server";
import { textGroups, type TextQuery } from "~/search/text-query.server";

/** The markets' full-text index (0003_market_search): one document per published market. */
export const MARKET_TEXT_INDEX: TextIndex = { text: "market_search_text", fts: "market_search_fts", terms: "market_search_terms" };

/** The condition on the market_search row `alias` that every word matches. */
export function textMatchCondition(kind: DatabaseKind, query: TextQuery, alias: string): RawBuilder<boolean> {
  return fullTextMatch(kind, MARKET_TEXT_INDEX, alias, textGroups(query));
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
