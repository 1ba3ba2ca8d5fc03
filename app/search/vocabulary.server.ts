import { sql, type Kysely } from "kysely";
import type { TextIndex } from "./full-text.server";

/** Bound parameters per statement, kept well under SQLite's limit. */
const MAX_PARAMETERS = 6000;

/**
 * Keeps an index's vocabulary (term, number of documents) in step with its documents: each term of
 * a document that left counts one less, each of one that came one more; a term no document has
 * any more goes. Called by every writer of the index, in its transaction, with the terms of the
 * documents it replaced and wrote.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema with the index's tables
export async function updateVocabulary(db: Kysely<any>, index: TextIndex, removed: Iterable<readonly string[]>, added: Iterable<readonly string[]>): Promise<void> {
  const delta = new Map<string, number>();
  const count = (terms: readonly string[], by: number) => {
    for (const term of terms) delta.set(term, (delta.get(term) ?? 0) + by);
  };
  for (const terms of removed) count(terms, -1);
  for (const terms of added) count(terms, 1);
  // Sorted, so two writers touch the vocabulary rows in the same order and cannot deadlock.
  const changes = [...delta].filter(([, by]) => by !== 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const table = sql.table(index.terms);
  for (let i = 0; i < changes.length; i += MAX_PARAMETERS / 2) {
    const rows = changes.slice(i, i + MAX_PARAMETERS / 2).map(([term, by]) => sql`(${term}, ${by})`);
    await sql`insert into ${table} (term, doc_count) values ${sql.join(rows)}
      on conflict (term) do update set doc_count = ${table}.doc_count + excluded.doc_count`.execute(db);
  }
  const lowered = changes.filter(([, by]) => by < 0).map(([term]) => term);
  for (let i = 0; i < lowered.length; i += MAX_PARAMETERS) {
    await sql`delete from ${table} where term in (${sql.join(lowered.slice(i, i + MAX_PARAMETERS))}) and doc_count <= 0`.execute(db);
  }
}
