import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { loadArticles, relatedArticles } from "./articles.server";
import { ContentError } from "./content-files.server";

const folders: string[] = [];

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const GOOD_META = {
  title: "Sådan sælger du på et loppemarked",
  description: "En beskrivelse, der er lang nok til at stå under titlen i en søgning og i listen over artikler.",
  author: "Loppeguidens redaktion",
  date: "2026-10-06",
  tags: "[sælg, begynder]",
};

function frontMatter(fields: Record<string, string>): string {
  return `---\n${Object.entries(fields)
    .map(([key, value]) => `${key}: ${value}`)
    .join("\n")}\n---\n`;
}

/** A content folder and a public folder with the given files. */
function site(articles: Record<string, string>, pictures: Record<string, string> = {}) {
  const root = mkdtempSync(path.join(tmpdir(), "lg-content-"));
  folders.push(root);
  const articlesDir = path.join(root, "articles");
  const publicDir = path.join(root, "public");
  mkdirSync(articlesDir);
  mkdirSync(path.join(publicDir, "illustrationer"), { recursive: true });
  for (const [name, text] of Object.entries(articles)) writeFileSync(path.join(articlesDir, name), text);
  for (const [name, text] of Object.entries(pictures)) writeFileSync(path.join(publicDir, "illustrationer", name), text);
  return () => loadArticles(articlesDir, publicDir);
}

const words = (count: number) => Array.from({ length: count }, (_, i) => `ord${i}`).join(" ");

describe("loading articles", () => {
  test("reads the front matter, renders the body and counts the reading time", () => {
    const load = site(
      {
        "saelg.md":
          frontMatter({ ...GOOD_META, image: "/illustrationer/bod.svg", imageAlt: "En bod", landingPages: "[/hyldemarkeder, /loppemarkeder-i-koebenhavn]" }) +
          `## Start\n\n${words(401)}\n`,
      },
      { "bod.svg": '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630"></svg>' },
    );
    const [article] = load();
    expect(article).toMatchObject({
      slug: "saelg",
      title: GOOD_META.title,
      date: "2026-10-06",
      modified: "2026-10-06",
      dateText: "6. oktober 2026",
      tags: ["sælg", "begynder"],
      image: { src: "/illustrationer/bod.svg", alt: "En bod", width: 1200, height: 630 },
      words: 402,
      readingMinutes: 3,
    });
    expect(article!.html).toContain("<h2>Start</h2>");
    expect(article!.landingPages).toEqual([
      { path: "/hyldemarkeder", label: "Hyldemarkeder", description: expect.any(String) },
      { path: "/loppemarkeder-i-koebenhavn", label: "Loppemarkeder i København", description: null },
    ]);
  });

  test("a missing title fails loudly at load, naming the file and the field", () => {
    const { title: _title, ...withoutTitle } = GOOD_META;
    const load = site({ "uden-titel.md": frontMatter(withoutTitle) + "Tekst" });
    expect(load).toThrow(ContentError);
    expect(load).toThrow(/articles\/uden-titel\.md: title:/);
  });

  test.each([
    ["a title that would pass 60 characters", { title: "x".repeat(61) }, /title/],
    ["a date that is not a calendar date", { date: "2026-02-30" }, /date/],
    ["no tags", { tags: "[]" }, /tags/],
    ["a field nobody reads", { forfatter: "Ole" }, /forfatter/],
    ["a picture without its alt text", { image: "/illustrationer/bod.svg" }, /imageAlt/],
    ["a picture that is not there", { image: "/illustrationer/mangler.svg", imageAlt: "Mangler" }, /mangler\.svg is not in the public folder/],
    ["a landing page that does not exist", { landingPages: "[/loppemarkeder-i-atlantis]" }, /loppemarkeder-i-atlantis is not a landing page/],
  ])("%s fails at load", (_what, change, message) => {
    const load = site({ "artikel.md": frontMatter({ ...GOOD_META, ...change }) + "Tekst" }, { "bod.svg": '<svg width="10" height="10"></svg>' });
    expect(load).toThrow(message);
  });

  test("a level-1 heading in the body fails: the title is the page's only one", () => {
    expect(site({ "artikel.md": frontMatter(GOOD_META) + "# En ekstra titel\n\nTekst" })).toThrow(/level-1 heading/);
  });

  test("a file name that is not a slug fails", () => {
    expect(site({ "Min Artikel.md": frontMatter(GOOD_META) + "Tekst" })).toThrow(/slug/);
  });

  test("articles come newest first", () => {
    const load = site({
      "a.md": frontMatter({ ...GOOD_META, date: "2026-01-01" }) + "Tekst",
      "b.md": frontMatter({ ...GOOD_META, date: "2026-03-01" }) + "Tekst",
      "c.md": frontMatter({ ...GOOD_META, date: "2026-02-01" }) + "Tekst",
    });
    expect(load().map((article) => article.slug)).toEqual(["b", "c", "a"]);
  });
});

describe("related articles", () => {
  const article = (slug: string, tags: string[], date = "2026-01-01") => ({ slug, tags, date, title: slug });
  const all = [
    article("prisen", ["sælg", "priser"], "2026-01-01"),
    article("pakkeliste", ["sælg", "stadeholder"], "2026-02-01"),
    article("hylder", ["sælg", "priser", "hyldemarkeder"], "2026-01-15"),
    article("boern", ["børn"], "2026-03-01"),
    article("bytte", ["priser"], "2026-04-01"),
  ];

  test("the most shared tags first, then the newest; never the article itself or one with no shared tag", () => {
    expect(relatedArticles(all[0]!, all).map((related) => related.slug)).toEqual(["hylder", "bytte", "pakkeliste"]);
    expect(relatedArticles(all[3]!, all)).toEqual([]);
  });

  test("at most the number asked for", () => {
    expect(relatedArticles(all[0]!, all, 1).map((related) => related.slug)).toEqual(["hylder"]);
  });
});

describe("the articles in content/articles", () => {
  const articles = loadArticles();

  test("there are at least eight, each of 600 words or more", () => {
    expect(articles.length).toBeGreaterThanOrEqual(8);
    for (const article of articles) expect(article.words, article.slug).toBeGreaterThanOrEqual(600);
  });

  test("each has a picture with alt text, links on to landing pages and shares a subject with another", () => {
    for (const article of articles) {
      expect(article.image?.alt, article.slug).toBeTruthy();
      expect(article.landingPages.length, article.slug).toBeGreaterThan(0);
      expect(relatedArticles(article, articles).length, article.slug).toBeGreaterThan(0);
    }
  });

  test("links between articles lead to articles that exist", () => {
    const slugs = new Set(articles.map((article) => article.slug));
    for (const article of articles) {
      for (const [, slug] of article.html.matchAll(/href="\/artikler\/([^"#]+)"/g)) expect(slugs.has(slug!), `${article.slug} → ${slug}`).toBe(true);
    }
  });
});
