import { sql, type Kysely, type RawBuilder } from "kysely";
import { dialectOf, toNumber } from "../../app/lib/db/dialect.server";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- reads any schema
type AnyDb = Kysely<any>;

/**
 * Runs `read` in one read-only transaction on one connection of the source, so that every table is
 * read as it stood at one moment while the site may still write: a deferred BEGIN on SQLite (in WAL
 * mode its snapshot is taken at the first read and kept to the end, and writers are not held up),
 * REPEATABLE READ on PostgreSQL.
 */
export async function inOneSnapshot<T>(db: AnyDb, read: (snapshot: AnyDb) => Promise<T>): Promise<T> {
  const postgres = dialectOf(db) === "postgres";
  return db.connection().execute(async (connection) => {
    await (postgres ? sql`begin isolation level repeatable read read only` : sql`begin`).execute(connection);
    try {
      const result = await read(connection);
      await sql`commit`.execute(connection);
      return result;
    } catch (error) {
      await sql`rollback`.execute(connection).catch(() => {});
      throw error;
    }
  });
}

/**
 * The rows of a table in batches, inside inOneSnapshot. SQLite walks its rowid (every table of the
 * site has one), each batch one seek; PostgreSQL reads through a cursor. Both read each row once,
 * however large the table, where LIMIT and OFFSET would read the skipped rows again for every batch.
 */
export function rowsInBatches(snapshot: AnyDb, table: string, columns: readonly string[], size: number): AsyncGenerator<Record<string, unknown>[]> {
  if (!Number.isInteger(size) || size < 1) throw new Error(`A batch is a whole number of rows, not ${size}`);
  const list = sql.join(columns.map((column) => sql.id(column)));
  return dialectOf(snapshot) === "postgres" ? throughCursor(snapshot, sql`select ${list} from ${sql.table(table)}`, size) : byRowid(snapshot, table, list, size);
}

async function* throughCursor(snapshot: AnyDb, query: RawBuilder<unknown>, size: number): AsyncGenerator<Record<string, unknown>[]> {
  await sql`declare copy_rows no scroll cursor for ${query}`.execute(snapshot);
  try {
    for (;;) {
      const { rows } = await sql<Record<string, unknown>>`fetch forward ${sql.raw(String(size))} from copy_rows`.execute(snapshot);
      if (rows.length === 0) return;
      yield rows;
    }
  } finally {
    await sql`close copy_rows`.execute(snapshot);
  }
}

type RowWithRowid = Record<string, unknown> & { copy_rowid: number };

async function* byRowid(snapshot: AnyDb, table: string, list: RawBuilder<unknown>, size: number): AsyncGenerator<Record<string, unknown>[]> {
  let after: number | null = null;
  for (;;) {
    const from: RawBuilder<unknown> = after === null ? sql`` : sql`where rowid > ${after}`;
    const { rows }: { rows: RowWithRowid[] } = await sql<RowWithRowid>`
      select rowid as copy_rowid, ${list} from ${sql.table(table)} ${from} order by rowid limit ${size}
    `.execute(snapshot);
    if (rows.length === 0) return;
    after = rows[rows.length - 1]!.copy_rowid;
    yield rows.map(({ copy_rowid: _rowid, ...row }) => row);
  }
}

/**
 * The highest id each table's counter has given, by table, where it can be higher than the highest
 * id still there: SQLite's AUTOINCREMENT keeps it in sqlite_sequence, PostgreSQL in the sequences.
 * The ids of live_events and page_invalidations must only grow (0016, 0021): a page that has seen
 * event 900 asks for the rows after 900, also once the rows up to it were deleted.
 */
export async function idsGiven(snapshot: AnyDb): Promise<Map<string, number>> {
  const given = new Map<string, number>();
  if (dialectOf(snapshot) === "postgres") {
    const { rows } = await sql<{ table: string; sequence: string }>`
      select table_name as "table", pg_get_serial_sequence(format('%I.%I', table_schema, table_name), column_name) as sequence
      from information_schema.columns where table_schema = current_schema()
    `.execute(snapshot);
    for (const { table, sequence } of rows) {
      if (!sequence) continue;
      const { rows: state } = await sql<{ last_value: string; is_called: boolean }>`select last_value, is_called from ${sql.raw(sequence)}`.execute(snapshot);
      if (state[0]) given.set(table, toNumber(state[0].last_value) - (state[0].is_called ? 0 : 1));
    }
    return given;
  }
  const { rows: exists } = await sql`select 1 from sqlite_master where type = 'table' and name = 'sqlite_sequence'`.execute(snapshot);
  if (exists.length === 0) return given;
  const { rows } = await sql<{ name: string; seq: number }>`select name, seq from sqlite_sequence`.execute(snapshot);
  for (const { name, seq } of rows) given.set(name, toNumber(seq));
  return given;
}
