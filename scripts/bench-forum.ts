import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { sql, type Insertable } from "kysely";
import { discussionsOf } from "../app/forum/following/discussions.server";
import { unreadFollowedTopics } from "../app/forum/following/reading.server";
import { communityOverview } from "../app/forum/overview.server";
import { findTopic, topicPosts, topicsBefore } from "../app/forum/reads.server";
import type { ForumPostTable } from "../app/forum/schema";
import { rebuildForumSearchIndex } from "../app/forum/search/forum-index.server";
import { searchForum } from "../app/forum/search/forum-search.server";
import { renderPost } from "../app/forum/text/render-post.server";
import { openDatabase, type AppDatabase } from "../app/lib/db/database.server";
import { dialectOf, updatePlannerStatistics } from "../app/lib/db/dialect.server";
import { migrateToLatest } from "../db/migrations/migrate.server";
import { DEMO_TOPICS } from "../db/seed/forum-content";
import { benchDatabaseUrl } from "./bench-databases";

/**
 * The forum at scale (issue 33): `topics` topics holding `posts` posts on SQLite and PostgreSQL,
 * one of them 1,000 posts long, and a person who follows 200 topics. Server time p50/p95 of what
 * the pages' loaders ask the database: /community, the last page of the long topic,
 * /dashboard/community/discussions (with the header's count) and the forum's search. The
 * databases are kept (data/bench/forum-N.db, loppeguiden_bench_forum_N) for the next run.
 */

const CATEGORIES = ["generelt", "spoergsmaal-om-markeder", "saelgertips", "arrangoerer", "loppefund"];
const WRITERS = 500;
const LONG_TOPIC_POSTS = 1000;
const FOLLOWED = 200;
const BATCH = 500;

/** The demo forum's texts, rendered once: the posts are written from them. */
function textPool() {
  const texts = DEMO_TOPICS.flatMap((topic) => topic.posts.map(([, text]) => text.replaceAll("{marked}", "Markedet ved Havnen").replaceAll("{by}", "Vejle")));
  return texts.map((text) => ({ text, ...renderPost(text) }));
}

