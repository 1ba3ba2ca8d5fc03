import type { PageFacts } from "./page-facts";
import { canonicalTarget, displayUrl, type Origins } from "./urls";

/** The problems the audit knows, in the order the report lists them. */
export const PROBLEM_KINDS = [
  "page-status",
  "broken-link",
  "redirecting-link",
  "title-missing",
  "title-too-long",
  "title-duplicate",
  "description-missing",
  "description-duplicate",
  "link-preview",
  "h1-count",
  "image-alt",
  "thin-content",
  "canonical-missing",
  "canonical-invalid",
  "canonical-target",
  "sitemap-invalid",
  "sitemap-url-status",
  "sitemap-noindex",
] as const;

export type ProblemKind = (typeof PROBLEM_KINDS)[number];

export interface Problem {
  kind: ProblemKind;
  /** The page (or link target, or sitemap) the problem is about. */
  url: string;
  detail: string;
  /** Other pages involved: the pages that link to a broken URL, the other pages with the same title. */
  related?: string[];
}

/** How a URL answered a request made with redirect: "manual". */
export interface Answer {
  status: number;
  /** The absolute target of a redirect. */
  location: string | null;
  /** Why there was no HTTP answer at all (status 0). */
  error?: string;
}

export const MAX_TITLE_LENGTH = 60;
export const MIN_MAIN_WORDS = 100;

/** "404", "301 → /loppemarkeder", "no answer (fetch failed)". */
export function describeAnswer(answer: Answer, crawlOrigin: string): string {
  if (answer.status === 0) return `no answer (${answer.error ?? "unknown error"})`;
  if (answer.location) return `${answer.status} → ${displayUrl(answer.location, crawlOrigin)}`;
  return String(answer.status);
}

/** A robots meta or X-Robots-Tag header with noindex (or none, which is noindex,nofollow). */
export function isNoindex(robotsMeta: string | null, robotsHeader: string | null): boolean {
  return [robotsMeta, robotsHeader].some((value) => value !== null && /\b(noindex|none)\b/i.test(value));
}

/** Characters as a person counts them: "æ" and an emoji are one each. */
const characterCount = (text: string) => [...text].length;

/** The checks that need nothing but the page itself (and, for the canonical, the site's origins). */
export function pageProblems(url: string, facts: PageFacts, context: { indexable: boolean; origins: Origins }): Problem[] {
  const problems: Problem[] = [];
  const problem = (kind: ProblemKind, detail: string) => problems.push({ kind, url, detail });

  if (!facts.title) problem("title-missing", facts.title === null ? "no <title> element" : "empty <title>");
  else if (characterCount(facts.title) > MAX_TITLE_LENGTH) {
    problem("title-too-long", `${characterCount(facts.title)} characters: "${facts.title}"`);
  }
  if (!facts.description) problem("description-missing", 'no <meta name="description"> with content');
  if (facts.h1Count !== 1) problem("h1-count", `${facts.h1Count} <h1> elements`);
  if (facts.imagesWithoutAlt.length > 0) {
    const count = facts.imagesWithoutAlt.length;
    problem("image-alt", `${count} image${count === 1 ? "" : "s"} without alt, first: ${facts.imagesWithoutAlt[0]}`);
  }
  if (context.indexable) {
    if (facts.mainWordCount === null) problem("thin-content", "no <main> element");
    else if (facts.mainWordCount < MIN_MAIN_WORDS) problem("thin-content", `${facts.mainWordCount} words in <main>`);
  }
  const target = facts.canonical === null ? null : canonicalTarget(facts.canonical, context.origins);
  if (target === null) problem("canonical-missing", 'no <link rel="canonical">');
  else if (target.kind === "relative") problem("canonical-invalid", `not an absolute URL: "${facts.canonical}"`);
  else if (target.kind === "off-site") problem("canonical-invalid", `points to another site: ${facts.canonical}`);
  // A shared link shows og:title and og:description at og:url: what the page says of itself.
  const preview = facts.preview;
  if (preview.url === null) problem("link-preview", "no og:url");
  else if (target?.kind === "internal" && preview.url !== facts.canonical) problem("link-preview", `og:url ${preview.url} is not the canonical ${facts.canonical}`);
  if (facts.title && preview.title !== facts.title) problem("link-preview", `og:title "${preview.title ?? "missing"}" is not the title`);
  if (facts.description && preview.description !== facts.description) {
    problem("link-preview", `og:description "${preview.description ?? "missing"}" is not the description`);
  }
  return problems;
}

/** A canonical must name a page that answers 200 itself: not a redirect, not a 404. */
export function canonicalTargetProblem(pageUrl: string, canonicalUrl: string, answer: Answer, crawlOrigin: string): Problem | null {
  if (answer.status === 200) return null;
  return {
    kind: "canonical-target",
    url: pageUrl,
    detail: `canonical ${displayUrl(canonicalUrl, crawlOrigin)} answers ${describeAnswer(answer, crawlOrigin)}`,
  };
}

/**
 * An internal link must lead straight to a page: a redirect costs a request and spreads the old
 * address, so a 3xx is a problem too, reported apart from the broken links.
 */
export function linkProblem(target: string, answer: Answer, linkedFrom: string[], crawlOrigin: string): Problem | null {
  if (answer.status === 200) return null;
  const redirect = answer.status >= 300 && answer.status < 400;
  return {
    kind: redirect ? "redirecting-link" : "broken-link",
    url: target,
    detail: describeAnswer(answer, crawlOrigin),
    related: linkedFrom,
  };
}

/** One problem per title, or description, shared by several pages, naming all of them. */
export function duplicateProblems(kind: "title-duplicate" | "description-duplicate", pages: Iterable<{ url: string; text: string | null }>): Problem[] {
  const byText = new Map<string, string[]>();
  for (const { url, text } of pages) {
    if (!text) continue;
    byText.set(text, [...(byText.get(text) ?? []), url]);
  }
  return [...byText]
    .filter(([, urls]) => urls.length > 1)
    .map(([text, urls]) => {
      const [first, ...others] = [...urls].sort();
      return { kind, url: first!, detail: `"${text}"`, related: others };
    });
}

/**
 * A sitemap lists the pages search engines should index: each must answer 200 and must not be
 * noindex. Only URLs the audit fetched are judged; the rest are not known.
 */
export function sitemapProblems(listed: Iterable<string>, answers: ReadonlyMap<string, Answer>, noindexPages: ReadonlySet<string>, crawlOrigin: string): Problem[] {
  const problems: Problem[] = [];
  for (const url of listed) {
    const answer = answers.get(url);
    if (answer && answer.status !== 200) {
      problems.push({ kind: "sitemap-url-status", url, detail: `answers ${describeAnswer(answer, crawlOrigin)}` });
    } else if (noindexPages.has(url)) {
      problems.push({ kind: "sitemap-noindex", url, detail: "listed in the sitemap, yet marked noindex" });
    }
  }
  return problems;
}
