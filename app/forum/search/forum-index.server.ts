import type { Kysely } from "kysely";
import { clipAtWord } from "~/lib/meta";
import type { Database } from "~/lib/db/schema";
import { documentTerms, padded } from "~/search/document-terms";
import type { TextIndex } from "~/search/full-text.server";
import { indexTerms } from "~/search/normalize";
import { updateVocabulary } from "~/search/vocabulary.server";
import { postPlainText } from "../text/plain-text.server";
import { FIRST_POST_ID } from "../first-post.server";

/**
 * The forum's Danish full-text index (0018): one document per published post, under the post's id,
 * built from what a reader sees of it; the first post's also holds the topic's title, so a search
 * for a title finds the topic where it starts. What else the public may see of a match (its topic,
 * its author not blocked) is checked when searching (forum-search.server.ts).
 */
export const FORUM_TEXT_INDEX: TextIndex = { text: "forum_search_text", fts: "forum_search_fts", terms: "forum_search_terms" };

/** How much of a post a search result shows. */
const EXCERPT_LENGTH = 240;

/** Posts read and written per statement while indexing many. */
const BATCH = 500;

/**
 * Indexes these posts again as they are now: a published post is (re)written, any other (waiting,
 * hidden, deleted, gone) leaves the index. Every write of a post's text or state calls it in its
 * transaction, so the index never shows what the public may not read.
 */
export async function indexForumPosts(db: Kysely<Database>, postIds: readonly number[]): Promise<void> {
  const ids = [...new Set(postIds)];
  for (let i = 0; i < ids.length; i += BATCH) await indexBatch(db, ids.slice(i, i + BATCH));
}

async function indexBatch(db: Kysely<Database>, ids: number[]): Promise<void> {
  const [posts, previous] = await Promise.all([
    db
      .selectFrom("forum_posts as p")
      .innerJoin("forum_topics as t", "t.id", "p.topic_id")
      .select(["p.id", "p.body_html", "t.title", FIRST_POST_ID])
      .where("p.id", "in", ids)
      .where("p.state", "=", "published")
      .execute(),
    db.selectFrom("forum_search_text").select("document").where("id", "in", ids).execute(),
  ]);
  const documents = posts.map((post) => {
    const title = Number(post.first_id) === post.id ? `${post.title}\n` : "";
    const text = postPlainText(post.body_html);
    return { id: post.id, document: padded(indexTerms(title + text)), excerpt: clipAtWord(text, EXCERPT_LENGTH) };
  });
  await db.deleteFrom("forum_search_text").where("id", "in", ids).execute();
  if (documents.length) await db.insertInto("forum_search_text").values(documents).execute();
  await updateVocabulary(
    db,
    FORUM_TEXT_INDEX,
    previous.map((row) => documentTerms(row.document)),
    documents.map((row) => documentTerms(row.document)),
  );
}

/** Indexes every post again from nothing: after the demo forum is seeded or replaced. */
export async function rebuildForumSearchIndex(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("forum_search_text").execute();
    await trx.deleteFrom("forum_search_terms").execute();
    let after = 0;
    for (;;) {
      const batch = await trx.selectFrom("forum_posts").select("id").where("state", "=", "published").where("id", ">", after).orderBy("id").limit(BATCH).execute();
      if (!batch.length) break;
      await indexBatch(
        trx,
        batch.map((row) => row.id),
      );
      after = batch[batch.length - 1]!.id;
    }
  });
}

/**
 * At start: the posts of a forum written before it had an index (0018) are indexed once. Two
 * look-ups when there is nothing to do.
 */
export async function ensureForumSearchIndex(db: Kysely<Database>): Promise<boolean> {
  const [post, indexed] = await Promise.all([
    db.selectFrom("forum_posts").select("id").where("state", "=", "published").limit(1).executeTakeFirst(),
    db.selectFrom("forum_search_text").select("id").limit(1).executeTakeFirst(),
  ]);
  if (!post || indexed) return false;
  await rebuildForumSearchIndex(db);
  return true;
}