const count = async (database: AppDatabase, table: "forum_topics" | "forum_posts") =>
  Number(
    (
      await database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The writers, the topics and their posts, the long topic first; the figures the writes keep; the search index; the follower. */
async function seedForum(database: AppDatabase, topics: number, posts: number): Promise<string> {
  const db = database.db;
  const followerEmail = "foelger@bench.loppeguiden.invalid";
  const existing = await db.selectFrom("user").select("id").where("email", "=", followerEmail).executeTakeFirst();
  if (existing && (await count(database, "forum_posts")) >= posts) return existing.id;
  const postgres = dialectOf(db) === "postgres";
  const started = Date.now();
  const joined = new Date(started - 800 * 86_400_000).toISOString();
  const people = Array.from({ length: WRITERS + 1 }, (_, i) => ({
    id: randomUUID(),
    name: i === WRITERS ? "Følger Følgesen" : `Skribent ${i}`,
    email: i === WRITERS ? followerEmail : `skribent${i}@bench.loppeguiden.invalid`,
    emailVerified: postgres ? true : 1,
    image: null,
    createdAt: joined,
    updatedAt: joined,
  }));
  for (let i = 0; i < people.length; i += BATCH) {
    const batch = people.slice(i, i + BATCH);
    await db.insertInto("user").values(batch).execute();
    await db
      .insertInto("profiles")
      .values(batch.map((person) => ({ id: randomUUID(), auth_user_id: person.id, email: person.email, created_at: joined, updated_at: joined })))
      .execute();
  }
  const pool = textPool();
  // The long topic, then the rest shared evenly, oldest first, a topic every hour.
  const perTopic = Math.max(1, Math.floor((posts - LONG_TOPIC_POSTS) / (topics - 1)));
  const longer = Math.max(0, posts - LONG_TOPIC_POSTS - perTopic * (topics - 1));
  let written = 0;
  for (let first = 0; first < topics; first += 100) {
    await db.transaction().execute(async (trx) => {
      const rows: Insertable<ForumPostTable>[] = [];
      for (let t = first; t < Math.min(topics, first + 100); t++) {
        const length = t === 0 ? LONG_TOPIC_POSTS : perTopic + (t <= longer ? 1 : 0);
        const at = started - (topics - t) * 3_600_000;
        const demo = DEMO_TOPICS[t % DEMO_TOPICS.length]!;
        const { id: topicId } = await trx
          .insertInto("forum_topics")
          .values({
            category_slug: CATEGORIES[t % CATEGORIES.length]!,
            title: `${demo.title.replaceAll("{marked}", "Markedet ved Havnen")} (${t + 1})`.slice(0, 120),
            author_id: people[t % WRITERS]!.id,
            state: "published",
            created_at: new Date(at).toISOString(),
            last_posted_at: new Date(at).toISOString(),
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        for (let p = 0; p < length; p++) {
          const text = pool[(t * 7 + p) % pool.length]!;
          rows.push({
            topic_id: topicId,
            author_id: people[(t + p) % WRITERS]!.id,
            state: "published",
            body_markdown: text.text,
            body_html: text.html,
            body_hash: text.hash,
            link_count: text.linkCount,
            created_at: new Date(at + p * 60_000).toISOString(),
          });
        }
        written += length;
      }
      for (let i = 0; i < rows.length; i += BATCH)
        await trx
          .insertInto("forum_posts")
          .values(rows.slice(i, i + BATCH))
          .execute();
    });
  }
  await sql`update forum_topics set
    last_post_id = (select max(p.id) from forum_posts p where p.topic_id = forum_topics.id),
    last_posted_at = (select max(p.created_at) from forum_posts p where p.topic_id = forum_topics.id),
    reply_count = (select count(*) - 1 from forum_posts p where p.topic_id = forum_topics.id)`.execute(db);
  await rebuildForumSearchIndex(db);
  // The follower follows 200 topics spread over the forum and has read the first few posts of each.
  const followed = await db
    .selectFrom("forum_topics")
    .select("id")
    .where(sql<boolean>`id % ${Math.floor(topics / FOLLOWED)} = 0`)
    .limit(FOLLOWED)
    .execute();
  const follower = people[WRITERS]!.id;
  await db
    .insertInto("forum_topic_users")
    .values(
      await Promise.all(
        followed.map(async ({ id }) => {
          const read = await db.selectFrom("forum_posts").select("id").where("topic_id", "=", id).orderBy("id").limit(1).offset(3).executeTakeFirst();
          return { user_id: follower, topic_id: id, last_read_post_id: read?.id ?? 0, followed_at: joined };
        }),
      ),
    )
    .execute();
  console.log(`forum: ${topics.toLocaleString("da-DK")} emner og ${written.toLocaleString("da-DK")} indlæg lagt ind på ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return follower;
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;

export async function benchForum(topics: number, posts: number, root: string): Promise<string[][]> {
  const rows = [["database", "emner / indlæg", "side", "p50", "p95"]];
  for (const kind of ["sqlite", "postgres"] as const) {
    const database = openDatabase(await benchDatabaseUrl(kind, `forum-${posts}`, root));
    try {
      await migrateToLatest(database.db);
      console.log(`${kind}: forum med ${posts.toLocaleString("da-DK")} indlæg …`);
      const follower = await seedForum(database, topics, posts);
      await updatePlannerStatistics(database.db);
      const db = database.db;
      const long = await db.selectFrom("forum_topics").select("id").orderBy("id").limit(1).executeTakeFirstOrThrow();
      const lastPage = Math.ceil(LONG_TOPIC_POSTS / 20);
      const now = new Date();
      const pages: [string, () => Promise<unknown>][] = [
        ["/community", () => communityOverview(db, 1, now)],
        [
          `/community/topic/{1.000 indlæg}?side=${lastPage}`,
          async () => {
            const topic = await findTopic(db, long.id, null);
            return Promise.all([topicPosts(db, long.id, lastPage, null), topicsBefore(db, topic!.category.slug, long.id)]);
          },
        ],
        ["/dashboard/community/discussions (følger 200) + tallet i toppen", () => Promise.all([discussionsOf(db, follower, 1), unreadFollowedTopics(db, follower)])],
        ["søgning: loppemarked (almindeligt ord)", () => searchForum(db, "loppemarked", 1)],
        ["søgning: kontanter mobilepay", () => searchForum(db, "kontanter mobilepay", 1)],
        ["søgning: stavefejl (symaskiene)", () => searchForum(db, "symaskiene", 1)],
        ["søgning: loppemarked, side 10", () => searchForum(db, "loppemarked", 10)],
      ];
      const postCount = await count(database, "forum_posts");
      const topicCount = await count(database, "forum_topics");
      for (const [label, run] of pages) {
        for (let i = 0; i < 5; i++) await run();
        const times: number[] = [];
        for (let i = 0; i < 100; i++) {
          const started = performance.now();
          await run();
          times.push(performance.now() - started);
        }
        rows.push([
          kind,
          `${topicCount.toLocaleString("da-DK")} / ${postCount.toLocaleString("da-DK")}`,
          label,
          `${percentile(times, 50).toFixed(1)} ms`,
          `${percentile(times, 95).toFixed(1)} ms`,
        ]);
      }
    } finally {
      await database.close();
    }
  }
  return rows;
}
