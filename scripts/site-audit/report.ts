import { PROBLEM_KINDS, type Problem, type ProblemKind } from "./checks";
import { displayUrl } from "./urls";

const HEADINGS: Record<ProblemKind, string> = {
  "page-status": "Checked page does not answer 200",
  "broken-link": "Internal link to a URL that does not answer 200",
  "redirecting-link": "Internal link to a redirect (link to the final URL instead)",
  "title-missing": "Missing title",
  "title-too-long": "Title over 60 characters",
  "title-duplicate": "Title shared by several pages",
  "description-missing": "Missing meta description",
  "description-duplicate": "Meta description shared by several pages",
  "link-preview": "Link preview (og:url, og:title, og:description) differs from the page",
  "h1-count": "Not exactly one <h1>",
  "image-alt": "Image without alt",
  "thin-content": "Fewer than 100 words in <main> on an indexable page",
  "canonical-missing": "Missing canonical link",
  "canonical-invalid": "Canonical is not an absolute URL of the site",
  "canonical-target": "Canonical points to a redirect or an error",
  "sitemap-invalid": "Unreadable sitemap",
  "sitemap-url-status": "Sitemap lists a URL that does not answer 200",
  "sitemap-noindex": "Sitemap lists a noindex page",
};

const RELATED_LABEL: Partial<Record<ProblemKind, string>> = {
  "broken-link": "linked from",
  "redirecting-link": "linked from",
  "title-duplicate": "also on",
  "description-duplicate": "also on",
};

export interface AuditSummary {
  crawlOrigin: string;
  /** HTML pages that went through every check. */
  pagesChecked: number;
  /** Other URLs (linked pages, canonicals) fetched only for their status. */
  statusChecked: number;
  /** URLs the sitemap lists; null when it could not be read. */
  sitemapUrls: number | null;
  elapsedMs: number;
  problems: Problem[];
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;

function listed(urls: string[], shown: number, origin: string): string {
  const names = urls.slice(0, shown).map((url) => displayUrl(url, origin));
  return urls.length > shown ? `${names.join(", ")} and ${urls.length - shown} more` : names.join(", ");
}

export function formatCounts(summary: AuditSummary): string {
  const sitemap = summary.sitemapUrls === null ? "the sitemap could not be read" : `the sitemap lists ${summary.sitemapUrls} URLs`;
  return (
    `Checked ${summary.pagesChecked} pages in full, and ${summary.statusChecked} other URLs for their status only, ` + `in ${(summary.elapsedMs / 1000).toFixed(1)} s; ${sitemap}.`
  );
}

/** The counts, then each kind of problem with its total and a few examples, so a bad run stays readable. */
export function formatReport(summary: AuditSummary, examplesPerKind = 5): string {
  const lines = [formatCounts(summary)];
  if (summary.problems.length === 0) return [...lines, "No problems found."].join("\n");
  const kinds = PROBLEM_KINDS.filter((kind) => summary.problems.some((problem) => problem.kind === kind));
  lines.push(`${plural(summary.problems.length, "problem")} of ${plural(kinds.length, "kind")}:`);
  for (const kind of kinds) {
    const problems = summary.problems.filter((problem) => problem.kind === kind).sort((a, b) => a.url.localeCompare(b.url));
    lines.push("", `${HEADINGS[kind]}: ${problems.length}`);
    for (const problem of problems.slice(0, examplesPerKind)) {
      const related = problem.related?.length ? ` (${RELATED_LABEL[kind] ?? "see"} ${listed(problem.related, 2, summary.crawlOrigin)})` : "";
      lines.push(`  ${displayUrl(problem.url, summary.crawlOrigin)}: ${problem.detail}${related}`);
    }
    if (problems.length > examplesPerKind) lines.push(`  … and ${problems.length - examplesPerKind} more`);
  }
  return lines.join("\n");
}
