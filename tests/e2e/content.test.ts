import Database from "better-sqlite3";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { allBlogPosts } from "../../app/content/blog.server";
import translation from "../../app/locales/da/translation.json";
import { axeViolations, DESKTOP, launchBrowser } from "../support/browser";
import { mailsTo, waitForMail } from "../support/mailbox";
import { baseUrl, expectToast, url, waitForHydration, watchHydration } from "./helpers";

const texts = translation.content;
const OPERATOR = "kontakt@loppeguiden.dk";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

// Every information page, article and blog post is opened in both themes by every-page.ts (one
// heading after hydration, axe, no console errors), and checked over HTTP by the SEO audit
// (tests/integration/seo-audit.test.ts: title, description, one H1, 100 words, alt texts, canonical, indexable).
// What the server sends in them (structured data, lists, pricing, credits, the cookie table, the
// sitemap) and the contact form without JavaScript: tests/integration/content-pages.test.ts,
// contact-page.test.ts and contact-limit.test.ts.

describe("the FAQ and the feed", () => {
  test("on /faq a question's link in the contents leads to the question, and shows it", async () => {
    const context = await browser.newContext(DESKTOP);
    try {
      const page = await context.newPage();
      await page.goto(url("/faq"));
      const link = page.locator('nav a[href="#kan-jeg-betale-med-mobilepay"]');
      await link.click();
      expect(page.url()).toBe(url("/faq#kan-jeg-betale-med-mobilepay"));
      await expect.poll(() => page.locator("#kan-jeg-betale-med-mobilepay").isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });

  test("/blog/rss.xml is valid RSS 2.0 with every post and absolute links", async () => {
    const posts = allBlogPosts();
    const xml = await (await fetch(url("/blog/rss.xml"))).text();
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
          links: [...doc.querySelectorAll("channel > link, item > link, item > guid")].filter((node) => node.namespaceURI === null).map((node) => node.textContent ?? ""),
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

  const expectThanks = (page: Page) => expectToast(page, texts.contact.sent.title);

  test("good input is stored, mailed to the operator and thanked for", async () => {
    const context = await browser.newContext(DESKTOP);
    try {
      await watchHydration(context);
      const page = await context.newPage();
      await page.goto(url("/kontakt"));
      await waitForHydration(page);
      const email = uniqueEmail("kontakt-js");
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
});
