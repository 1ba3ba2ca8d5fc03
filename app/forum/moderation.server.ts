import type { Kysely } from "kysely";
import type { Permission } from "~/auth/permissions";
import { recordAdminAction } from "~/admin-log/record.server";
import { lockRow } from "~/lib/db/dialect.server";
import type { Database } from "~/lib/db/schema";
import { postPlainText } from "./text/plain-text.server";
import { forgetTopicPages } from "./forum-pages.server";
import { forumNameOf } from "./forum-name";
import { sendModerationNotice, type MailOptions, type ModerationNotice } from "./moderation-mail.server";
import { COMMUNITY_PATH, topicPath } from "./paths";
import { ADMIN_QUEUES_CHANNEL, FORUM_CHANNEL, topicChannel } from "~/lib/realtime/channels";
import { publishEvent } from "~/lib/realtime/events.server";
import { refreshTopicFigures } from "./topic-figures.server";
import { indexForumPosts } from "./search/forum-index.server";
import { isFirstPost, removePostText } from "./writes.server";

/*
 * What an admin does to the forum: to a post (hide it, show it again, let a waiting one out,
 * delete it, or leave it and close its reports) and to a topic (lock, pin, move). Each is one
 * transaction with its entry in the admin log, forgets the pages it changes, and tells the author
 * why by mail where it takes something from them.
 */

export const POST_ACTIONS = ["hide", "show", "approve", "delete", "dismiss"] as const;
export type PostAction = (typeof POST_ACTIONS)[number];

export const TOPIC_ACTIONS = ["lock", "unlock", "pin", "unpin", "move"] as const;
export type TopicAction = (typeof TOPIC_ACTIONS)[number];

/** The permission each action needs; the routes' guards ask the first, the actions these. */
export const POST_ACTION_PERMISSIONS: Record<PostAction, Permission> = {
  hide: "hide:post:any",
  show: "hide:post:any",
  approve: "hide:post:any",
  dismiss: "hide:post:any",
  delete: "delete:post:any",
};

export const TOPIC_ACTION_PERMISSIONS: Record<TopicAction, Permission> = {
  lock: "lock:topic:any",
  unlock: "lock:topic:any",
  pin: "pin:topic:any",
  unpin: "pin:topic:any",
  move: "move:topic:any",
};

export type ModerationOutcome = { kind: "done"; topicId: number } | { kind: "not-found" } | { kind: "unchanged" } | { kind: "unknown-category" };

interface Author {
  email: string;
  name: string;
}

async function authorOf(trx: Kysely<Database>, authorId: string | null): Promise<Author | null> {
  if (!authorId) return null;
  const row = await trx
    .selectFrom("user as u")
    .leftJoin("profiles as pr", "pr.auth_user_id", "u.id")
    .select(["u.email", "u.name", "pr.forum_name", "pr.source"])
    .where("u.id", "=", authorId)
    .executeTakeFirst();
  // The demo accounts' addresses lead nowhere (db/seed/forum.server.ts).
  if (!row || row.source === "demo") return null;
  return { email: row.email, name: forumNameOf({ forumName: row.forum_name, accountName: row.name }) };
}

/** "Emne: Titel" or "Indlæg i Titel: de første ord …", as the log names a post. */
function postLabel(title: string, html: string): string {
  const words = postPlainText(html, 60);
  return words ? `${title}: ${words}` : title;
}

const POST_STATES: Partial<Record<PostAction, { from: string[]; to: "hidden" | "published" }>> = {
  hide: { from: ["published", "waiting"], to: "hidden" },
  show: { from: ["hidden"], to: "published" },
  approve: { from: ["waiting"], to: "published" },
};

const POST_NOTICES: Partial<Record<PostAction, ModerationNotice>> = { hide: "post.hide", delete: "post.delete" };
const TOPIC_NOTICES: Partial<Record<TopicAction, ModerationNotice>> = { lock: "topic.lock", move: "topic.move" };

/** Whom to tell, after the action has committed, and about what. */
interface Notice {
  notice: ModerationNotice;
  author: Author;
  title: string;
  path: string;
}

type Decided = { outcome: ModerationOutcome; notice: Notice | null };

