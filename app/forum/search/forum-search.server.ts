import { sql, type Kysely } from "kysely";
import { dialectOf } from "~/lib/db/dialect.server";
import type { Database } from "~/lib/db/schema";
import { fullTextDocuments } from "~/search/full-text.server";
import { prepareTextQuery, textGroups } from "~/search/text-query.server";
import { forumNameOf } from "../forum-name";
import { postLinkPath } from "../paths";
import { FORUM_TEXT_INDEX } from "./forum-index.server";

/**
 * Results a page of the forum's search shows, and how many it counts at most ("over 200"): ten
 * pages, more than anyone reads before adding a word, and a count that stays a page's work.
 */
export const RESULTS_PER_PAGE = 20;
export const MAX_COUNTED = 200;

export interface ForumSearchResult {
  postId: number;
  topicId: number;
  topicTitle: string;
  categoryName: string;
  authorName: string;
  createdAt: string;
  excerpt: string;
  /** The post's lasting address, which leads to the page of its topic that shows it. */
  path: string;
}

export interface ForumSearchPage {
  results: ForumSearchResult[];
  /** Matches counted up to MAX_COUNTED; `more` when there are more than that. */
  total: number;
  more: boolean;
  pages: number;
}

const EMPTY: ForumSearchPage = { results: [], total: 0, more: false, pages: 1 };

/**
 * The posts the public may read that hold every word searched for, newest first, with the site's
 * Danish search (decision 0005: folding, stemming, one typo, the same rows on both databases). A
 * forum is read for what people say now; the newest post is the likeliest answer, and the order
 * needs no score both engines must compute alike, and it lets the engines stop after a page.
 */
export async function searchForum(db: Kysely<Database>, text: string, page: number): Promise<ForumSearchPage> {
  const query = await prepareTextQuery(db, FORUM_TEXT_INDEX, text);
  if (!query) return EMPTY;
  const source = fullTextDocuments(dialectOf(db), FORUM_TEXT_INDEX, textGroups(query));
  // What the public may read of a match: a published post in a published topic, neither author blocked.
  const from = sql`${source.from}
    join forum_posts p on p.id = ${source.id}
    join forum_topics t on t.id = p.topic_id
    left join profiles pa on pa.auth_user_id = p.author_id
    left join profiles ta on ta.auth_user_id = t.author_id`;
  const where = sql`${source.matches} and p.state = 'published' and t.state = 'published' and pa.blocked_at is null and ta.blocked_at is null`;
  // The page's ids first, then what is shown of those 20: one query joining everything costs
  // PostgreSQL more to plan than to run.
  const [pageIds, counted] = await Promise.all([
    sql<{ id: number }>`select p.id from ${from} where ${where}
      order by ${source.id} desc limit ${RESULTS_PER_PAGE} offset ${(page - 1) * RESULTS_PER_PAGE}`.execute(db),
    sql<{ n: number | string }>`select count(*) as n from (select 1 from ${from} where ${where} limit ${MAX_COUNTED + 1}) m`.execute(db),
  ]);
  const ids = pageIds.rows.map((row) => Number(row.id));
  const shown = ids.length
    ? await db
        .selectFrom("forum_posts as p")
        .innerJoin("forum_topics as t", "t.id", "p.topic_id")
        .innerJoin("forum_categories as c", "c.slug", "t.category_slug")
        .innerJoin("forum_search_text as s", "s.id", "p.id")
        .leftJoin("user as u", "u.id", "p.author_id")
        .leftJoin("profiles as pa", "pa.auth_user_id", "p.author_id")
        .select(["p.id", "p.topic_id", "p.created_at", "t.title", "c.name as category_name", "u.name as account_name", "pa.forum_name", "s.excerpt"])
        .where("p.id", "in", ids)
        .execute()
    : [];
  const byId = new Map(shown.map((row) => [row.id, row]));
  const rows = ids.flatMap((id) => byId.get(id) ?? []);
  const found = Number(counted.rows[0]?.n ?? 0);
  const total = Math.min(found, MAX_COUNTED);
  return {
    results: rows.map((row) => ({
      postId: row.id,
      topicId: row.topic_id,
      topicTitle: row.title,
      categoryName: row.category_name,
      authorName: forumNameOf({ forumName: row.forum_name, accountName: row.account_name }),
      createdAt: row.created_at,
      excerpt: row.excerpt,
      path: postLinkPath(row.id),
    })),
    total,
    more: found > MAX_COUNTED,
    pages: Math.max(1, Math.ceil(total / RESULTS_PER_PAGE)),
  };
}
