import type { PostState } from "./schema";

/** What the forum's pages show, as the loaders hand it to the components. Browser-safe. */

export interface CategoryView {
  slug: string;
  name: string;
  description: string;
  topicCount: number;
}

export interface TopicSummary {
  id: number;
  title: string;
  categorySlug: string;
  categoryName: string;
  authorName: string;
  createdAt: string;
  lastPostedAt: string;
  replyCount: number;
  pinned: boolean;
  locked: boolean;
  marketName: string | null;
  demo: boolean;
}

export interface AuthorView {
  name: string;
  avatar: { src: string; srcSet: string } | null;
  demo: boolean;
}

export interface PostView {
  id: number;
  author: AuthorView;
  createdAt: string;
  editedAt: string | null;
  /** What the reader sees: the text, or the note in its place ("blocked": hidden because its author is). */
  state: PostState | "blocked";
  /** The cleaned HTML, only for a post whose text is shown. */
  html: string | null;
  /** The Markdown "Citér" puts into the reply, only for a published post. */
  quote: string | null;
  own: boolean;
}

export interface TopicMarketView {
  slug: string;
  name: string;
  type: string;
  town: string;
  nextDate: string | null;
}

export interface TopicView {
  id: number;
  title: string;
  category: { slug: string; name: string };
  state: "published" | "waiting" | "hidden";
  createdAt: string;
  lastPostedAt: string;
  locked: boolean;
  pinned: boolean;
  authorName: string;
  market: TopicMarketView | null;
  /** The first post's words, for the description and the structured data. */
  opening: string;
  replyCount: number;
  demo: boolean;
  firstPostId: number;
}
