import type { Kysely } from "kysely";
import { lockRow } from "~/lib/db/dialect.server";
import type { Database } from "~/lib/db/schema";
import { t } from "~/lib/i18n";
import { mayWrite } from "./author.server";
import { TITLE_MIN } from "./forum-forms";
import { forgetTopicPages } from "./forum-pages.server";
import { checkLinks, checkPostingLimits, type LimitVerdict } from "./limits.server";
import type { PostState } from "./schema";
import { renderPost } from "./text/render-post.server";
import { notePost } from "./following/reading.server";
import { indexForumPosts } from "./search/forum-index.server";
import { refreshTopicFigures } from "./topic-figures.server";
import { ADMIN_QUEUES_CHANNEL, FORUM_CHANNEL, personChannel, topicChannel } from "~/lib/realtime/channels";
import { publishEvent } from "~/lib/realtime/events.server";

/*
 * Everything a person writes in the forum: a topic, a reply, an edit, a deletion. Each is one
 * function and one transaction (the person's row held first, so the limits count their posts one
 * at a time), and each forgets the cached pages it changes once it has committed.
 */

export interface ForumWriteOptions {
  now?: Date;
}

/** A refusal at the form: the field it belongs to (null: the form as a whole) and the Danish message. */
export interface Refusal {
  kind: "refused";
  field: "text" | "title" | "category" | "market" | null;
  message: string;
  /** 429 for a limit of pace or count, 409 for anything else refused. */
  status: 409 | 429;
  retryAfterSeconds?: number;
}

export type StartOutcome = { kind: "started"; topicId: number; postId: number; waits: boolean } | Refusal;

export interface NewTopic {
  categorySlug: string;
  title: string;
  text: string;
  marketId: string | null;
}

const blockedRefusal = (): Refusal => ({ kind: "refused", field: null, status: 409, message: t("forum.limits.blocked") });
const refusalOf = (verdict: Extract<LimitVerdict, { allowed: false }>): Refusal => ({
  kind: "refused",
  field: verdict.field,
  status: verdict.status,
  message: verdict.message,
  retryAfterSeconds: verdict.retryAfterSeconds,
});