export async function moderatePost(
  db: Kysely<Database>,
  adminId: string,
  postId: number,
  action: PostAction,
  reason: string,
  mail: MailOptions,
  { now = new Date() }: { now?: Date } = {},
): Promise<ModerationOutcome> {
  const { outcome, notice } = await db.transaction().execute(async (trx): Promise<Decided> => {
    const post = await trx
      .selectFrom("forum_posts as p")
      .innerJoin("forum_topics as t", "t.id", "p.topic_id")
      .select(["p.topic_id", "p.state", "p.author_id", "p.body_html", "t.title"])
      .where("p.id", "=", postId)
      .executeTakeFirst();
    if (!post) return { outcome: { kind: "not-found" }, notice: null };
    await lockRow(trx, "forum_topics", post.topic_id);
    const at = now.toISOString();
    const label = postLabel(post.title, post.body_html);
    const done: ModerationOutcome = { kind: "done", topicId: post.topic_id };
    if (action === "dismiss") {
      const closed = await trx
        .updateTable("forum_reports")
        .set({ resolved_at: at, resolved_by: adminId })
        .where("post_id", "=", postId)
        .where("resolved_at", "is", null)
        .executeTakeFirst();
      if (Number(closed.numUpdatedRows) === 0) return { outcome: { kind: "unchanged" }, notice: null };
      await recordAdminAction(trx, { actorId: adminId, kind: "post.dismiss", target: { id: String(postId), label }, reason, now });
      await publishEvent(trx, [ADMIN_QUEUES_CHANNEL], { type: "post", change: "dismissed", topicId: post.topic_id, postId }, now);
      return { outcome: done, notice: null };
    }
    if (action === "delete") {
      if (post.state === "deleted") return { outcome: { kind: "unchanged" }, notice: null };
      await removePostText(trx, postId, now, { reason, by: adminId });
    } else {
      const change = POST_STATES[action]!;
      if (!change.from.includes(post.state)) return { outcome: { kind: "unchanged" }, notice: null };
      await trx.updateTable("forum_posts").set({ state: change.to, moderated_at: at, moderation_reason: reason }).where("id", "=", postId).execute();
      await trx.updateTable("forum_reports").set({ resolved_at: at, resolved_by: adminId }).where("post_id", "=", postId).where("resolved_at", "is", null).execute();
      await indexForumPosts(trx, [postId]);
    }
    await refreshTopicFigures(trx, post.topic_id);
    await recordAdminAction(trx, {
      actorId: adminId,
      kind: `post.${action}`,
      target: { id: String(postId), label },
      reason,
      before: { post: post.state },
      after: { post: action === "delete" ? "deleted" : POST_STATES[action]!.to },
      now,
    });
    await publishEvent(trx, [topicChannel(post.topic_id), ADMIN_QUEUES_CHANNEL], { type: "post", change: action, topicId: post.topic_id, postId }, now);
    // An approved first post opens its topic: a new topic to /community.
    if (action === "approve" && (await isFirstPost(trx, post.topic_id, postId))) {
      await publishEvent(trx, [FORUM_CHANNEL], { type: "topic", change: "new", topicId: post.topic_id }, now);
    }
    const kind = POST_NOTICES[action];
    const author = kind ? await authorOf(trx, post.author_id) : null;
    if (!kind || !author) return { outcome: done, notice: null };
    const topic = await trx.selectFrom("forum_topics").select("state").where("id", "=", post.topic_id).executeTakeFirstOrThrow();
    // A topic the public no longer sees (its first post hidden) is not linked to.
    const path = topic.state === "published" ? topicPath(post.topic_id) : COMMUNITY_PATH;
    return { outcome: done, notice: { notice: kind, author, title: post.title, path } };
  });
  if (outcome.kind !== "done") return outcome;
  await forgetTopicPages(db, outcome.topicId);
  if (notice) await sendModerationNotice(notice.notice, { ...notice.author, topicTitle: notice.title, path: notice.path }, reason, mail);
  return outcome;
}

export async function moderateTopic(
  db: Kysely<Database>,
  adminId: string,
  topicId: number,
  action: TopicAction,
  input: { reason: string; category?: string },
  mail: MailOptions,
  { now = new Date() }: { now?: Date } = {},
): Promise<ModerationOutcome> {
  let formerCategory: string | undefined;
  const { outcome, notice } = await db.transaction().execute(async (trx): Promise<Decided> => {
    const unchanged: Decided = { outcome: { kind: "unchanged" }, notice: null };
    if (!(await lockRow(trx, "forum_topics", topicId))) return { outcome: { kind: "not-found" }, notice: null };
    const topic = await trx
      .selectFrom("forum_topics")
      .select(["title", "locked_at", "pinned_at", "category_slug", "author_id"])
      .where("id", "=", topicId)
      .executeTakeFirstOrThrow();
    const at = now.toISOString();
    const record = (before: unknown, after: unknown) =>
      recordAdminAction(trx, { actorId: adminId, kind: `topic.${action}`, target: { id: String(topicId), label: topic.title }, reason: input.reason, before, after, now });
    switch (action) {
      case "lock":
      case "unlock": {
        const locked = action === "lock";
        if (Boolean(topic.locked_at) === locked) return unchanged;
        await trx
          .updateTable("forum_topics")
          .set({ locked_at: locked ? at : null })
          .where("id", "=", topicId)
          .execute();
        await record({ locked: !locked }, { locked });
        break;
      }
      case "pin":
      case "unpin": {
        const pinned = action === "pin";
        if (Boolean(topic.pinned_at) === pinned) return unchanged;
        await trx
          .updateTable("forum_topics")
          .set({ pinned_at: pinned ? at : null })
          .where("id", "=", topicId)
          .execute();
        await record({ pinned: !pinned }, { pinned });
        break;
      }
      case "move": {
        const category = await trx
          .selectFrom("forum_categories")
          .select(["slug", "name"])
          .where("slug", "=", input.category ?? "")
          .executeTakeFirst();
        if (!category) return { outcome: { kind: "unknown-category" }, notice: null };
        if (category.slug === topic.category_slug) return unchanged;
        await trx.updateTable("forum_topics").set({ category_slug: category.slug }).where("id", "=", topicId).execute();
        const former = await trx.selectFrom("forum_categories").select("name").where("slug", "=", topic.category_slug).executeTakeFirst();
        await record({ category: former?.name ?? topic.category_slug }, { category: category.name });
        formerCategory = topic.category_slug;
        break;
      }
    }
    const done: ModerationOutcome = { kind: "done", topicId };
    await publishEvent(trx, [topicChannel(topicId), FORUM_CHANNEL], { type: "topic", change: action, topicId }, now);
    const kind = TOPIC_NOTICES[action];
    const author = kind ? await authorOf(trx, topic.author_id) : null;
    return { outcome: done, notice: kind && author ? { notice: kind, author, title: topic.title, path: topicPath(topicId) } : null };
  });
  if (outcome.kind !== "done") return outcome;
  await forgetTopicPages(db, topicId, { formerCategory });
  if (notice) await sendModerationNotice(notice.notice, { ...notice.author, topicTitle: notice.title, path: notice.path }, input.reason, mail);
  return outcome;
}
