import { findDraft, type Draft } from "~/organiser/form/drafts.server";
import { readStoredMarket, type StoredMarket } from "~/revisions/revisions.server";
import { isUuid } from "~/lib/uuid";
import { parseForumId } from "~/forum/paths";
import { findPostForEdit, type ForumPostForEdit } from "~/forum/reads.server";
import type { UrlThing } from "./access.server";

/*
 * The things the guarded URLs name (access.server.ts): each found from the URL's params, with
 * whose it is. A route that names one gives its params' values in tests/integration/access.test.ts.
 */

/** /manage-market/{id} and /dashboard/mine-markeder/edit/{id}: a market, its owner's and the admins'. */
export const managedMarket: UrlThing<StoredMarket> = {
  find: (db, params) => (isUuid(params.id) ? readStoredMarket(db, params.id.toLowerCase()) : Promise.resolve(null)),
  ownerId: (market) => market.ownerId,
};

/** /opret-marked/{draftId}/…: a draft of the market form, which only its owner knows of. */
export const ownDraft: UrlThing<Draft> = {
  find: (db, params) => findDraft(db, params.draftId),
  ownerId: (draft) => draft.ownerId,
  ownerOnly: true,
};

/** /opret-marked/sendt/{id}: the market just sent, as its sender sees it; nobody else knows of it. */
export const sentMarket: UrlThing<StoredMarket> = { ...managedMarket, ownerOnly: true };

/** /dashboard/community/edit/{postId}: a forum post its author may still change (not deleted, not hidden). */
export const ownForumPost: UrlThing<ForumPostForEdit> = {
  find: async (db, params) => {
    const id = parseForumId(params.postId);
    const post = id ? await findPostForEdit(db, id) : null;
    return post && (post.state === "published" || post.state === "waiting") ? post : null;
  },
  ownerId: (post) => post.authorId,
};

/** /community/indlaeg/{postId}/anmeld: a post the public sees, which anyone signed in may report. */
export const reportablePost: UrlThing<ForumPostForEdit> = {
  find: async (db, params) => {
    const id = parseForumId(params.postId);
    const post = id ? await findPostForEdit(db, id) : null;
    return post?.state === "published" ? post : null;
  },
  ownerId: (post) => post.authorId,
};

/** /dashboard/admin/community/indlaeg/{postId}: any forum post, for the admins. */
export const anyForumPost: UrlThing<ForumPostForEdit> = {
  find: async (db, params) => {
    const id = parseForumId(params.postId);
    return id ? findPostForEdit(db, id) : null;
  },
  ownerId: (post) => post.authorId,
};

/** /dashboard/admin/community/emne/{topicId}: any forum topic, for the admins. */
export const anyForumTopic: UrlThing<{ id: number; authorId: string | null }> = {
  find: async (db, params) => {
    const id = parseForumId(params.topicId);
    const topic = id ? await db.selectFrom("forum_topics").select(["id", "author_id"]).where("id", "=", id).executeTakeFirst() : null;
    return topic ? { id: topic.id, authorId: topic.author_id } : null;
  },
  ownerId: (topic) => topic.authorId,
};
