import { sql, type Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";
import { avatarImage } from "~/lib/images/avatar-url";
import { forumNameOf } from "./forum-name";
import { postPath, POSTS_PER_PAGE, TOPICS_PER_PAGE } from "./paths";
import type { PostState, TopicState } from "./schema";
import { postPlainText } from "./text/plain-text.server";
import { quoteMarkdown } from "./text/quote";
import type { CategoryView, PostView, TopicSummary, TopicView } from "./views";
import { FIRST_POST_ID } from "./first-post.server";

/*
 * What the forum's pages read. The public sees published topics whose author is not blocked; a
 * post is shown in its place whatever became of it, with a note where its text is not shown.
 */

/** A topic the public sees: published, its author not blocked (a blocked person's posts are hidden). */
export const publicTopic = sql<boolean>`t.state = 'published' and (pr.blocked_at is null)`;

export async function forumCategories(db: Kysely<Database>): Promise<CategoryView[]> {
  const [categories, counts] = await Promise.all([db.selectFrom("forum_categories").select(["slug", "name", "description"]).orderBy("position").execute(), publicTopicCounts(db)]);
  return categories.map((row) => ({ slug: row.slug, name: row.name, description: row.description, topicCount: counts.get(row.slug) ?? 0 }));
}

/**
 * How many topics the public sees, per category: the published ones counted off the category
 * index alone, less those of blocked people (a handful, found through their own partial index),
 * instead of looking up every topic's author. Keyed by category slug, and "" for the whole forum.
 */
async function publicTopicCounts(db: Kysely<Database>): Promise<Map<string, number>> {
  const [published, blocked] = await Promise.all([
    db
      .selectFrom("forum_topics")
      .select(["category_slug", sql<number>`count(*)`.as("n")])
      .where("state", "=", "published")
      .groupBy("category_slug")
      .execute(),
    db
      .selectFrom("profiles as pr")
      .innerJoin("forum_topics as t", "t.author_id", "pr.auth_user_id")
      .select(["t.category_slug", sql<number>`count(*)`.as("n")])
      .where("pr.blocked_at", "is not", null)
      .where("t.state", "=", "published")
      .groupBy("t.category_slug")
      .execute(),
  ]);
  const counts = new Map<string, number>();
  for (const row of published) counts.set(row.category_slug, Number(row.n));
  for (const row of blocked) counts.set(row.category_slug, (counts.get(row.category_slug) ?? 0) - Number(row.n));
  counts.set(
    "",
    [...counts.values()].reduce((sum, n) => sum + n, 0),
  );
  return counts;
}

export async function findCategory(db: Kysely<Database>, slug: string): Promise<{ slug: string; name: string; description: string } | null> {
  return (await db.selectFrom("forum_categories").select(["slug", "name", "description"]).where("slug", "=", slug).executeTakeFirst()) ?? null;
}

export function topicsQuery(db: Kysely<Database>) {
  return db
    .selectFrom("forum_topics as t")
    .innerJoin("forum_categories as c", "c.slug", "t.category_slug")
    .leftJoin("user as u", "u.id", "t.author_id")
    .leftJoin("profiles as pr", "pr.auth_user_id", "t.author_id")
    .leftJoin("markets as m", "m.id", "t.market_id");
}

export type SummaryRow = {
  id: number;
  title: string;
  category_slug: string;
  category_name: string;
  account_name: string | null;
  forum_name: string | null;
  created_at: string;
  last_posted_at: string;
  reply_count: number;
  pinned_at: string | null;
  locked_at: string | null;
  market_name: string | null;
  source: string;
};

export const SUMMARY_COLUMNS = [
  "t.id",
  "t.title",
  "t.category_slug",
  "c.name as category_name",
  "u.name as account_name",
  "pr.forum_name",
  "t.created_at",
  "t.last_posted_at",
  "t.reply_count",
  "t.pinned_at",
  "t.locked_at",
  "m.name as market_name",
  "t.source",
] as const;

export function toSummary(row: SummaryRow): TopicSummary {
  return {
    id: row.id,
    title: row.title,
    categorySlug: row.category_slug,
    categoryName: row.category_name,
    authorName: forumNameOf({ forumName: row.forum_name, accountName: row.account_name }),
    createdAt: row.created_at,
    lastPostedAt: row.last_posted_at,
    replyCount: Number(row.reply_count),
    pinned: Boolean(row.pinned_at),
    locked: Boolean(row.locked_at),
    marketName: row.market_name,
    demo: row.source === "demo",
  };
}

export interface TopicListPage {
  topics: TopicSummary[];
  total: number;
  pages: number;
}

/**
 * The topics with the newest activity first, in the whole forum or one category, pinned ones
 * first. Read as two lists, each off its own index: the pinned topics (a few), then the others by
 * activity from where the page starts, so a page reads its 20 topics and not the whole forum.
 */
export async function latestTopics(db: Kysely<Database>, { category, page }: { category?: string; page: number }): Promise<TopicListPage> {
  let list = topicsQuery(db).where(publicTopic);
  if (category) list = list.where("t.category_slug", "=", category);
  const [pinned, counts] = await Promise.all([
    list.where("t.pinned_at", "is not", null).select(SUMMARY_COLUMNS).orderBy("t.last_posted_at", "desc").orderBy("t.id", "desc").execute(),
    publicTopicCounts(db),
  ]);
  const start = (page - 1) * TOPICS_PER_PAGE;
  const pinnedHere = pinned.slice(start, start + TOPICS_PER_PAGE);
  const rest =
    pinnedHere.length < TOPICS_PER_PAGE
      ? await list
          .where("t.pinned_at", "is", null)
          .select(SUMMARY_COLUMNS)
          .orderBy("t.last_posted_at", "desc")
          .orderBy("t.id", "desc")
          .limit(TOPICS_PER_PAGE - pinnedHere.length)
          .offset(Math.max(0, start - pinned.length))
          .execute()
      : [];
  const total = counts.get(category ?? "") ?? 0;
  return { topics: [...pinnedHere, ...rest].map(toSummary), total, pages: Math.max(1, Math.ceil(total / TOPICS_PER_PAGE)) };
}

/** The topics with the most replies among those written in during the last 30 days. */
export async function mostActiveTopics(db: Kysely<Database>, { now = new Date(), limit = 5 }: { now?: Date; limit?: number } = {}): Promise<TopicSummary[]> {
  const since = new Date(now.getTime() - 30 * 24 * 3600 * 1000).toISOString();
  const rows = await topicsQuery(db)
    .where(publicTopic)
    .where("t.last_posted_at", ">", since)
    .where("t.reply_count", ">", 0)
    .select(SUMMARY_COLUMNS)
    .orderBy("t.reply_count", "desc")
    .orderBy("t.last_posted_at", "desc")
    .limit(limit)
    .execute();
  return rows.map(toSummary);
}

/** How many topics about a market its page lists under "Snak om markedet". */
const MARKET_TOPICS = 5;

/**
 * The topics about a market, newest activity first: its page's "Snak om markedet". A change to any
 * of them forgets the market's page (forum-pages.server.ts).
 */
export async function topicsAboutMarket(db: Kysely<Database>, marketId: string): Promise<TopicSummary[]> {
  const rows = await topicsQuery(db)
    .where(publicTopic)
    .where("t.market_id", "=", marketId)
    .select(SUMMARY_COLUMNS)
    .orderBy("t.last_posted_at", "desc")
    .orderBy("t.id", "desc")
    .limit(MARKET_TOPICS)
    .execute();
  return rows.map(toSummary);
}

/** How many earlier topics of its category a topic's page lists. */
export const TOPICS_BEFORE = 5;

/**
 * The topics of a category started just before this one, newest first: "Flere emner i …" under a
 * topic. Earlier topics, so that a new topic changes no other topic's page (forum-pages.server.ts).
 */
export async function topicsBefore(db: Kysely<Database>, categorySlug: string, topicId: number): Promise<TopicSummary[]> {
  const rows = await topicsQuery(db)
    .where(publicTopic)
    .where("t.category_slug", "=", categorySlug)
    .where("t.id", "<", topicId)
    .select(SUMMARY_COLUMNS)
    .orderBy("t.id", "desc")
    .limit(TOPICS_BEFORE)
    .execute();
  return rows.map(toSummary);
}

/** The topics a person started, newest first, whatever became of them: /dashboard/community. */
export async function topicsStartedBy(db: Kysely<Database>, userId: string): Promise<(TopicSummary & { state: TopicState })[]> {
  const rows = await topicsQuery(db)
    .where("t.author_id", "=", userId)
    .select([...SUMMARY_COLUMNS, "t.state"])
    .orderBy("t.created_at", "desc")
    .limit(200)
    .execute();
  return rows.map((row) => ({ ...toSummary(row), state: row.state }));
}

/** Who reads a topic: a visitor (null), or a person who also sees their own waiting posts, or an admin who sees everything. */
export interface Reader {
  id: string;
  seesEverything: boolean;
}

export async function findTopic(db: Kysely<Database>, topicId: number, reader: Reader | null): Promise<TopicView | null> {
  const row = await topicsQuery(db)
    .leftJoin("market_search as ms", "ms.market_id", "t.market_id")
    .select([...SUMMARY_COLUMNS, "t.state", "t.author_id", "pr.blocked_at", "m.slug as market_slug", "m.type as market_type", "m.city as market_town", "ms.next_date"])
    .select((eb) => eb.selectFrom("forum_posts as f").select("f.body_html").whereRef("f.topic_id", "=", "t.id").orderBy("f.id").limit(1).as("opening_html"))
    .select((eb) =>
      eb
        .selectFrom("forum_posts as f")
        .select(sql<number>`min(f.id)`.as("first"))
        .whereRef("f.topic_id", "=", "t.id")
        .as("first_post_id"),
    )
    .where("t.id", "=", topicId)
    .executeTakeFirst();
  if (!row) return null;
  const publicNow = row.state === "published" && !row.blocked_at;
  const ownWaiting = reader !== null && row.state === "waiting" && row.author_id === reader.id;
  if (!publicNow && !ownWaiting && !reader?.seesEverything) return null;
  const summary = toSummary(row);
  return {
    id: summary.id,
    title: summary.title,
    category: { slug: summary.categorySlug, name: summary.categoryName },
    state: row.state,
    createdAt: summary.createdAt,
    lastPostedAt: summary.lastPostedAt,
    locked: summary.locked,
    pinned: summary.pinned,
    authorName: summary.authorName,
    market:
      row.market_slug && row.market_name
        ? {
            slug: row.market_slug,
            name: row.market_name,
            type: row.market_type ?? "",
            town: row.market_town ?? "",
            nextDate: row.next_date && row.next_date < "9999" ? row.next_date : null,
          }
        : null,
    opening: postPlainText(row.opening_html ?? "", 300),
    replyCount: summary.replyCount,
    demo: summary.demo,
    firstPostId: Number(row.first_post_id),
  };
}

export interface TopicPosts {
  posts: PostView[];
  /** Posts the reader sees in the topic, and the pages they fill. */
  total: number;
  pages: number;
}

/**
 * One page of a topic's posts, oldest first. Waiting posts are shown to their author (and the
 * admins) only; every other post keeps its place, with its text only when it is published.
 */
export async function topicPosts(db: Kysely<Database>, topicId: number, page: number, reader: Reader | null): Promise<TopicPosts> {
  let list = db
    .selectFrom("forum_posts as p")
    .leftJoin("user as u", "u.id", "p.author_id")
    .leftJoin("profiles as pr", "pr.auth_user_id", "p.author_id")
    .where("p.topic_id", "=", topicId);
  if (!reader?.seesEverything) {
    list = reader ? list.where((eb) => eb.or([eb("p.state", "!=", "waiting"), eb("p.author_id", "=", reader.id)])) : list.where("p.state", "!=", "waiting");
  }
  const [rows, count] = await Promise.all([
    list
      .select([
        "p.id",
        "p.author_id",
        "p.state",
        "p.body_html",
        "p.body_markdown",
        "p.created_at",
        "p.edited_at",
        "p.source",
        "u.name as account_name",
        "pr.forum_name",
        "pr.avatar_url",
        "pr.blocked_at",
      ])
      .orderBy("p.id")
      .limit(POSTS_PER_PAGE)
      .offset((page - 1) * POSTS_PER_PAGE)
      .execute(),
    list.select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.n);
  const posts = rows.map((row): PostView => {
    const name = forumNameOf({ forumName: row.forum_name, accountName: row.account_name });
    const state: PostView["state"] = row.blocked_at && (row.state === "published" || row.state === "waiting") ? "blocked" : row.state;
    const own = reader !== null && row.author_id === reader.id;
    const shown = state === "published" || (state === "waiting" && (own || Boolean(reader?.seesEverything))) || (Boolean(reader?.seesEverything) && state !== "deleted");
    return {
      id: row.id,
      author: { name, avatar: row.account_name === null ? null : avatarImage(row.avatar_url), demo: row.source === "demo" },
      createdAt: row.created_at,
      editedAt: row.edited_at,
      state,
      html: shown ? row.body_html : null,
      quote: state === "published" ? quoteMarkdown(name, row.body_markdown) : null,
      own,
    };
  });
  return { posts, total, pages: Math.max(1, Math.ceil(total / POSTS_PER_PAGE)) };
}

/**
 * Where a post stands for this reader: the page of its topic that shows it, at its anchor; null when
 * the reader may not see it. Counted when asked (/community/indlaeg/{id}), so the lists that link to
 * posts (the search, the discussions) need not count a position for every post they show.
 */
export async function postPlace(db: Kysely<Database>, postId: number, reader: Reader | null): Promise<string | null> {
  const post = await db.selectFrom("forum_posts").select(["topic_id", "state", "author_id"]).where("id", "=", postId).executeTakeFirst();
  if (!post) return null;
  const seesWaiting = (authorId: string | null) => Boolean(reader?.seesEverything) || (reader !== null && authorId === reader.id);
  if (post.state === "waiting" && !seesWaiting(post.author_id)) return null;
  if (!(await findTopic(db, post.topic_id, reader))) return null;
  let before = db
    .selectFrom("forum_posts")
    .select(sql<number>`count(*)`.as("n"))
    .where("topic_id", "=", post.topic_id)
    .where("id", "<", postId);
  // The same posts the topic's pages show this reader (topicPosts).
  if (!reader?.seesEverything)
    before = reader ? before.where((eb) => eb.or([eb("state", "!=", "waiting"), eb("author_id", "=", reader.id)])) : before.where("state", "!=", "waiting");
  const { n } = await before.executeTakeFirstOrThrow();
  return postPath(post.topic_id, Number(n), postId);
}

export interface ForumPostForEdit {
  id: number;
  authorId: string | null;
  state: PostState;
  markdown: string;
  topicId: number;
  topicTitle: string;
  isFirst: boolean;
}

/** A post as its author edits it (or an admin looks at it), with its topic's title. */
export async function findPostForEdit(db: Kysely<Database>, postId: number): Promise<ForumPostForEdit | null> {
  const row = await db
    .selectFrom("forum_posts as p")
    .innerJoin("forum_topics as t", "t.id", "p.topic_id")
    .select(["p.id", "p.author_id", "p.state", "p.body_markdown", "p.topic_id", "t.title", FIRST_POST_ID])
    .where("p.id", "=", postId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    authorId: row.author_id,
    state: row.state,
    markdown: row.body_markdown,
    topicId: row.topic_id,
    topicTitle: row.title,
    isFirst: Number(row.first_id) === row.id,
  };
}

/** "Citér" without JavaScript (?citer={postId}): the quote of a published post of this topic, or null. */
export async function quoteOfPost(db: Kysely<Database>, topicId: number, postId: number): Promise<string | null> {
  const row = await db
    .selectFrom("forum_posts as p")
    .leftJoin("user as u", "u.id", "p.author_id")
    .leftJoin("profiles as pr", "pr.auth_user_id", "p.author_id")
    .select(["p.body_markdown", "u.name as account_name", "pr.forum_name", "pr.blocked_at"])
    .where("p.id", "=", postId)
    .where("p.topic_id", "=", topicId)
    .where("p.state", "=", "published")
    .executeTakeFirst();
  if (!row || row.blocked_at) return null;
  return quoteMarkdown(forumNameOf({ forumName: row.forum_name, accountName: row.account_name }), row.body_markdown);
}
