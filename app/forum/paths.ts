import { PAGE_PARAM } from "~/lib/page-number";

/** The forum's addresses. Browser-safe: links and forms use them. */

export const COMMUNITY_PATH = "/community";
export const NEW_TOPIC_PATH = "/community/new";
export const DASHBOARD_NEW_TOPIC_PATH = "/dashboard/community/new";
export const MY_TOPICS_PATH = "/dashboard/community";
export const FORUM_QUEUE_PATH = "/dashboard/admin/community";
export const DISCUSSIONS_PATH = "/dashboard/community/discussions";
export const FORUM_SEARCH_PATH = "/community/soeg";
/** The search's query parameter, as the register's search box has it. */
export const SEARCH_PARAM = "q";
export const FORUM_FEED_PATH = "/community/rss.xml";

/** How many topics a list page and how many posts a topic page shows. */
export const TOPICS_PER_PAGE = 20;
export const POSTS_PER_PAGE = 20;

function withPage(path: string, page: number): string {
  return page > 1 ? `${path}?${PAGE_PARAM}=${page}` : path;
}

export function topicPath(id: number, page = 1): string {
  return withPage(`/community/topic/${id}`, page);
}

export function categoryPath(slug: string, page = 1): string {
  return withPage(`/community/kategori/${slug}`, page);
}

export function categoryFeedPath(slug: string): string {
  return `/community/kategori/${slug}/rss.xml`;
}

/** The new-topic form with the market filled in (a market's page links here). */
export function newTopicAboutMarketPath(marketSlug: string): string {
  return `${NEW_TOPIC_PATH}?marked=${encodeURIComponent(marketSlug)}`;
}

export function discussionsPath(page = 1): string {
  return withPage(DISCUSSIONS_PATH, page);
}

export function forumSearchPath(text: string, page = 1): string {
  const query = new URLSearchParams({ [SEARCH_PARAM]: text });
  if (page > 1) query.set(PAGE_PARAM, String(page));
  return `${FORUM_SEARCH_PATH}?${query}`;
}

export function communityPath(page = 1): string {
  return withPage(COMMUNITY_PATH, page);
}

/** The id a post's element has on its topic page, for links and the focus after a post. */
export function postAnchor(postId: number): string {
  return `indlaeg-${postId}`;
}

/** A post where it stands: the page of its topic that shows it, at its anchor. */
export function postPath(topicId: number, position: number, postId: number): string {
  return `${topicPath(topicId, Math.floor(position / POSTS_PER_PAGE) + 1)}#${postAnchor(postId)}`;
}

/** A post's lasting address: it answers with a redirect to the page of its topic that shows it. */
export function postLinkPath(postId: number): string {
  return `/community/indlaeg/${postId}`;
}

export function editPostPath(postId: number): string {
  return `/dashboard/community/edit/${postId}`;
}

export function reportPostPath(postId: number): string {
  return `/community/indlaeg/${postId}/anmeld`;
}

export function moderatePostPath(postId: number): string {
  return `${FORUM_QUEUE_PATH}/indlaeg/${postId}`;
}

export function moderateTopicPath(topicId: number): string {
  return `${FORUM_QUEUE_PATH}/emne/${topicId}`;
}

/** The query that puts a quote of a post into the reply form, also without JavaScript. */
export const QUOTE_PARAM = "citer";
/** The reply form's anchor at the foot of a topic. */
export const REPLY_ANCHOR = "svar";

export function quotePath(topicId: number, page: number, postId: number): string {
  const path = topicPath(topicId, page);
  return `${path}${path.includes("?") ? "&" : "?"}${QUOTE_PARAM}=${postId}#${REPLY_ANCHOR}`;
}

/** Ids in the forum's URLs are positive whole numbers; anything else is not found. */
export function parseForumId(raw: string | undefined): number | null {
  return raw && /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : null;
}
