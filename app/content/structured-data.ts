import type { ArticleSummary, BlogPostSummary, FaqDocument } from "./types";

/** schema.org objects for the content pages, one JSON-LD script each (app/lib/meta.ts seoMeta). */

const PUBLISHER = { "@type": "Organization", name: "Loppeguiden" } as const;

function author(name: string): object {
  // Our articles are signed by the editorial team, not a person.
  return { "@type": "Organization", name };
}

export function articleJsonLd(baseUrl: string, article: ArticleSummary): object {
  const url = `${baseUrl}/artikler/${article.slug}`;
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: article.title,
    description: article.description,
    ...(article.image ? { image: [`${baseUrl}${article.image.src}`] } : {}),
    datePublished: article.date,
    dateModified: article.modified,
    author: [author(article.author)],
    publisher: PUBLISHER,
    inLanguage: "da-DK",
    keywords: article.tags.join(", "),
    wordCount: article.words,
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    url,
  };
}

export function blogPostingJsonLd(baseUrl: string, post: BlogPostSummary): object {
  const url = `${baseUrl}/blog/${post.slug}`;
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: post.description,
    datePublished: post.date,
    author: [author(post.author)],
    publisher: PUBLISHER,
    inLanguage: "da-DK",
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    url,
  };
}

/** Every question of the page, in order, with its answer as the HTML the page shows. */
export function faqPageJsonLd(page: FaqDocument): object {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: page.sections.flatMap((section) => section.questions).map((question) => ({
      "@type": "Question",
      name: question.question,
      acceptedAnswer: { "@type": "Answer", text: question.html.trim() },
    })),
  };
}
