import { sql, type Kysely } from "kysely";
import { dialectOf } from "../../app/lib/db/dialect.server";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's types
type AnyDb = Kysely<any>;

/** The forum's categories as the site starts with them; an admin moves topics between them. */
const CATEGORIES = [
  { slug: "generelt", name: "Generelt", description: "Alt om loppemarkeder, genbrug og handel, der ikke passer andre steder.", position: 1 },
  { slug: "spoergsmaal-om-markeder", name: "Spørgsmål om markeder", description: "Åbningstider, stadepladser, parkering og alt det andet, du vil vide før et besøg.", position: 2 },
  { slug: "saelgertips", name: "Sælgertips", description: "Prissætning, opstilling, vejrlig og gode råd til dig, der står bag bordet.", position: 3 },
  { slug: "arrangoerer", name: "Arrangører", description: "For dig, der arrangerer markeder: tilladelser, annoncering, stadeleje og erfaringer.", position: 4 },
  { slug: "loppefund", name: "Loppefund", description: "Vis og fortæl om dine bedste fund, og få hjælp til at finde ud af, hvad du har købt.", position: 5 },
];

/**
 * The forum (issue 32):
 * - forum_categories: a topic's place, found by its slug (/community/kategori/{slug}).
 * - forum_topics: a numbered discussion (/community/topic/{id}), maybe about a market. Its list
 *   figures (replies, last post) are kept by the writes, so a list reads one row per topic. `state`
 *   says whether the public sees it: published, waiting (its first post waits for an admin) or hidden.
 * - forum_posts: the text as written (Markdown) and as shown (HTML, rendered and cleaned once, when
 *   written). `state`: published, waiting, hidden (by an admin) or deleted (by its author or an
 *   admin: the text is gone, the place stays).
 * - forum_reports: "Anmeld": one open report per post and person.
 * - profiles.forum_name: the name the forum shows (null: the first name). profiles.source: "demo"
 *   for the demo accounts that write the demo forum; they have no password and cannot sign in.
 * Authors are user ids without foreign keys: an account's deletion sets them to null, and the post
 * stays, as "Slettet bruger".
 */
export async function up(db: AnyDb): Promise<void> {
  const kind = dialectOf(db);
  const serial = kind === "postgres" ? "serial" : "integer";

  await db.schema
    .createTable("forum_categories")
    .addColumn("slug", "varchar(60)", (c) => c.primaryKey())
    .addColumn("name", "varchar(80)", (c) => c.notNull())
    .addColumn("description", "varchar(300)", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .execute();
  await db.insertInto("forum_categories").values(CATEGORIES).execute();

  await db.schema
    .createTable("forum_topics")
    .addColumn("id", serial, (c) => c.primaryKey())
    .addColumn("category_slug", "varchar(60)", (c) => c.notNull().references("forum_categories.slug"))
    .addColumn("title", "varchar(200)", (c) => c.notNull())
    .addColumn("author_id", "varchar(36)")
    .addColumn("market_id", "varchar(36)", (c) => c.references("markets.id").onDelete("set null"))
    .addColumn("source", "varchar(10)", (c) => c.notNull().defaultTo("user"))
    .addColumn("state", "varchar(10)", (c) => c.notNull())
    .addColumn("created_at", "varchar(30)", (c) => c.notNull())
    .addColumn("last_posted_at", "varchar(30)", (c) => c.notNull())
    .addColumn("reply_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("locked_at", "varchar(30)")
    .addColumn("pinned_at", "varchar(30)")
    .execute();
  // The lists: newest activity first, in all or one category; "most active" by replies; mine.
  await sql`create index forum_topics_activity on forum_topics (state, last_posted_at, id)`.execute(db);
  await sql`create index forum_topics_category on forum_topics (category_slug, state, last_posted_at, id)`.execute(db);
  await sql`create index forum_topics_replies on forum_topics (state, reply_count, last_posted_at)`.execute(db);
  await sql`create index forum_topics_author on forum_topics (author_id, created_at)`.execute(db);
  await sql`create index forum_topics_market on forum_topics (market_id)`.execute(db);

  await db.schema
    .createTable("forum_posts")
    .addColumn("id", serial, (c) => c.primaryKey())
    .addColumn("topic_id", "integer", (c) => c.notNull().references("forum_topics.id").onDelete("cascade"))
    .addColumn("author_id", "varchar(36)")
    .addColumn("source", "varchar(10)", (c) => c.notNull().defaultTo("user"))
    .addColumn("state", "varchar(10)", (c) => c.notNull())
    .addColumn("body_markdown", "text", (c) => c.notNull())
    .addColumn("body_html", "text", (c) => c.notNull())
    // The text's fingerprint: the same text twice within minutes is refused.
    .addColumn("body_hash", "varchar(64)", (c) => c.notNull())
    .addColumn("link_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "varchar(30)", (c) => c.notNull())
    .addColumn("edited_at", "varchar(30)")
    .addColumn("moderated_at", "varchar(30)")
    .addColumn("moderation_reason", "varchar(1000)")
    .execute();
  await sql`create index forum_posts_topic on forum_posts (topic_id, id)`.execute(db);
  // The limits read a person's recent posts; the admin queue the waiting ones.
  await sql`create index forum_posts_author on forum_posts (author_id, created_at)`.execute(db);
  await sql`create index forum_posts_state on forum_posts (state, created_at)`.execute(db);

  await db.schema
    .createTable("forum_reports")
    .addColumn("id", "varchar(36)", (c) => c.primaryKey())
    .addColumn("post_id", "integer", (c) => c.notNull().references("forum_posts.id").onDelete("cascade"))
    .addColumn("reporter_id", "varchar(36)")
    .addColumn("reason", "varchar(20)", (c) => c.notNull())
    .addColumn("text", "varchar(1000)", (c) => c.notNull())
    .addColumn("created_at", "varchar(30)", (c) => c.notNull())
    .addColumn("resolved_at", "varchar(30)")
    .addColumn("resolved_by", "varchar(36)")
    .execute();
  await sql`create index forum_reports_open on forum_reports (resolved_at, created_at)`.execute(db);
  // One open report per post and person: a second "Anmeld" adds nothing to the queue.
  await sql`create unique index forum_reports_one_open on forum_reports (post_id, reporter_id) where resolved_at is null`.execute(db);

  await db.schema.alterTable("profiles").addColumn("forum_name", "varchar(60)").execute();
  await db.schema
    .alterTable("profiles")
    .addColumn("source", "varchar(10)", (c) => c.notNull().defaultTo("user"))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable("profiles").dropColumn("source").execute();
  await db.schema.alterTable("profiles").dropColumn("forum_name").execute();
  await db.schema.dropTable("forum_reports").execute();
  await db.schema.dropTable("forum_posts").execute();
  await db.schema.dropTable("forum_topics").execute();
  await db.schema.dropTable("forum_categories").execute();
}
