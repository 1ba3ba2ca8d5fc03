import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startTopic } from "../../app/forum/writes.server";
import translation from "../../app/locales/da/translation.json";
import { collectPageErrors, launchBrowser } from "../support/browser";
import { expectNoAxeViolationsInBothThemes } from "../support/dark-theme";
import { browserSite, createTestAccount, signInContext, type TestAccount } from "../support/factories";
import { expectNoSidewaysScrolling, expectToast, gotoHydrated, openContext, url } from "./helpers";

const texts = translation.forum;
const PHONE = { viewport: { width: 320, height: 720 } };

/**
 * The forum in a browser: what needs JavaScript ("Citér" fills the reply at once, the focus on the
 * new post after sending) and each page's state passing axe in both themes on a 320 px screen.
 * Everything the server decides (posts, limits, moderation): tests/integration/forum-*.test.ts.
 */
let browser: Browser;
let author: TestAccount;
let reader: TestAccount;
let admin: TestAccount;
let topic: { topicId: number; postId: number };
/** A demo market that demo topics are about: its page shows "Snak om markedet". */
let talkedAbout: string;

beforeAll(async () => {
  browser = await launchBrowser();
  [author, reader, admin] = await Promise.all([
    createTestAccount({ name: "Agnete Forfatter" }),
    createTestAccount({ name: "Lars Læser" }),
    createTestAccount({ name: "Alma Admin", admin: true }),
  ]);
  const { database } = await browserSite();
  // Two days old, so that no new account's limit stands in the way.
  await database.db
    .updateTable("user")
    .set({ createdAt: new Date(Date.now() - 2 * 24 * 3600_000).toISOString() })
    .where("id", "in", [author.id, reader.id])
    .execute();
  const started = await startTopic(database.db, author.id, {
    categorySlug: "saelgertips",
    title: "Hvordan prissætter I bøger?",
    text: "Jeg har **tre kasser** bøger. Hvad tager I?\n\n- Paperbacks\n- Indbundne",
    marketId: null,
  });
  if (started.kind !== "started") throw new Error(started.kind);
  topic = { topicId: started.topicId, postId: started.postId };
  const market = await database.db
    .selectFrom("forum_topics as t")
    .innerJoin("markets as m", "m.id", "t.market_id")
    .select("m.slug")
    .where("t.state", "=", "published")
    .orderBy("t.id")
    .executeTakeFirstOrThrow();
  talkedAbout = market.slug;
});

afterAll(async () => {
  await browser?.close();
});

async function loaded(page: Page, path: string): Promise<void> {
  const response = await page.goto(url(path));
  expect(response?.status(), path).toBe(200);
}

test("a visitor reads the forum, a category, a topic, a search and a market's topics on a 320 px screen in both themes", async () => {
  const context = await openContext(browser, PHONE);
  try {
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    for (const [path, what] of [
      ["/community/kategori/saelgertips", "en kategori"],
      [`/community/topic/${topic.topicId}`, "et emne for en gæst"],
      ["/community/soeg?q=b%C3%B8ger", "en søgning i forummet"],
      [`/markeder/${talkedAbout}`, "et marked med emner"],
    ] as const) {
      await loaded(page, path);
      await expectNoSidewaysScrolling(page, what);
      await expectNoAxeViolationsInBothThemes(page, what);
    }
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});

test("'Citér' puts the quote into the reply at once, and after sending the focus is on the new post", async () => {
  const context = await openContext(browser, PHONE);
  try {
    await signInContext(context, reader);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await loaded(page, `/community/topic/${topic.topicId}`);
    await expectNoAxeViolationsInBothThemes(page, "et emne for en, der er logget ind");
    await page.getByRole("link", { name: `${texts.post.quote} ${texts.post.ofAuthor.replace("{{name}}", "Agnete")}` }).click();
    const reply = page.getByRole("textbox", { name: texts.reply.label });
    await expect.poll(() => reply.inputValue()).toMatch(/^> \*\*Agnete\*\* skrev:\n> Jeg har \*\*tre kasser\*\* bøger/);
    // The same document: the quote came without a new page, and the reader types below it.
    expect(new URL(page.url()).searchParams.has("citer")).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("svar-tekst");
    await page.keyboard.type("Tyve kroner for de indbundne.");
    await page.getByRole("button", { name: texts.reply.submit }).click();
    await page.waitForURL(/#indlaeg-\d+$/);
    const anchor = new URL(page.url()).hash.slice(1);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(anchor);
    await expect.poll(() => page.locator(`#${anchor} blockquote`).textContent()).toContain("tre kasser");
    await expectToast(page, texts.reply.sent);
    await expectNoSidewaysScrolling(page, "emnet med svaret");
    await expectNoAxeViolationsInBothThemes(page, "emnet med svaret og beskeden");
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});

test("a new topic, my topics, an edit and a report pass axe in both themes at 320 px; a topic sent empty is stopped at its first field", async () => {
  const context = await openContext(browser, PHONE);
  try {
    await signInContext(context, author);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await gotoHydrated(page, "/community/new");
    // Once someone starts on the form, the browser checks it before anything is sent.
    await page.getByRole("textbox", { name: texts.form.title }).focus();
    await page.locator("form[data-checks=browser]").waitFor();
    await page.getByRole("button", { name: texts.form.submit }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("category");
    await expectNoSidewaysScrolling(page, "nyt emne");
    await expectNoAxeViolationsInBothThemes(page, "nyt emne med fejl");
    for (const [path, what] of [
      ["/dashboard/community", "mine emner"],
      // The reader's reply (the test before) is new to the author: in the header and in the list.
      ["/dashboard/community/discussions", "mine diskussioner med nyt"],
      [`/dashboard/community/edit/${topic.postId}`, "ret indlæg"],
    ] as const) {
      await gotoHydrated(page, path);
      await expectNoSidewaysScrolling(page, what);
      await expectNoAxeViolationsInBothThemes(page, what);
    }
    await signInContext(context, reader);
    await gotoHydrated(page, `/community/indlaeg/${topic.postId}/anmeld`);
    await expectNoSidewaysScrolling(page, "anmeld");
    await expectNoAxeViolationsInBothThemes(page, "anmeld");
    await page.getByRole("radio", { name: texts.report.reasons.spam }).check();
    await page.getByRole("button", { name: texts.report.submit }).click();
    // Back on the topic first: on a busy machine the post and the page took more than the toast's five seconds.
    await page.waitForURL((address) => address.pathname.startsWith("/community/topic/"));
    await expectToast(page, texts.report.sent);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});

test("the admins' queue and the moderation of a post and a topic pass axe in both themes at 320 px", async () => {
  const context = await openContext(browser, PHONE);
  try {
    await signInContext(context, admin);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    for (const [path, what] of [
      ["/dashboard/admin/community", "forummets kø"],
      [`/dashboard/admin/community/indlaeg/${topic.postId}`, "et indlæg til moderering"],
      [`/dashboard/admin/community/emne/${topic.topicId}`, "et emne til moderering"],
    ] as const) {
      await gotoHydrated(page, path);
      await expectNoSidewaysScrolling(page, what);
      await expectNoAxeViolationsInBothThemes(page, what);
    }
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});
