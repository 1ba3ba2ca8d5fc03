import { describe, expect, test } from "vitest";
import { canonicalTargetProblem, duplicateProblems, isNoindex, linkProblem, pageProblems, sitemapProblems, type Answer } from "./checks";
import type { PageFacts } from "./page-facts";

const origin = "http://localhost:4000";
const origins = { crawl: origin, site: origin };
const url = `${origin}/kalender`;

const goodPage: PageFacts = {
  title: "Kalender | Loppeguiden",
  description: "Alle loppemarkeder i Danmark, dag for dag.",
  robots: null,
  canonical: `${origin}/kalender`,
  preview: { url: `${origin}/kalender`, title: "Kalender | Loppeguiden", description: "Alle loppemarkeder i Danmark, dag for dag." },
  h1Count: 1,
  imagesWithoutAlt: [],
  mainWordCount: 100,
  links: [],
};

const kindsOf = (facts: Partial<PageFacts>, indexable = true) => {
  const page = { ...goodPage, ...facts };
  // The preview repeats what the page says of itself, unless the test is about the preview.
  page.preview = facts.preview ?? { url: page.canonical ?? goodPage.canonical, title: page.title, description: page.description };
  return pageProblems(url, page, { indexable, origins }).map((problem) => problem.kind);
};

describe("pageProblems", () => {
  test("a good page has none", () => {
    expect(kindsOf({})).toEqual([]);
  });

  test("title: missing, empty, and longer than 60 characters as a person counts them", () => {
    expect(kindsOf({ title: null })).toEqual(["title-missing"]);
    expect(kindsOf({ title: "" })).toEqual(["title-missing"]);
    expect(kindsOf({ title: "æ".repeat(60) })).toEqual([]);
    expect(kindsOf({ title: "æ".repeat(61) })).toEqual(["title-too-long"]);
  });

  test("meta description, one h1, alt on every image", () => {
    expect(kindsOf({ description: null })).toEqual(["description-missing"]);
    expect(kindsOf({ h1Count: 0 })).toEqual(["h1-count"]);
    expect(kindsOf({ h1Count: 2 })).toEqual(["h1-count"]);
    const [problem] = pageProblems(url, { ...goodPage, imagesWithoutAlt: ["/a.png", "/b.png"] }, { indexable: true, origins });
    expect(problem).toEqual({ kind: "image-alt", url, detail: "2 images without alt, first: /a.png" });
  });

  test("at least 100 words in <main>, on indexable pages only", () => {
    expect(kindsOf({ mainWordCount: 99 })).toEqual(["thin-content"]);
    expect(kindsOf({ mainWordCount: null })).toEqual(["thin-content"]);
    expect(kindsOf({ mainWordCount: 12 }, false)).toEqual([]);
  });

  test("a noindex page still needs everything else", () => {
    expect(kindsOf({ title: null, description: null, h1Count: 0, canonical: null }, false)).toEqual(["title-missing", "description-missing", "h1-count", "canonical-missing"]);
  });

  test("the canonical must be an absolute URL of the site", () => {
    expect(kindsOf({ canonical: null })).toEqual(["canonical-missing"]);
    expect(kindsOf({ canonical: "/kalender" })).toEqual(["canonical-invalid"]);
    expect(kindsOf({ canonical: "https://example.com/kalender" })).toEqual(["canonical-invalid"]);
  });
});

test("isNoindex reads the robots meta and the X-Robots-Tag header", () => {
  expect(isNoindex(null, null)).toBe(false);
  expect(isNoindex("index,follow", null)).toBe(false);
  expect(isNoindex("noindex,follow", null)).toBe(true);
  expect(isNoindex("NOINDEX", null)).toBe(true);
  expect(isNoindex("none", null)).toBe(true);
  expect(isNoindex(null, "noindex")).toBe(true);
});

const ok: Answer = { status: 200, location: null };
const moved: Answer = { status: 301, location: `${origin}/loppemarkeder` };
const missing: Answer = { status: 404, location: null };

test("a canonical must answer 200 itself", () => {
  expect(canonicalTargetProblem(url, `${origin}/kalender`, ok, origin)).toBeNull();
  expect(canonicalTargetProblem(url, `${origin}/loppemarked`, moved, origin)).toEqual({
    kind: "canonical-target",
    url,
    detail: "canonical /loppemarked answers 301 → /loppemarkeder",
  });
  expect(canonicalTargetProblem(url, `${origin}/x`, missing, origin)?.detail).toBe("canonical /x answers 404");
});

test("a link must lead straight to a page: a redirect is a problem of its own kind", () => {
  const from = [`${origin}/`, `${origin}/kalender`];
  expect(linkProblem(`${origin}/a`, ok, from, origin)).toBeNull();
  expect(linkProblem(`${origin}/loppemarked`, moved, from, origin)).toEqual({
    kind: "redirecting-link",
    url: `${origin}/loppemarked`,
    detail: "301 → /loppemarkeder",
    related: from,
  });
  expect(linkProblem(`${origin}/x`, missing, from, origin)?.kind).toBe("broken-link");
  expect(linkProblem(`${origin}/x`, { status: 500, location: null }, from, origin)?.kind).toBe("broken-link");
  expect(linkProblem(`${origin}/x`, { status: 0, location: null, error: "ECONNRESET" }, from, origin)?.detail).toBe("no answer (ECONNRESET)");
});

test("a title or description shared by several pages is one problem naming all of them", () => {
  const pages = [
    { url: `${origin}/b`, text: "Loppemarkeder" },
    { url: `${origin}/c`, text: "Kalender" },
    { url: `${origin}/a`, text: "Loppemarkeder" },
    { url: `${origin}/d`, text: null },
    { url: `${origin}/e`, text: null },
    { url: `${origin}/f`, text: "Loppemarkeder" },
  ];
  expect(duplicateProblems("title-duplicate", pages)).toEqual([
    { kind: "title-duplicate", url: `${origin}/a`, detail: '"Loppemarkeder"', related: [`${origin}/b`, `${origin}/f`] },
  ]);
  expect(duplicateProblems("description-duplicate", pages).map((problem) => problem.kind)).toEqual(["description-duplicate"]);
});

test("the link preview shows the page's own title and description at its canonical address", () => {
  expect(kindsOf({ preview: { ...goodPage.preview, url: null } })).toEqual(["link-preview"]);
  expect(kindsOf({ preview: { ...goodPage.preview, url: `${origin}/` } })).toEqual(["link-preview"]);
  expect(kindsOf({ preview: { ...goodPage.preview, title: "Kalender" } })).toEqual(["link-preview"]);
  expect(kindsOf({ preview: { ...goodPage.preview, description: null } })).toEqual(["link-preview"]);
});

test("the sitemap may list only pages that answer 200 and are indexable; unfetched URLs are not judged", () => {
  const answers = new Map<string, Answer>([
    [`${origin}/`, ok],
    [`${origin}/faq`, ok],
    [`${origin}/loppemarked`, moved],
    [`${origin}/x`, missing],
  ]);
  const problems = sitemapProblems([`${origin}/`, `${origin}/faq`, `${origin}/loppemarked`, `${origin}/x`, `${origin}/not-fetched`], answers, new Set([`${origin}/faq`]), origin);
  expect(problems.map((problem) => [problem.kind, problem.url])).toEqual([
    ["sitemap-noindex", `${origin}/faq`],
    ["sitemap-url-status", `${origin}/loppemarked`],
    ["sitemap-url-status", `${origin}/x`],
  ]);
});
