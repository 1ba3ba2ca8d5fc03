import { sql, type Kysely } from "kysely";
import { dialectOf } from "../../app/lib/db/dialect.server";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's types
type AnyDb = Kysely<any>;

/**
 * Community, part 2:
 * - forum_topics.last_post_id: the newest published post, kept by the writes with the topic's
 *   other figures, so "is there something new since I read it" compares two numbers.
 * - forum_topic_users: per person and topic, the last post read (it only moves forward), since
 *   when they follow it, and when they last wrote in it. The discussions list and the header's
 *   count read nothing else of the person's.
 * - forum_search_text, forum_search_terms (and forum_search_fts on SQLite): the forum's Danish
 *   full-text index, built as the markets' is (0003): one document per published post, its id the
 *   post's, with the topic's title in the first post's, and the post's opening words for the results.
 * - Two small partial indexes for the lists: the pinned topics, and the blocked people (whose
 *   topics are subtracted from the counts rather than looked up topic by topic).
 */
export async function up(db: AnyDb): Promise<void> {
  const kind = dialectOf(db);

  await db.schema.alterTable("forum_topics").addColumn("last_post_id", "integer").execute();
  await sql`update forum_topics set last_post_id =
    (select max(p.id) from forum_posts p where p.topic_id = forum_topics.id and p.state = 'published')`.execute(db);

  await db.schema
    .createTable("forum_topic_users")
    .addColumn("user_id", "varchar(36)", (c) => c.notNull())
    .addColumn("topic_id", "integer", (c) => c.notNull().references("forum_topics.id").onDelete("cascade"))
    .addColumn("last_read_post_id", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("followed_at", "varchar(30)")
    .addColumn("posted_at", "varchar(30)")
    .addPrimaryKeyConstraint("forum_topic_users_pk", ["user_id", "topic_id"])
    .execute();
  await db.schema.createIndex("forum_topic_users_topic").on("forum_topic_users").column("topic_id").execute();
  // Who started or replied before there were read positions: they have read what they wrote.
  await sql`insert into forum_topic_users (user_id, topic_id, last_read_post_id, followed_at, posted_at)
    select p.author_id, p.topic_id, max(p.id), max(p.created_at), max(p.created_at)
    from forum_posts p where p.author_id is not null and p.state <> 'deleted'
    group by p.author_id, p.topic_id`.execute(db);

  await db.schema
    .createTable("forum_search_text")
    .addColumn("id", "integer", (c) => c.primaryKey().references("forum_posts.id").onDelete("cascade"))
    .addColumn("document", "text", (c) => c.notNull())
    .addColumn("excerpt", "varchar(400)", (c) => c.notNull())
    .execute();
  if (kind === "postgres") {
    await sql`alter table forum_search_text add column tsv tsvector generated always as
      (array_to_tsvector(array_remove(string_to_array(document, ' '), ''))) stored`.execute(db);
    await sql`create index forum_search_text_tsv on forum_search_text using gin (tsv)`.execute(db);
  } else {
    await sql`create virtual table forum_search_fts using fts5(document, content='forum_search_text', content_rowid='id')`.execute(db);
    await sql`create trigger forum_search_text_ai after insert on forum_search_text begin
      insert into forum_search_fts(rowid, document) values (new.id, new.document);
    end`.execute(db);
    await sql`create trigger forum_search_text_ad after delete on forum_search_text begin
      insert into forum_search_fts(forum_search_fts, rowid, document) values ('delete', old.id, old.document);
    end`.execute(db);
    await sql`create trigger forum_search_text_au after update on forum_search_text begin
      insert into forum_search_fts(forum_search_fts, rowid, document) values ('delete', old.id, old.document);
      insert into forum_search_fts(rowid, document) values (new.id, new.document);
    end`.execute(db);
  }
  await db.schema
    .createTable("forum_search_terms")
    .addColumn("term", "varchar(100)", (c) => c.primaryKey())
    .addColumn("doc_count", "integer", (c) => c.notNull())
    .execute();
  // The posts written before the index are indexed by the application at its start (forum/search).

  await sql`create index forum_topics_pinned on forum_topics (pinned_at) where pinned_at is not null`.execute(db);
  await sql`create index profiles_blocked on profiles (blocked_at) where blocked_at is not null`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex("profiles_blocked").execute();
  await db.schema.dropIndex("forum_topics_pinned").execute();
  if (dialectOf(db) === "sqlite") {
    for (const trigger of ["forum_search_text_ai", "forum_search_text_ad", "forum_search_text_au"]) await sql`drop trigger ${sql.id(trigger)}`.execute(db);
    await sql`drop table forum_search_fts`.execute(db);
  }
  await db.schema.dropTable("forum_search_terms").execute();
  await db.schema.dropTable("forum_search_text").execute();
  await db.schema.dropTable("forum_topic_users").execute();
  await db.schema.alterTable("forum_topics").dropColumn("last_post_id").execute();
}
