import { sql, type Kysely } from "kysely";

/* What the copy reads of the PostgreSQL target's own catalog: the migrated target is the truth about the schema. */

export interface TargetColumn {
  name: string;
  /** information_schema's data_type: "boolean", "timestamp with time zone", "integer", "text", … */
  type: string;
}

/** The columns a row is written with, in their order: every column but the generated ones (the search tables' tsv). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
export async function writableColumns(db: Kysely<any>, table: string): Promise<TargetColumn[]> {
  const { rows } = await sql<TargetColumn>`
    select column_name as name, data_type as type from information_schema.columns
    where table_schema = current_schema() and table_name = ${table} and is_generated = 'NEVER'
    order by ordinal_position
  `.execute(db);
  return rows;
}

/** Every foreign key between the schema's tables: which table refers to which. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
export async function foreignKeys(db: Kysely<any>): Promise<{ table: string; refersTo: string }[]> {
  const { rows } = await sql<{ table: string; refersTo: string }>`
    select source.relname as "table", target.relname as "refersTo"
    from pg_constraint key
    join pg_class source on source.oid = key.conrelid
    join pg_class target on target.oid = key.confrelid
    join pg_namespace space on space.oid = source.relnamespace
    where key.contype = 'f' and space.nspname = current_schema()
  `.execute(db);
  return rows;
}

export interface CountedColumn {
  table: string;
  column: string;
  /** The sequence that gives its values, schema-qualified and quoted as PostgreSQL names it. */
  sequence: string;
}

/** The columns whose values a sequence gives (serial, bigserial, identity). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
export async function sequenceColumns(db: Kysely<any>): Promise<CountedColumn[]> {
  const { rows } = await sql<CountedColumn>`
    select table_name as "table", column_name as "column", sequence from (
      select table_name, column_name, pg_get_serial_sequence(format('%I.%I', table_schema, table_name), column_name) as sequence
      from information_schema.columns where table_schema = current_schema()
    ) counted
    where sequence is not null
    order by table_name
  `.execute(db);
  return rows;
}
