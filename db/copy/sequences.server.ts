import { sql, type Kysely } from "kysely";
import { toNumber } from "../../app/lib/db/dialect.server";
import { sequenceColumns } from "./postgres-catalog.server";

/**
 * Moves every sequence of the target past the ids the copy wrote, and past what the source's
 * counter had given (idsGiven), so that the next row the site writes gets a new id, never one
 * already there or already seen by a page (the ids of live_events and page_invalidations only grow).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
export async function setSequencesPastIds(db: Kysely<any>, idsGiven: ReadonlyMap<string, number>): Promise<void> {
  for (const { table, column, sequence } of await sequenceColumns(db)) {
    const { rows } = await sql<{ highest: string | number | null }>`select max(${sql.id(column)}) as highest from ${sql.table(table)}`.execute(db);
    const highest = Math.max(toNumber(rows[0]?.highest), idsGiven.get(table) ?? 0);
    // setval(…, n, true): the next value is n + 1. An empty table starts again from 1.
    if (highest > 0) await sql`select setval(${sequence}::regclass, ${highest}, true)`.execute(db);
    else await sql`select setval(${sequence}::regclass, 1, false)`.execute(db);
  }
}
