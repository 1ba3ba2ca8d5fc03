import { describe, expect, test } from "vitest";
import { isInert, XSS_CORPUS } from "../../../tests/fixtures/xss-corpus";
import { postPlainText } from "./plain-text.server";
import { quoteMarkdown } from "./quote";
import { renderPost } from "./render-post.server";

const html = (source: string) => renderPost(source).html;

describe("a post's Markdown", () => {
  test("renders the subset people write", () => {
    expect(html("**fed** og *kursiv* og ~~streg~~")).toBe("<p><strong>fed</strong> og <em>kursiv</em> og <del>streg</del></p>");
    expect(html("første\nanden")).toBe("<p>første<br />anden</p>");
    expect(html("- a\n- b")).toBe("<ul>\n<li>a</li>\n<li>b</li>\n</ul>");
    expect(html("3. c\n4. d")).toBe('<ol start="3">\n<li>c</li>\n<li>d</li>\n</ol>');
    expect(html("> citat")).toBe("<blockquote>\n<p>citat</p>\n</blockquote>");
    expect(html("`kode` og\n\n```\nblok\n```")).toBe("<p><code>kode</code> og</p>\n<pre><code>blok\n</code></pre>");
  });

  test("marks every link as the writer's, and makes plain addresses links", () => {
    expect(html("[Loppeguiden](https://loppeguiden.dk)")).toBe('<p><a href="https://loppeguiden.dk/" rel="nofollow ugc noopener">Loppeguiden</a></p>');
    expect(html("Se www.loppe.dk og https://a.dk/b?c=1")).toBe(
      '<p>Se <a href="http://www.loppe.dk/" rel="nofollow ugc noopener">www.loppe.dk</a> og <a href="https://a.dk/b?c=1" rel="nofollow ugc noopener">https://a.dk/b?c=1</a></p>',
    );
    expect(html("[kalenderen](/kalender)")).toBe('<p><a href="/kalender" rel="nofollow ugc noopener">kalenderen</a></p>');
    expect(renderPost("https://a.dk og https://b.dk og [c](/kalender)").linkCount).toBe(3);
  });

  test("shows no headings, pictures, tables or rules as such", () => {
    expect(html("# Overskrift")).toBe("<p><strong>Overskrift</strong></p>");
    expect(html("![foto](https://evil.example/p.png)")).toBe('<p><a href="https://evil.example/p.png" rel="nofollow ugc noopener">foto</a></p>');
    expect(html("|a|b|\n|-|-|\n|1|2|")).toBe("<p>a | b<br />1 | 2</p>");
    expect(html("over\n\n---\n\nunder")).toBe("<p>over</p>\n<p>under</p>");
  });

  test("is the same text twice whatever its spacing and case", () => {
    expect(renderPost("  Samme   TEKST ").hash).toBe(renderPost("samme tekst").hash);
    expect(renderPost("samme tekst").hash).not.toBe(renderPost("en anden tekst").hash);
  });

  test.each(XSS_CORPUS.map((entry) => [entry]))("leaves nothing that runs of %j", (entry) => {
    expect(isInert(html(entry))).toEqual([]);
    expect(isInert(html(quoteMarkdown(entry, entry)))).toEqual([]);
  });

  test("is checked by a checker that finds what is not inert", () => {
    expect(isInert('<p onclick="x">a</p>')).toEqual(["p onclick"]);
    expect(isInert('<a href=" java\tscript:alert(1)">a</a>')).toHaveLength(1);
    expect(isInert("<svg><script>alert(1)</script></svg>")).toEqual(["<svg>", "<script>"]);
    expect(isInert('<img src="https://evil.example/p.png">')).toHaveLength(1);
    expect(isInert('<div style="x">a</div>')).toEqual(["div style"]);
  });

  test("finishes on text built to be slow", () => {
    for (const source of [
      ">".repeat(10_000),
      "*".repeat(20_000),
      "[".repeat(20_000),
      "_a".repeat(10_000),
      "- ".repeat(10_000),
      "`".repeat(20_000),
      Array.from({ length: 3000 }, (_, i) => `${" ".repeat(i * 2)}- x`).join("\n"),
    ]) {
      expect(typeof renderPost(source).html).toBe("string");
    }
  });
});

describe("a post as text", () => {
  test("keeps the words apart and decodes what the HTML escaped", () => {
    expect(postPlainText(html("Hej & **du**\n\n- a\n- b"))).toBe("Hej & du a b");
    expect(postPlainText(html("<b>ikke fed</b>"))).toBe("<b>ikke fed</b>");
  });

  test("is cut at a word with an ellipsis", () => {
    expect(postPlainText("<p>Et langt indlæg om loppemarkeder i Danmark</p>", 20)).toBe("Et langt indlæg om…");
  });
});

describe("a quote", () => {
  test("names the writer in bold and quotes each line", () => {
    expect(quoteMarkdown("Bent", "Linje 1\n\nLinje 3")).toBe("> **Bent** skrev:\n> Linje 1\n>\n> Linje 3\n\n");
    expect(html(quoteMarkdown("Bent", "Linje 1"))).toBe("<blockquote>\n<p><strong>Bent</strong> skrev:<br />Linje 1</p>\n</blockquote>");
  });

  test("keeps a hostile name as text", () => {
    const rendered = html(quoteMarkdown("*Ole* [x](javascript:alert(1)) <b>", "Hej"));
    expect(rendered).toContain("<strong>*Ole* [x](javascript:alert(1)) &lt;b&gt;</strong>");
  });
});
