import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { replyToTopic, startTopic } from "../../app/forum/writes.server";
import translation from "../../app/locales/da/translation.json";
import { collectPageErrors, DESKTOP, launchBrowser } from "../support/browser";
import { browserSite, createTestAccount, signInContext, type TestAccount } from "../support/factories";
import { gotoHydrated, isSameDocument, markDocument, openContext, url } from "./helpers";

const texts = translation.forum;

/**
 * Live updates in the browser: a reply posted in one browser appears in another's open topic
 * without a reload, and seven tabs of one browser share one stream, all receive the reply, and the
 * site still answers in an eighth. The stream itself (headers, resume, rights, caps):
 * tests/integration/live-updates.test.ts.
 */
let browser: Browser;
let author: TestAccount;
let reader: TestAccount;
let topicId: number;

beforeAll(async () => {
  browser = await launchBrowser();
  [author, reader] = await Promise.all([createTestAccount({ name: "Karen Kommentar" }), createTestAccount({ name: "Leo Læser" })]);
  const { database } = await browserSite();
  await database.db
    .updateTable("user")
    .set({ createdAt: new Date(Date.now() - 2 * 24 * 3600_000).toISOString() })
    .where("id", "in", [author.id, reader.id])
    .execute();
  const started = await startTopic(database.db, author.id, { categorySlug: "generelt", title: "Hvem kommer til loppemarkedet i Ry?", text: "Jeg tager kage med.", marketId: null });
  if (started.kind !== "started") throw new Error(started.kind);
  topicId = started.topicId;
});

/** The author's posts an hour back: past the pause between one person's posts. */
async function pastThePause(): Promise<void> {
  const { database } = await browserSite();
  await database.db
    .updateTable("forum_posts")
    .set({ created_at: new Date(Date.now() - 3600_000).toISOString() })
    .where("author_id", "=", author.id)
    .execute();
}

afterAll(async () => {
  await browser?.close();
});

const topicPath = () => `/community/topic/${topicId}`;
const post = (page: Page, text: string) => page.getByRole("list", { name: texts.topic.postsLabel }).getByText(text);

async function signedIn(account: TestAccount): Promise<BrowserContext> {
  const context = await openContext(browser, DESKTOP);
  await signInContext(context, account);
  return context;
}

/** Waits until the page follows its stream: the EventSource has its first answer. */
async function openTopic(page: Page): Promise<void> {
  const streaming = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/live");
  await gotoHydrated(page, topicPath());
  await streaming;
  await markDocument(page);
}

test("a reply sent in one browser appears in another's open topic, without a reload", async () => {
  const [writing, reading] = await Promise.all([signedIn(author), signedIn(reader)]);
  try {
    const readerPage = await reading.newPage();
    const errors = collectPageErrors(readerPage);
    await openTopic(readerPage);

    await pastThePause();
    const writerPage = await writing.newPage();
    await gotoHydrated(writerPage, topicPath());
    await writerPage.getByRole("textbox", { name: texts.reply.label }).fill("Jeg kommer med boller og kaffe.");
    await writerPage.getByRole("button", { name: texts.reply.submit }).click();

    await post(readerPage, "Jeg kommer med boller og kaffe.").waitFor();
    expect(await isSameDocument(readerPage)).toBe(true);
    expect(await readerPage.locator("[data-live-news]").textContent()).toBe(texts.live.oneNew);
    expect(errors).toEqual([]);
  } finally {
    await Promise.all([writing.close(), reading.close()]);
  }
});

test("seven tabs of one browser share one stream, all receive a reply, and an eighth tab still loads", async () => {
  const context = await signedIn(reader);
  try {
    const streams: string[] = [];
    context.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/live") streams.push(request.url());
    });
    const tabs: Page[] = [];
    for (let i = 0; i < 7; i++) {
      const tab = await context.newPage();
      await gotoHydrated(tab, topicPath());
      tabs.push(tab);
    }
    await expect.poll(() => streams.length).toBeGreaterThan(0);

    const { database } = await browserSite();
    await pastThePause();
    const posted = await replyToTopic(database.db, author.id, topicId, "Svar til alle syv faner.");
    expect(posted.kind).toBe("posted");
    for (const tab of tabs) await post(tab, "Svar til alle syv faner.").waitFor();
    // One leader's stream (opened again when a tab added its channel), never one per tab.
    expect(new Set(streams.map((address) => new URL(address).searchParams.getAll("kanal").join())).size).toBe(1);
    expect(streams.length).toBeLessThan(7);

    const eighth = await context.newPage();
    const answer = await eighth.goto(url("/community"));
    expect(answer?.status()).toBe(200);
  } finally {
    await context.close();
  }
});
