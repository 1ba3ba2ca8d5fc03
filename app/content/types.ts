import type { LandingLink } from "./landing-links";

/**
 * The shapes of the content as pages receive it from their loaders. Kept apart from the
 * *.server.ts loaders so that components can name them.
 */

export interface ArticleImage {
  src: string;
  alt: string;
  width: number;
  height: number;
}

export interface ArticleSummary {
  slug: string;
  title: string;
  description: string;
  author: string;
  /** "YYYY-MM-DD", when it was published. */
  date: string;
  /** The last real change: `updated` from the front matter, or the date it was published. */
  modified: string;
  /** "3. november 2026". */
  dateText: string;
  tags: string[];
  image: ArticleImage | null;
  words: number;
  readingMinutes: number;
}

export interface Article extends ArticleSummary {
  html: string;
  landingPages: LandingLink[];
}

export interface BlogPostSummary {
  slug: string;
  title: string;
  description: string;
  author: string;
  date: string;
  dateText: string;
}

export interface BlogPost extends BlogPostSummary {
  html: string;
}

export interface FaqQuestion {
  /** The anchor: /faq#<id>. */
  id: string;
  question: string;
  html: string;
  /** The answer as plain text. */
  text: string;
}

export interface FaqSection {
  id: string;
  heading: string;
  questions: FaqQuestion[];
}

export interface FaqDocument {
  introHtml: string;
  sections: FaqSection[];
}

export interface FaqPage extends FaqDocument {
  title: string;
  description: string;
  heading: string;
}

export interface InfoPage {
  path: string;
  title: string;
  description: string;
  heading: string;
  /** "3. november 2026" for texts a visitor may hold us to; null otherwise. */
  updatedText: string | null;
  html: string;
}
