import { expect, test } from "vitest";
import { htmlToText, renderMarkdown } from "./markdown.server";

test("raw HTML in the Markdown is shown as text, never passed through", () => {
  const html = renderMarkdown('Hej <script>alert(1)</script> og <b>fed</b>\n\n<div onclick="x()">blok</div>\n');
  expect(html).not.toMatch(/<script|<b>|<div/);
  expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  expect(html).toContain("&lt;div onclick=&quot;x()&quot;&gt;blok&lt;/div&gt;");
});

test("links keep our paths, the web and e-mail; other schemes lose the link and keep the words", () => {
  const html = renderMarkdown("[side](/faq) [web](https://example.dk) [post](mailto:a@b.dk) [ond](javascript:alert(1))");
  expect(html).toContain('<a href="/faq">side</a>');
  expect(html).toContain('<a href="https://example.dk">web</a>');
  expect(html).toContain('<a href="mailto:a@b.dk">post</a>');
  expect(html).not.toContain("javascript:");
  expect(html).toContain("ond");
});

test("pictures in the body become their alt text: pictures belong in the front matter", () => {
  expect(renderMarkdown("![En stol](/stol.png)")).toBe("<p>En stol</p>\n");
});

test("table headings are column headers for screen readers", () => {
  const html = renderMarkdown("| Ting | Pris |\n|---|---|\n| Bog | 10 kr. |\n");
  expect(html).toContain('<th scope="col">Ting</th>');
  expect(html).toContain("<td>Bog</td>");
});

test("htmlToText leaves the words a reader sees", () => {
  expect(htmlToText("<p>Kaffe &amp; kage</p>\n<ul><li>5&nbsp;kr.</li></ul>")).toBe("Kaffe & kage 5 kr.");
});
