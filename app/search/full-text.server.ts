import { sql, type RawBuilder } from "kysely";
import type { DatabaseKind } from "~/lib/db/database.server";

/**
 * A full-text index of the Danish search (decision 0005): the terms of each document in `text`
 * (its `id`, and on PostgreSQL a GIN-indexed tsvector column `tsv`), the FTS5 table `fts` that
 * mirrors it on SQLite, and the vocabulary `terms` (term, doc_count) that typos are corrected to.
 * The markets have one (market_search_*), the forum another (forum_search_*).
 */
export interface TextIndex {
  text: string;
  fts: string;
  terms: string;
}

/** One word a full-text query asks for: a term, and whether longer words starting with it count too. */
export interface FullTextAlternative {
  term: string;
  prefix: boolean;
}

/**
 * A condition on the row aliased `alias`, whose `id` is the document's: every group must match at
 * least one of its alternatives. SQLite asks the FTS5 table; PostgreSQL the tsvector column. Both
 * index the same ASCII tokens our TypeScript wrote, so they find the same rows. Terms are
 * `[a-z0-9]+` by construction; anything else is refused rather than quoted.
 */
export function fullTextMatch(kind: DatabaseKind, index: TextIndex, alias: string, groups: FullTextAlternative[][]): RawBuilder<boolean> {
  const query = engineQuery(kind, groups);
  const id = sql.ref(`${alias}.id`);
  if (kind === "postgres") return sql<boolean>`(${id} in (select t.id from ${sql.table(index.text)} t where t.tsv @@ ${query}::tsquery))`;
  return sql<boolean>`(${id} in (select rowid from ${sql.table(index.fts)} where ${sql.table(index.fts)} match ${query}))`;
}

/** The groups in the engine's own query language: a tsquery on PostgreSQL, an FTS5 query on SQLite. */
function engineQuery(kind: DatabaseKind, groups: FullTextAlternative[][]): string {
  for (const alternative of groups.flat()) {
    if (!/^[a-z0-9]+$/.test(alternative.term)) throw new Error(`Ugyldigt søgeord: ${alternative.term}`);
  }
  if (kind === "postgres") return groups.map((group) => `(${group.map((a) => `'${a.term}'${a.prefix ? ":*" : ""}`).join(" | ")})`).join(" & ");
  return groups.map((group) => `(${group.map((a) => `"${a.term}"${a.prefix ? "*" : ""}`).join(" OR ")})`).join(" AND ");
}

/**
 * The matching documents as a table to read from, for a query that wants them newest (highest id)
 * first and stops after a page: `select … from ${from} join … where ${matches} order by ${id} desc`.
 * SQLite then walks the FTS5 index backwards by rowid and PostgreSQL may walk the documents' primary
 * key backwards testing each tsvector, so a common word costs a page, not every post that has it.
 */
export function fullTextDocuments(
  kind: DatabaseKind,
  index: TextIndex,
  groups: FullTextAlternative[][],
): { from: RawBuilder<unknown>; id: RawBuilder<number>; matches: RawBuilder<boolean> } {
  const query = engineQuery(kind, groups);
  if (kind === "postgres") return { from: sql`${sql.table(index.text)} d`, id: sql<number>`d.id`, matches: sql<boolean>`d.tsv @@ ${query}::tsquery` };
  return { from: sql`${sql.table(index.fts)} d`, id: sql<number>`d.rowid`, matches: sql<boolean>`${sql.table(index.fts)} match ${query}` };
}
