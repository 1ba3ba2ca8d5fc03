import type { ArticleSummary, BlogPostSummary, FaqDocument } from "./types";

/** schema.org objects for the content pages, one JSON-LD script each (app/lib/meta.ts seoMeta). */

/** The site's mark as a raster image (public/logo.png, the favicon's design at 512 px): what rich results ask of a publisher. */
export const PUBLISHER_LOGO = { path: "/logo.png", width: 512, height: 512 } as const;

function publisher(baseUrl: string): object {
  return {
    "@type": "Organization",
    name: "Loppeguiden",
    url: baseUrl,
    logo: { "@type": "ImageObject", url: `${baseUrl}${PUBLISHER_LOGO.path}`, width: PUBLISHER_LOGO.width, height: PUBLISHER_LOGO.height },
  };
}

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
    publisher: publisher(baseUrl),
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
    publisher: publisher(baseUrl),
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
    mainEntity: page.sections
      .flatMap((section) => section.questions)
      .map((question) => ({
        "@type": "Question",
        name: question.question,
        acceptedAnswer: { "@type": "Answer", text: question.html.trim() },
      })),
  };
}
