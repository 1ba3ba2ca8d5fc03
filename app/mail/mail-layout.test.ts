import { parse } from "node-html-parser";
import { describe, expect, test } from "vitest";
import { escapeHtml } from "../lib/html";
import { renderMail } from "./mail-layout";

const content = {
  subject: "Bekræft din e-mail",
  greeting: 'Hej <script>alert("x")</script> & Co',
  intro: ["Første afsnit."],
  action: { label: "Bekræft e-mail", url: 'https://loppeguiden.dk/auth/callback?mode=verify&token=a"b&next=%2F' },
  outro: ["Sidste afsnit."],
};

describe("the mail layout", () => {
  test("the text part holds every line and the link on a line of its own", () => {
    const { text } = renderMail(content);
    expect(text.split("\n")).toContain(content.action.url);
    expect(text).toContain("Første afsnit.");
    expect(text).toContain("Sidste afsnit.");
    expect(text.endsWith("Venlig hilsen\nLoppeguiden")).toBe(true);
  });

  test("the HTML part is a Danish document with the link as a button and written out, and escapes everything", () => {
    const { html } = renderMail(content);
    const document = parse(html);
    expect(document.querySelector("html")?.getAttribute("lang")).toBe("da");
    expect(document.querySelector("title")?.text).toBe("Bekræft din e-mail");
    expect(html).not.toContain("<script>");
    expect(html).toContain("Hej &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co");
    const links = document.querySelectorAll("a");
    expect(links.map((link) => link.getAttribute("href"))).toEqual([content.action.url, content.action.url]);
    expect(links[0]?.text).toBe("Bekræft e-mail");
  });

  test("escapeHtml covers the five characters that matter", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe("&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;");
  });
});
