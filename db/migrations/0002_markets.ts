import type { Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's types
type AnyDb = Kysely<any>;

/** Markets, their schedules, the materialised occurrences, images and former slugs (foundations §5). */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("markets")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("slug", "varchar(200)", (c) => c.notNull().unique())
    .addColumn("name", "varchar(200)", (c) => c.notNull())
    // Danish sort key: æ, ø, å after z (see app/markets/sorting.ts).
    .addColumn("sort_name", "varchar(400)", (c) => c.notNull())
    .addColumn("type", "varchar(40)", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("venue_name", "varchar(200)")
    .addColumn("street", "varchar(200)")
    .addColumn("postal_code", "integer", (c) => c.notNull())
    .addColumn("city", "varchar(120)", (c) => c.notNull())
    .addColumn("municipality", "varchar(120)")
    .addColumn("latitude", "double precision")
    .addColumn("longitude", "double precision")
    .addColumn("setting", "varchar(10)")
    // Entry: 0 is free, a positive number is DKK, null with a text is "see text", both null unknown.
    .addColumn("entry_fee_dkk", "double precision")
    .addColumn("entry_fee_text", "varchar(200)")
    .addColumn("stall_price_text", "varchar(300)")
    .addColumn("booking_info", "text")
    .addColumn("stall_count", "integer")
    // JSON array of facility keys (app/markets/types.ts FACILITIES).
    .addColumn("facilities", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("website", "varchar(300)")
    .addColumn("email", "varchar(200)")
    .addColumn("phone", "varchar(40)")
    .addColumn("facebook", "varchar(300)")
    .addColumn("owner_id", "varchar(36)")
    .addColumn("status", "varchar(12)", (c) => c.notNull().defaultTo("draft"))
    .addColumn("featured_until", "varchar(32)")
    .addColumn("source", "varchar(10)", (c) => c.notNull().defaultTo("user"))
    .addColumn("last_confirmed_at", "varchar(32)")
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("markets_status_type").on("markets").columns(["status", "type"]).execute();
  await db.schema.createIndex("markets_postal_code").on("markets").column("postal_code").execute();
  await db.schema.createIndex("markets_sort_name").on("markets").column("sort_name").execute();
  await db.schema.createIndex("markets_lat_lng").on("markets").columns(["latitude", "longitude"]).execute();
  await db.schema.createIndex("markets_source_status").on("markets").columns(["source", "status"]).execute();
  await db.schema.createIndex("markets_created_at").on("markets").column("created_at").execute();
  await db.schema.createIndex("markets_name_postal").on("markets").columns(["name", "postal_code"]).execute();

  // Slugs a market had before it was renamed; they answer 301 to the current slug.
  await db.schema
    .createTable("market_slug_history")
    .addColumn("slug", "varchar(200)", (c) => c.primaryKey())
    .addColumn("market_id", "varchar(36)", (c) => c.notNull().references("markets.id").onDelete("cascade"))
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("market_schedules")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("market_id", "varchar(36)", (c) => c.notNull().references("markets.id").onDelete("cascade"))
    .addColumn("kind", "varchar(16)", (c) => c.notNull())
    .addColumn("start_date", "varchar(10)", (c) => c.notNull())
    .addColumn("end_date", "varchar(10)")
    .addColumn("rrule", "varchar(300)")
    .addColumn("start_time", "varchar(5)")
    .addColumn("end_time", "varchar(5)")
    .addColumn("duration_days", "integer", (c) => c.notNull().defaultTo(1))
    // JSON: OpeningHours for shops, CancelledDate[] for cancellations.
    .addColumn("opening_hours", "text")
    .addColumn("cancelled", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("market_schedules_market").on("market_schedules").column("market_id").execute();

  await db.schema
    .createTable("market_occurrences")
    .addColumn("market_id", "varchar(36)", (c) => c.notNull().references("markets.id").onDelete("cascade"))
    .addColumn("schedule_id", "varchar(36)", (c) => c.notNull().references("market_schedules.id").onDelete("cascade"))
    .addColumn("local_date", "varchar(10)", (c) => c.notNull())
    .addColumn("end_date", "varchar(10)", (c) => c.notNull())
    .addColumn("start_time", "varchar(5)", (c) => c.notNull())
    .addColumn("end_time", "varchar(5)", (c) => c.notNull())
    .addColumn("starts_at", "varchar(32)", (c) => c.notNull())
    .addColumn("ends_at", "varchar(32)", (c) => c.notNull())
    .addColumn("status", "varchar(10)", (c) => c.notNull().defaultTo("scheduled"))
    .addColumn("note", "varchar(300)")
    .addPrimaryKeyConstraint("market_occurrences_pk", ["schedule_id", "local_date"])
    .execute();
  await db.schema.createIndex("market_occurrences_date").on("market_occurrences").columns(["local_date", "market_id"]).execute();
  await db.schema.createIndex("market_occurrences_market").on("market_occurrences").columns(["market_id", "local_date"]).execute();

  await db.schema
    .createTable("market_images")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("market_id", "varchar(36)", (c) => c.notNull().references("markets.id").onDelete("cascade"))
    .addColumn("storage_key", "varchar(300)", (c) => c.notNull())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("alt", "varchar(300)", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("market_images_market").on("market_images").columns(["market_id", "position"]).execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ["market_images", "market_occurrences", "market_schedules", "market_slug_history", "markets"]) {
    await db.schema.dropTable(table).execute();
  }
}
