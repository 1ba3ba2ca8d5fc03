import { parse } from "node-html-parser";
import { describe, expect, test } from "vitest";
import { countWords, readPage, visibleText } from "./page-facts";

const page = (head: string, body: string) => `<!DOCTYPE html><html lang="da"><head>${head}</head><body>${body}</body></html>`;

describe("readPage", () => {
  test("reads the head: title, description, robots and canonical, entities decoded", () => {
    const facts = readPage(
      page(
        `<title>Kræmmer &amp; loppe
           | Loppeguiden</title>
         <meta name="description" content="Find &quot;gode&quot; markeder">
         <meta name="Robots" content="noindex, follow">
         <link rel="canonical" href="https://loppeguiden.dk/a">
         <meta property="og:url" content="https://loppeguiden.dk/a">
         <meta property="og:title" content="Kræmmer &amp; loppe">`,
        "",
      ),
    );
    expect(facts).toMatchObject({
      title: "Kræmmer & loppe | Loppeguiden",
      description: 'Find "gode" markeder',
      robots: "noindex, follow",
      canonical: "https://loppeguiden.dk/a",
      preview: { url: "https://loppeguiden.dk/a", title: "Kræmmer & loppe", description: null },
    });
  });

  test("tells a missing title from an empty one, and skips an empty description", () => {
    expect(readPage(page("", "")).title).toBeNull();
    expect(readPage(page("<title> </title>", "")).title).toBe("");
    expect(readPage(page('<meta name="description" content="  ">', "")).description).toBeNull();
    expect(readPage(page("", "")).canonical).toBeNull();
    expect(readPage(page("", "")).robots).toBeNull();
  });

  test('counts h1 elements, and lists images without an alt attribute (alt="" is decorative and fine)', () => {
    const facts = readPage(page("", '<h1>A</h1><main><h1>B</h1><img src="/a.png" alt=""><img src="/b.png"><img alt="Kort"></main>'));
    expect(facts.h1Count).toBe(2);
    expect(facts.imagesWithoutAlt).toEqual(["/b.png"]);
  });

  test("lists every link's href, and has no word count without <main>", () => {
    const facts = readPage(page("", '<a href="/a">A</a> <a href=" /b#x ">B</a> <a>no href</a>'));
    expect(facts.links).toEqual(["/a", "/b#x"]);
    expect(facts.mainWordCount).toBeNull();
  });

  test("counts only the words inside <main>", () => {
    const facts = readPage(page("", "<header>en to tre</header><main><p>fire fem</p></main><footer>seks</footer>"));
    expect(facts.mainWordCount).toBe(2);
  });
});

describe("visible text", () => {
  const wordsIn = (html: string) => countWords(visibleText(parse(`<main>${html}</main>`).querySelector("main")!));

  test("leaves out what is never painted", () => {
    expect(
      wordsIn(`<p>synlig tekst</p>
        <script>const skjult = "ord ord ord";</script><style>.a { color: red }</style>
        <noscript>slå JavaScript til</noscript><template><p>skabelon</p></template>
        <div hidden>skjult</div><span class="sr-only">kun skærmlæser</span>
        <svg><title>ikon</title><text>tekst</text></svg>`),
    ).toBe(2);
  });

  test("keeps aria-hidden text, which a sighted visitor still reads", () => {
    expect(wordsIn('<p>Åbent <span aria-hidden="true">i dag</span></p>')).toBe(3);
  });

  test("separates words at block boundaries but not inside inline elements", () => {
    expect(wordsIn("<ul><li>Aarhus</li><li>Odense</li></ul><p>Kr<b>æ</b>mmer</p>")).toBe(3);
  });

  test("does not count separators as words", () => {
    expect(countWords("Lørdag – søndag · 10-16 kl. 9")).toBe(5);
    expect(countWords("  \n ")).toBe(0);
  });
});
