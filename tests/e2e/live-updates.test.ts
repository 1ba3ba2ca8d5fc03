import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { replyToTopic, startTopic } from "../../app/forum/writes.server";
import { setFollowing } from "../../app/forum/following/reading.server";
import translation from "../../app/locales/da/translation.json";
import { collectPageErrors, DESKTOP, launchBrowser } from "../support/browser";
import { expectNoAxeViolationsInBothThemes } from "../support/dark-theme";
import { browserSite, createTestAccount, signInContext, type TestAccount } from "../support/factories";
import { gotoHydrated, isSameDocument, markDocument, openContext, url } from "./helpers";

const texts = translation.forum;

/**
 * Live updates in the browser: a reply posted in one browser appears in another's open topic
 * without a reload, /community counts the new topics, the admins' front page follows its queues,
 * and seven tabs of one browser share one stream, all receive the reply, and the
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

test("/community says how many new topics came while it was open, as a link that shows them", async () => {
  const context = await openContext(browser, DESKTOP);
  try {
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    const streaming = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/live");
    await gotoHydrated(page, "/community");
    await streaming;
    const notice = page.locator("[data-live-forum-since]");
    expect(await notice.isVisible()).toBe(false);

    const { database } = await browserSite();
    await pastThePause();
    const started = await startTopic(database.db, author.id, { categorySlug: "generelt", title: "Er der loppemarked i Skanderborg?", text: "Nogen der ved det?", marketId: null });
    expect(started.kind).toBe("started");
    await notice.getByRole("link", { name: texts.live.oneNewTopic }).waitFor();
    expect(await notice.getByRole("link").getAttribute("href")).toBe("/community");
    await expectNoAxeViolationsInBothThemes(page, "/community with new topics");
    expect(errors).toEqual([]);
  } finally {
    await context.close();
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

test("the admins' front page follows its queues, without a reload", async () => {
  const admin = await createTestAccount({ name: "Ada Admin", admin: true });
  const context = await signedIn(admin);
  try {
    const page = await context.newPage();
    const streaming = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/live");
    await gotoHydrated(page, "/dashboard/admin");
    await streaming;
    await markDocument(page);
    const waitingPosts = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: translation.admin.home.queues.forumWaiting, exact: true }) });
    const size = async () => Number(((await waitingPosts.locator("strong").textContent()) ?? "").replace(/\D/g, ""));
    const before = await size();

    // A new account's first post with a link waits for an admin.
    const newcomer = await createTestAccount({ name: "Nelly Ny" });
    const { database } = await browserSite();
    const started = await startTopic(database.db, newcomer.id, { categorySlug: "generelt", title: "Se min side om loppefund", text: "Kig på https://example.dk", marketId: null });
    expect(started).toMatchObject({ kind: "started", waits: true });
    await expect.poll(size).toBeGreaterThan(before);
    expect(await isSameDocument(page)).toBe(true);
  } finally {
    await context.close();
  }
});

test.each([
  ["with React", "/dashboard"],
  ["without React", "/register"],
])("the header's count of followed topics with news follows on a page %s", async (_, path) => {
  const follower = await createTestAccount({ name: "Freja Følger" });
  const { database } = await browserSite();
  await setFollowing(database.db, follower.id, topicId, true, new Date());
  await database.db.updateTable("forum_topic_users").set({ last_read_post_id: 2_000_000_000 }).where("user_id", "=", follower.id).execute();
  const context = await signedIn(follower);
  try {
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    const streaming = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/live");
    await gotoHydrated(page, path);
    await streaming;
    await markDocument(page);
    const shownBadges = page.locator("[data-unread-badge]:not([hidden])");
    expect(await shownBadges.count()).toBe(0);
    await database.db.updateTable("forum_topic_users").set({ last_read_post_id: 0 }).where("user_id", "=", follower.id).execute();
    await pastThePause();
    expect((await replyToTopic(database.db, author.id, topicId, `Nyt til Freja på ${path}.`)).kind).toBe("posted");
    await page.getByText(translation.nav.communityUnreadOne).first().waitFor({ state: "attached" });
    // Every badge: the row of links, the closed phone menu and the menu's own links.
    expect(await shownBadges.count()).toBe(await page.locator("[data-unread-badge]").count());
    expect(await isSameDocument(page)).toBe(true);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});
