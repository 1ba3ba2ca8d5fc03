import { parse } from "node-html-parser";
import { expect, test } from "vitest";
import { blogFeed, blogPostTime } from "./rss";

const posts = [
  { slug: "nye-sider", title: "Nye sider & kort", description: "Sider for <byer>.", author: "Redaktionen", date: "2026-11-12", dateText: "12. november 2026" },
  { slug: "aabning", title: "Loppeguiden er åben", description: "Vi åbner.", author: "Redaktionen", date: "2026-11-02", dateText: "2. november 2026" },
];

test("an RSS 2.0 channel with absolute links and escaped text", () => {
  const xml = blogFeed({ baseUrl: "https://loppeguiden.dk", title: "Loppeguiden – nyheder", description: "Nyt fra guiden", posts });
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"')).toBe(true);
  const doc = parse(xml);
  const items = doc.querySelectorAll("item");
  expect(items.map((item) => item.querySelector("title")?.text)).toEqual(["Nye sider & kort", "Loppeguiden er åben"]);
  expect(xml).toContain("<title>Nye sider &amp; kort</title>");
  expect(items.map((item) => item.querySelector("guid")?.text)).toEqual(["https://loppeguiden.dk/blog/nye-sider", "https://loppeguiden.dk/blog/aabning"]);
  expect(xml).toContain("<description>Sider for &lt;byer&gt;.</description>");
  expect(xml).toContain("<link>https://loppeguiden.dk/blog</link>");
  expect(xml).toContain('<atom:link href="https://loppeguiden.dk/blog/rss.xml" rel="self" type="application/rss+xml"/>');
  expect(xml).toContain(`<lastBuildDate>${blogPostTime("2026-11-12").toUTCString()}</lastBuildDate>`);
});

test("dates are RFC 822, at noon Danish time on the post's day", () => {
  expect(blogPostTime("2026-11-02").toUTCString()).toBe("Mon, 02 Nov 2026 11:00:00 GMT");
});
