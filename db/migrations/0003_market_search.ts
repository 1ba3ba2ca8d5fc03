import { sql, type Kysely } from "kysely";
import { dialectOf } from "../../app/lib/db/dialect.server";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's types
type AnyDb = Kysely<any>;

/**
 * The market search index (app/markets/search). Our TypeScript normalises and stems the Danish
 * text and writes plain ASCII terms; each engine only indexes those terms: an external-content
 * FTS5 table on SQLite, a GIN-indexed tsvector on PostgreSQL (foundations §8). The engine is read from
 * the Kysely dialect adapter, since a migration receives nothing else.
 */
export async function up(db: AnyDb): Promise<void> {
  const kind = dialectOf(db);

  // One row per published market: what the list filters and sorts by, copied from markets and
  // market_occurrences. Kept narrow (the long texts are in market_search_text), because a search
  // for a common word reads tens of thousands of these rows.
  // On PostgreSQL the sorted text columns compare byte by byte (collate "C"), as SQLite's do, so
  // both sort names and dates alike and the sorting indexes serve ORDER BY.
  const bytes = (type: string) => (kind === "postgres" ? sql`${sql.raw(type)} collate "C"` : sql.raw(type));
  await db.schema
    .createTable("market_search")
    .addColumn("id", kind === "postgres" ? "serial" : "integer", (c) => c.primaryKey())
    // The database's own collation, as markets.id and market_occurrences.market_id have it: joins
    // on it must use their indexes.
    .addColumn("market_id", "varchar(36)", (c) => c.notNull().unique().references("markets.id").onDelete("cascade"))
    .addColumn("type", "varchar(40)", (c) => c.notNull())
    .addColumn("postal_code", "integer", (c) => c.notNull())
    .addColumn("setting", "varchar(10)")
    .addColumn("entry_fee_dkk", "double precision")
    .addColumn("latitude", "double precision")
    .addColumn("longitude", "double precision")
    .addColumn("sort_name", bytes("varchar(400)"), (c) => c.notNull())
    // The first scheduled occurrence that had not ended on next_basis ("9999-12-31" for none):
    // its first day and its last. Still right on any later day up to next_end.
    .addColumn("next_basis", bytes("varchar(10)"), (c) => c.notNull())
    .addColumn("next_date", bytes("varchar(10)"), (c) => c.notNull())
    .addColumn("next_end", bytes("varchar(10)"), (c) => c.notNull())
    // The name's terms, " term term " with a space at each end, for relevance.
    .addColumn("name_terms", "text", (c) => c.notNull())
    .execute();
  // The id is the last tie-break of every order, compared by bytes (collate "C" on PostgreSQL).
  const id = kind === "postgres" ? sql`market_id collate "C"` : sql`market_id`;
  await sql`create index market_search_by_date on market_search (next_date, sort_name, ${id})`.execute(db);
  await sql`create index market_search_by_name on market_search (sort_name, ${id})`.execute(db);
  await db.schema.createIndex("market_search_position").on("market_search").columns(["latitude", "longitude"]).execute();
  await db.schema.createIndex("market_search_next_end").on("market_search").column("next_end").execute();
  await db.schema.createIndex("market_search_next_basis").on("market_search").column("next_basis").execute();

  // The full-text side: the market's terms and its filter tokens (app/markets/search/facets.ts:
  // type, postal code prefixes, open days), each " term term " with a space at each end.
  await db.schema
    .createTable("market_search_text")
    .addColumn("id", "integer", (c) => c.primaryKey().references("market_search.id").onDelete("cascade"))
    .addColumn("document", "text", (c) => c.notNull())
    .addColumn("facets", "text", (c) => c.notNull())
    .execute();

  if (kind === "postgres") {
    // array_to_tsvector takes the terms as they are: no parser, no dictionary, no stop words, so
    // PostgreSQL holds exactly the tokens FTS5 holds on SQLite.
    await sql`alter table market_search_text add column tsv tsvector generated always as
      (array_to_tsvector(array_remove(string_to_array(document || facets, ' '), ''))) stored`.execute(db);
    await sql`create index market_search_text_tsv on market_search_text using gin (tsv)`.execute(db);
  } else {
    await sql`create virtual table market_search_fts using fts5(document, facets, content='market_search_text', content_rowid='id')`.execute(db);
    // The FTS table follows market_search_text, including rows removed by the cascade from markets.
    await sql`create trigger market_search_text_ai after insert on market_search_text begin
      insert into market_search_fts(rowid, document, facets) values (new.id, new.document, new.facets);
    end`.execute(db);
    await sql`create trigger market_search_text_ad after delete on market_search_text begin
      insert into market_search_fts(market_search_fts, rowid, document, facets) values ('delete', old.id, old.document, old.facets);
    end`.execute(db);
    await sql`create trigger market_search_text_au after update on market_search_text begin
      insert into market_search_fts(market_search_fts, rowid, document, facets) values ('delete', old.id, old.document, old.facets);
      insert into market_search_fts(rowid, document, facets) values (new.id, new.document, new.facets);
    end`.execute(db);
  }

  // Every indexed term with the number of markets that have it: the words a typo is corrected to.
  await db.schema
    .createTable("market_search_terms")
    .addColumn("term", "varchar(100)", (c) => c.primaryKey())
    .addColumn("doc_count", "integer", (c) => c.notNull())
    .execute();

  // Weekly opening hours of shops, one row per day and interval, copied from market_schedules so
  // that "open now" is a plain indexed comparison on both engines instead of reading JSON.
  await db.schema
    .createTable("market_search_hours")
    .addColumn("market_id", "varchar(36)", (c) => c.notNull().references("markets.id").onDelete("cascade"))
    // ISO weekday: 1 is Monday, 7 is Sunday.
    .addColumn("weekday", "integer", (c) => c.notNull())
    .addColumn("opens", "varchar(5)", (c) => c.notNull())
    .addColumn("closes", "varchar(5)", (c) => c.notNull())
    .addColumn("valid_from", "varchar(10)", (c) => c.notNull())
    .addColumn("valid_to", "varchar(10)")
    // Cancelled days as " YYYY-MM-DD YYYY-MM-DD ", empty when none.
    .addColumn("closed_dates", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema.createIndex("market_search_hours_market").on("market_search_hours").columns(["market_id", "weekday"]).execute();

  // The next scheduled occurrence of a market from a date, and whether one runs at a time, are
  // each one index seek with this (and never touch the table).
  await db.schema
    .createIndex("market_occurrences_upcoming")
    .on("market_occurrences")
    .columns(["market_id", "status", "end_date", "local_date", "start_time", "end_time"])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  const kind = dialectOf(db);
  await db.schema.dropIndex("market_occurrences_upcoming").execute();
  await db.schema.dropTable("market_search_hours").execute();
  await db.schema.dropTable("market_search_terms").execute();
  if (kind === "sqlite") {
    for (const trigger of ["market_search_text_ai", "market_search_text_ad", "market_search_text_au"]) {
      await sql`drop trigger ${sql.id(trigger)}`.execute(db);
    }
    await sql`drop table market_search_fts`.execute(db);
  }
  await db.schema.dropTable("market_search_text").execute();
  await db.schema.dropTable("market_search").execute();
}
