import { expect, test } from "vitest";
import type { Problem } from "./checks";
import { formatReport, type AuditSummary } from "./report";

const origin = "http://localhost:4000";
const summary = (problems: Problem[]): AuditSummary => ({
  crawlOrigin: origin,
  pagesChecked: 569,
  statusChecked: 1234,
  sitemapUrls: 2600,
  elapsedMs: 12_345,
  problems,
});

test("a clean run says how much it checked", () => {
  expect(formatReport(summary([]))).toBe("Checked 569 pages in full, and 1234 other URLs for their status only, in 12.3 s; the sitemap lists 2600 URLs.\nNo problems found.");
});

test("problems are grouped by kind in a fixed order, a few examples each, with the pages involved", () => {
  const missing = Array.from({ length: 7 }, (_, index): Problem => ({
    kind: "page-status",
    url: `${origin}/side-${index}`,
    detail: "answers 404",
  }));
  const report = formatReport(
    summary([
      { kind: "title-duplicate", url: `${origin}/a`, detail: '"Loppemarkeder"', related: [`${origin}/b`] },
      ...missing.reverse(),
      {
        kind: "broken-link",
        url: `${origin}/x`,
        detail: "404",
        related: [`${origin}/`, `${origin}/kalender`, `${origin}/register`, `${origin}/sitemap`],
      },
    ]),
    3,
  );
  expect(report).toBe(
    [
      "Checked 569 pages in full, and 1234 other URLs for their status only, in 12.3 s; the sitemap lists 2600 URLs.",
      "9 problems of 3 kinds:",
      "",
      "Checked page does not answer 200: 7",
      "  /side-0: answers 404",
      "  /side-1: answers 404",
      "  /side-2: answers 404",
      "  … and 4 more",
      "",
      "Internal link to a URL that does not answer 200: 1",
      "  /x: 404 (linked from /, /kalender and 2 more)",
      "",
      "Title shared by several pages: 1",
      '  /a: "Loppemarkeder" (also on /b)',
    ].join("\n"),
  );
});

test("a single problem is one problem of one kind", () => {
  expect(formatReport(summary([{ kind: "h1-count", url: `${origin}/`, detail: "0 <h1> elements" }]))).toContain("\n1 problem of 1 kind:\n");
});

test("an unreadable sitemap is said so in the counts", () => {
  expect(formatReport({ ...summary([]), sitemapUrls: null })).toContain("the sitemap could not be read");
});
