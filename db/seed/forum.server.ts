import { randomUUID } from "node:crypto";
import { sql, type Insertable, type Kysely } from "kysely";
import type { ForumPostTable } from "../../app/forum/schema";
import { rebuildForumSearchIndex } from "../../app/forum/search/forum-index.server";
import { renderPost } from "../../app/forum/text/render-post.server";
import { dialectOf } from "../../app/lib/db/dialect.server";
import type { Database } from "../../app/lib/db/schema";
import { DEMO_PERSONAS, DEMO_TOPICS } from "./forum-content";

/**
 * The demo forum (forum-content.ts): its people as accounts without a password (no `account` row,
 * so nobody can sign in as them; their addresses are at a domain that does not exist) marked
 * source "demo" like the demo markets, and their topics spread over the last two months. Reset
 * (`npm run db:seed -- --reset`) removes the demo topics and accounts and nothing else.
 */

const DEMO_DOMAIN = "demo.loppeguiden.invalid";
const DAY = 24 * 3600 * 1000;
/** The oldest topic is this many days old; the newest a few hours. */
const SPREAD_DAYS = 60;

export interface DemoForumResult {
  topics: number;
  posts: number;
  accounts: number;
}

/** Demo markets to write about: published ones, picked the same way every time. */
async function marketsToTalkAbout(db: Kysely<Database>, count: number): Promise<{ id: string; name: string; city: string }[]> {
  const markets = await db.selectFrom("markets").select(["id", "name", "city"]).where("source", "=", "demo").where("status", "=", "published").orderBy("slug").limit(400).execute();
  if (markets.length === 0) return [];
  const step = Math.max(1, Math.floor(markets.length / count));
  return Array.from({ length: count }, (_, i) => markets[(i * step) % markets.length]!);
}

function fill(text: string, market: { name: string; city: string } | null): string {
  return market ? text.replaceAll("{marked}", market.name).replaceAll("{by}", market.city) : text;
}

export async function seedDemoForum(db: Kysely<Database>, { now = new Date() }: { now?: Date } = {}): Promise<DemoForumResult> {
  const postgres = dialectOf(db) === "postgres";
  const aboutMarkets = DEMO_TOPICS.filter((topic) => topic.aboutMarket).length;
  const markets = await marketsToTalkAbout(db, aboutMarkets);
  const joined = new Date(now.getTime() - 400 * DAY).toISOString();
  const people = DEMO_PERSONAS.map((persona) => ({ ...persona, id: randomUUID() }));
  let posts = 0;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("user")
      .values(
        people.map((person) => ({
          id: person.id,
          name: person.name,
          email: `${person.handle}@${DEMO_DOMAIN}`,
          emailVerified: postgres ? true : 1,
          image: null,
          createdAt: joined,
          updatedAt: joined,
        })),
      )
      .execute();
    await trx
      .insertInto("profiles")
      .values(
        people.map((person) => ({
          id: randomUUID(),
          auth_user_id: person.id,
          email: `${person.handle}@${DEMO_DOMAIN}`,
          created_at: joined,
          updated_at: joined,
          forum_name: person.forumName,
          source: "demo",
        })),
      )
      .execute();

    let marketIndex = 0;
    for (const [index, topic] of DEMO_TOPICS.entries()) {
      const market = topic.aboutMarket ? (markets[marketIndex++] ?? null) : null;
      if (topic.aboutMarket && !market) continue;
      // Oldest first, a couple of days apart; the replies follow within hours.
      const started = now.getTime() - SPREAD_DAYS * DAY + (index * (SPREAD_DAYS - 1) * DAY) / DEMO_TOPICS.length;
      const times = topic.posts.map((_, i) =>
        new Date(Math.min(started + i * (3 * 3600 * 1000 + (index % 5) * 600_000), now.getTime() - (topic.posts.length - i) * 60_000)).toISOString(),
      );
      const { id: topicId } = await trx
        .insertInto("forum_topics")
        .values({
          category_slug: topic.category,
          title: fill(topic.title, market).slice(0, 120),
          author_id: people[topic.posts[0]![0]]!.id,
          market_id: market?.id ?? null,
          source: "demo",
          state: "published",
          created_at: times[0]!,
          last_posted_at: times[times.length - 1]!,
          reply_count: topic.posts.length - 1,
          pinned_at: topic.pinned ? times[0]! : null,
          locked_at: topic.locked ? times[times.length - 1]! : null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const rows: Insertable<ForumPostTable>[] = topic.posts.map(([who, text], i) => postRow(topicId, people[who]!.id, fill(text, market), times[i]!));
      await trx.insertInto("forum_posts").values(rows).execute();
      posts += rows.length;
    }
  });
  await sql`update forum_topics set last_post_id =
    (select max(p.id) from forum_posts p where p.topic_id = forum_topics.id and p.state = 'published') where source = 'demo'`.execute(db);
  await rebuildForumSearchIndex(db);
  const topics = await db
    .selectFrom("forum_topics")
    .select(sql<number>`count(*)`.as("n"))
    .where("source", "=", "demo")
    .executeTakeFirstOrThrow();
  return { topics: Number(topics.n), posts, accounts: people.length };
}

function postRow(topicId: number, authorId: string, text: string, at: string): Insertable<ForumPostTable> {
  const rendered = renderPost(text);
  return {
    topic_id: topicId,
    author_id: authorId,
    source: "demo",
    state: "published",
    body_markdown: text,
    body_html: rendered.html,
    body_hash: rendered.hash,
    link_count: rendered.linkCount,
    created_at: at,
  };
}

/**
 * The demo topics (their posts and reports go with them) and the demo accounts. A real person's
 * reply inside a demo topic goes with the topic; their own topics stay.
 */
export async function deleteDemoForum(db: Kysely<Database>): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const deleted = await trx.deleteFrom("forum_topics").where("source", "=", "demo").executeTakeFirst();
    const demoPeople = trx.selectFrom("profiles").select("auth_user_id").where("source", "=", "demo");
    // A demo account's posts in a real person's topic stay, as a deleted account's do.
    await trx.updateTable("forum_posts").set({ author_id: null }).where("author_id", "in", demoPeople).execute();
    await trx.deleteFrom("user").where("id", "in", demoPeople).execute();
    return Number(deleted.numDeletedRows);
  });
}