export async function startTopic(db: Kysely<Database>, authorId: string, topic: NewTopic, { now = new Date() }: ForumWriteOptions = {}): Promise<StartOutcome> {
  const rendered = renderPost(topic.text);
  const outcome = await db.transaction().execute(async (trx): Promise<StartOutcome> => {
    await lockRow(trx, "user", authorId);
    if (!(await mayWrite(trx, authorId))) return blockedRefusal();
    const category = await trx.selectFrom("forum_categories").select("slug").where("slug", "=", topic.categorySlug).executeTakeFirst();
    if (!category) return { kind: "refused", field: "category", status: 409, message: t("forum.form.categoryUnknown") };
    const verdict = await checkPostingLimits(trx, { authorId, kind: "topic", linkCount: rendered.linkCount, hash: rendered.hash, now });
    if (!verdict.allowed) return refusalOf(verdict);
    const state: PostState = verdict.waits ? "waiting" : "published";
    const at = now.toISOString();
    const { id: topicId } = await trx
      .insertInto("forum_topics")
      .values({
        category_slug: category.slug,
        title: topic.title,
        author_id: authorId,
        market_id: topic.marketId,
        state,
        created_at: at,
        last_posted_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const { id: postId } = await trx
      .insertInto("forum_posts")
      .values({
        topic_id: topicId,
        author_id: authorId,
        state,
        body_markdown: topic.text,
        body_html: rendered.html,
        body_hash: rendered.hash,
        link_count: rendered.linkCount,
        created_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await refreshTopicFigures(trx, topicId);
    await indexForumPosts(trx, [postId]);
    await notePost(trx, authorId, topicId, postId, at);
    // A waiting topic is the admins' news; a published one, /community's.
    await publishEvent(trx, [verdict.waits ? ADMIN_QUEUES_CHANNEL : FORUM_CHANNEL], { type: "topic", change: "new", topicId }, now);
    return { kind: "started", topicId, postId, waits: verdict.waits };
  });
  if (outcome.kind === "started" && !outcome.waits) await forgetTopicPages(db, outcome.topicId);
  return outcome;
}

export type ReplyOutcome = { kind: "posted"; postId: number; position: number; waits: boolean } | { kind: "not-found" } | Refusal;

/**
 * A reply at the foot of a topic the public sees. A locked topic takes none, except from someone
 * who may lock topics (an admin explaining why).
 */
export async function replyToTopic(
  db: Kysely<Database>,
  authorId: string,
  topicId: number,
  text: string,
  { now = new Date(), mayPostWhenLocked = false }: ForumWriteOptions & { mayPostWhenLocked?: boolean } = {},
): Promise<ReplyOutcome> {
  const rendered = renderPost(text);
  const outcome = await db.transaction().execute(async (trx): Promise<ReplyOutcome> => {
    await lockRow(trx, "user", authorId);
    if (!(await lockRow(trx, "forum_topics", topicId))) return { kind: "not-found" };
    const topic = await trx.selectFrom("forum_topics").select(["state", "locked_at"]).where("id", "=", topicId).executeTakeFirstOrThrow();
    if (topic.state !== "published") return { kind: "not-found" };
    if (topic.locked_at && !mayPostWhenLocked) return { kind: "refused", field: null, status: 409, message: t("forum.topic.lockedRefusal") };
    if (!(await mayWrite(trx, authorId))) return blockedRefusal();
    const verdict = await checkPostingLimits(trx, { authorId, kind: "reply", linkCount: rendered.linkCount, hash: rendered.hash, now });
    if (!verdict.allowed) return refusalOf(verdict);
    const { id: postId } = await trx
      .insertInto("forum_posts")
      .values({
        topic_id: topicId,
        author_id: authorId,
        state: verdict.waits ? "waiting" : "published",
        body_markdown: text,
        body_html: rendered.html,
        body_hash: rendered.hash,
        link_count: rendered.linkCount,
        created_at: now.toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await refreshTopicFigures(trx, topicId);
    await indexForumPosts(trx, [postId]);
    await notePost(trx, authorId, topicId, postId, now.toISOString());
    await publishEvent(trx, [verdict.waits ? ADMIN_QUEUES_CHANNEL : topicChannel(topicId)], { type: "post", change: "new", topicId, postId }, now);
    if (!verdict.waits) await tellFollowers(trx, topicId, authorId, now);
    return { kind: "posted", postId, position: await shownBefore(trx, topicId, postId), waits: verdict.waits };
  });
  if (outcome.kind === "posted" && !outcome.waits) await forgetTopicPages(db, topicId);
  return outcome;
}

/** How many of a topic's posts the public sees before this one: where it stands on the topic's pages. */
async function shownBefore(db: Kysely<Database>, topicId: number, postId: number): Promise<number> {
  const row = await db
    .selectFrom("forum_posts")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("topic_id", "=", topicId)
    .where("id", "<", postId)
    .where("state", "!=", "waiting")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export type EditOutcome = { kind: "edited"; topicId: number; position: number; waits: boolean } | { kind: "not-found" } | Refusal;

/**
 * The author's own post, changed (the route has checked it is theirs): rendered again, marked
 * "redigeret". The first post also carries the topic's title. A new account that adds a link to a
 * post waits for an admin as its first post with a link would; a deleted or hidden post stays so.
 */
export async function editPost(
  db: Kysely<Database>,
  authorId: string,
  postId: number,
  edit: { title: string | null; text: string },
  { now = new Date() }: ForumWriteOptions = {},
): Promise<EditOutcome> {
  const rendered = renderPost(edit.text);
  const outcome = await db.transaction().execute(async (trx): Promise<EditOutcome> => {
    await lockRow(trx, "user", authorId);
    const post = await trx.selectFrom("forum_posts").select(["topic_id", "state", "author_id", "link_count"]).where("id", "=", postId).executeTakeFirst();
    if (!post || post.author_id !== authorId || post.state === "deleted" || post.state === "hidden") return { kind: "not-found" };
    if (!(await mayWrite(trx, authorId))) return blockedRefusal();
    const first = await isFirstPost(trx, post.topic_id, postId);
    if (first && !edit.title) return { kind: "refused", field: "title", status: 409, message: t("forum.form.titleRequired") };
    if (first && edit.title && edit.title.length < TITLE_MIN) return { kind: "refused", field: "title", status: 409, message: t("forum.form.titleTooShort", { min: TITLE_MIN }) };
    let state = post.state;
    if (rendered.linkCount > post.link_count) {
      const links = await checkLinks(trx, { authorId, linkCount: rendered.linkCount, now });
      if (!links.allowed) return refusalOf(links);
      if (links.waits) state = "waiting";
    }
    await trx
      .updateTable("forum_posts")
      .set({ body_markdown: edit.text, body_html: rendered.html, body_hash: rendered.hash, link_count: rendered.linkCount, edited_at: now.toISOString(), state })
      .where("id", "=", postId)
      .execute();
    if (first && edit.title) await trx.updateTable("forum_topics").set({ title: edit.title }).where("id", "=", post.topic_id).execute();
    await refreshTopicFigures(trx, post.topic_id);
    await indexForumPosts(trx, [postId]);
    // An edit that now waits leaves the public page: the topic hears of it, the admins too.
    const channels = state === "waiting" ? [topicChannel(post.topic_id), ADMIN_QUEUES_CHANNEL] : [topicChannel(post.topic_id)];
    await publishEvent(trx, channels, { type: "post", change: "edited", topicId: post.topic_id, postId }, now);
    return { kind: "edited", topicId: post.topic_id, position: await shownBefore(trx, post.topic_id, postId), waits: state === "waiting" };
  });
  if (outcome.kind === "edited") await forgetTopicPages(db, outcome.topicId);
  return outcome;
}

export async function isFirstPost(db: Kysely<Database>, topicId: number, postId: number): Promise<boolean> {
  const first = await db.selectFrom("forum_posts").select("id").where("topic_id", "=", topicId).orderBy("id").limit(1).executeTakeFirst();
  return first?.id === postId;
}

export type DeleteOutcome = { kind: "deleted"; topicId: number; position: number } | { kind: "not-found" };

/**
 * The author's own post, removed: its text goes, its place stays and says "Indlægget er slettet",
 * and the replies to it stay. The first post's topic keeps its title and its replies.
 */
export async function deleteOwnPost(db: Kysely<Database>, authorId: string, postId: number, { now = new Date() }: ForumWriteOptions = {}): Promise<DeleteOutcome> {
  const outcome = await db.transaction().execute(async (trx): Promise<DeleteOutcome> => {
    const post = await trx.selectFrom("forum_posts").select(["topic_id", "state", "author_id"]).where("id", "=", postId).executeTakeFirst();
    if (!post || post.author_id !== authorId || post.state === "deleted") return { kind: "not-found" };
    await lockRow(trx, "forum_topics", post.topic_id);
    await removePostText(trx, postId, now);
    await refreshTopicFigures(trx, post.topic_id);
    await publishEvent(trx, [topicChannel(post.topic_id)], { type: "post", change: "deleted", topicId: post.topic_id, postId }, now);
    return { kind: "deleted", topicId: post.topic_id, position: await shownBefore(trx, post.topic_id, postId) };
  });
  if (outcome.kind === "deleted") await forgetTopicPages(db, outcome.topicId);
  return outcome;
}

/** A deleted post keeps nothing of what was written, and its reports are done with (by the admin who deleted it). */
export async function removePostText(
  trx: Kysely<Database>,
  postId: number,
  now: Date,
  { reason = null, by = null }: { reason?: string | null; by?: string | null } = {},
): Promise<void> {
  await trx
    .updateTable("forum_posts")
    .set({ state: "deleted", body_markdown: "", body_html: "", body_hash: "", link_count: 0, moderated_at: reason ? now.toISOString() : null, moderation_reason: reason })
    .where("id", "=", postId)
    .execute();
  await trx.updateTable("forum_reports").set({ resolved_at: now.toISOString(), resolved_by: by }).where("post_id", "=", postId).where("resolved_at", "is", null).execute();
  await indexForumPosts(trx, [postId]);
}

/**
 * A reply the public sees is news to the people who follow its topic (but its author): each hears
 * it on their own channel, so that their unread count and their discussions follow (one event each).
 */
async function tellFollowers(trx: Kysely<Database>, topicId: number, authorId: string, now: Date): Promise<void> {
  const followers = await trx
    .selectFrom("forum_topic_users")
    .select("user_id")
    .where("topic_id", "=", topicId)
    .where("followed_at", "is not", null)
    .where("user_id", "!=", authorId)
    .execute();
  await publishEvent(
    trx,
    followers.map((row) => personChannel(row.user_id)),
    { type: "unread", topicId },
    now,
  );
}
