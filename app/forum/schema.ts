import type { Generated } from "kysely";

/** The forum's tables (0017_forum). */
export interface ForumTables {
  forum_categories: ForumCategoryTable;
  forum_topics: ForumTopicTable;
  forum_posts: ForumPostTable;
  forum_reports: ForumReportTable;
  forum_topic_users: ForumTopicUserTable;
  forum_search_text: ForumSearchTextTable;
  forum_search_terms: ForumSearchTermTable;
}

export interface ForumCategoryTable {
  slug: string;
  name: string;
  description: string;
  position: number;
}

/** Whether the public sees a topic: its first post is published, waits for an admin, or was hidden. */
export type TopicState = "published" | "waiting" | "hidden";

export interface ForumTopicTable {
  id: Generated<number>;
  category_slug: string;
  title: string;
  /** The author's user id; null once their account is deleted ("Slettet bruger"). */
  author_id: string | null;
  market_id: string | null;
  /** "demo" for the demo forum, which `npm run db:seed -- --reset` replaces. */
  source: Generated<string>;
  state: TopicState;
  created_at: string;
  /** When the newest published post was written: the lists' order. */
  last_posted_at: string;
  /** Published posts after the first. */
  reply_count: Generated<number>;
  locked_at: string | null;
  pinned_at: string | null;
  /** The newest published post; null while there is none. */
  last_post_id: number | null;
}

/**
 * published: shown. waiting: an account's first post with a link, until an admin lets it out.
 * hidden: an admin hid it (the reason is kept). deleted: its author or an admin removed it; the
 * text is gone and the place says so.
 */
export type PostState = "published" | "waiting" | "hidden" | "deleted";

export interface ForumPostTable {
  id: Generated<number>;
  topic_id: number;
  author_id: string | null;
  source: Generated<string>;
  state: PostState;
  /** As written: what "Rediger" and "Citér" start from. */
  body_markdown: string;
  /** As shown: rendered and cleaned when written (text/render-post.server.ts). */
  body_html: string;
  body_hash: string;
  link_count: Generated<number>;
  created_at: string;
  edited_at: string | null;
  /** When an admin last hid, showed or deleted it, and why (the author is told). */
  moderated_at: string | null;
  moderation_reason: string | null;
}

export interface ForumReportTable {
  id: string;
  post_id: number;
  /** Null once the reporter's account is deleted. */
  reporter_id: string | null;
  /** A ReportReason (reports.ts). */
  reason: string;
  text: string;
  created_at: string;
  resolved_at: string | null;
  resolved_by: string | null;
}

/** A person and a topic (following/reading.server.ts): how far they read, whether they follow it, when they wrote in it. */
export interface ForumTopicUserTable {
  user_id: string;
  topic_id: number;
  /** Only moves forward; 0 for nothing read. */
  last_read_post_id: Generated<number>;
  followed_at: string | null;
  posted_at: string | null;
}

/** A published post's terms (search/forum-index.server.ts), under the post's id. */
export interface ForumSearchTextTable {
  id: number;
  document: string;
  /** The post's opening words as a reader sees them, for the search results. */
  excerpt: string;
}

export interface ForumSearchTermTable {
  term: string;
  doc_count: number;
}
