import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, test } from "vitest";
import { replyToTopic, startTopic } from "../../app/forum/writes.server";
import { openDatabase, type AppDatabase } from "../../app/lib/db/database.server";
import translation from "../../app/locales/da/translation.json";
import { startBuiltServer, type StartedServer } from "../../scripts/built-server";
import { collectPageErrors, DESKTOP, launchBrowser } from "../support/browser";
import { createAccount, type SiteTarget, type TestAccount } from "../support/factories";
import { ageAccount, movePostsBack } from "../support/forum";
import { startTcpProxy, type TcpProxy } from "../support/tcp-proxy";
import { adminQuery, postgresAdminUrl, uniqueName, withDatabaseName } from "../support/test-database";
import { isSameDocument, markDocument, openContext } from "./helpers";

const texts = translation.forum;

/**
 * Live updates across instances and dropped connections: two app servers on one PostgreSQL
 * database, as several machines behind a load balancer run. A reply written through one reaches
 * a topic open on the other; a stream cut by the network, and one ended by its server stopping,
 * is resumed and receives every event it missed once and in order. The resume itself, frame by
 * frame: tests/integration/live-updates.test.ts.
 */
let browser: Browser;
let databaseName: string;
let database: AppDatabase;
let first: StartedServer;
let second: StartedServer;
let proxy: TcpProxy;
let author: TestAccount;
let reader: TestAccount;
let topicId: number;

beforeAll(async () => {
  databaseName = uniqueName("lg_e2e_live");
  await adminQuery(`CREATE DATABASE "${databaseName}"`);
  const databaseUrl = withDatabaseName(postgresAdminUrl(), databaseName);
  const env = { ...inject("serverEnv"), DATABASE_URL: databaseUrl, DEMO_DATA: "0" };
  // One after the other: the first migrates the empty database.
  first = await startBuiltServer(env);
  second = await startBuiltServer(env);
  database = openDatabase(databaseUrl, { poolSize: 2 });
  const site: SiteTarget = { url: first.url, database, sessionSecret: inject("sessionSecret") };
  [author, reader] = await Promise.all([createAccount(site, { name: "Anna Andenby" }), createAccount(site, { name: "Rasmus Rejsende" })]);
  await Promise.all([ageAccount(database.db, author.id), ageAccount(database.db, reader.id)]);
  const started = await startTopic(database.db, author.id, { categorySlug: "generelt", title: "Loppemarked på to maskiner", text: "Hvem kommer?", marketId: null });
  if (started.kind !== "started") throw new Error(started.kind);
  topicId = started.topicId;
  proxy = await startTcpProxy(Number(new URL(first.url).port));
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await proxy?.close();
  await Promise.all([first?.stop(), second?.stop()]);
  await database?.close();
  if (databaseName) await adminQuery(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
});

async function signedIn(account: TestAccount, site: string): Promise<BrowserContext> {
  const context = await openContext(browser, DESKTOP);
  await context.addCookies(account.cookies.map((cookie) => ({ ...cookie, url: site, httpOnly: true, sameSite: "Lax" as const })));
  return context;
}

const topicPath = () => `/community/topic/${topicId}`;
const postTexts = (page: Page) => page.getByRole("list", { name: texts.topic.postsLabel }).locator("article").allInnerTexts();

/** Opens the topic at `site` and waits until its stream has answered. */
async function openTopic(page: Page, site: string): Promise<void> {
  const streaming = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/live");
  await page.goto(new URL(topicPath(), site).href);
  await streaming;
  await markDocument(page);
}

/** Every event the page's stream delivered, by id and channel, in the order it came. */
async function recordEvents(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const received: { id: number; channel: string }[] = [];
    Object.assign(window, { __liveReceived: received });
    const Original = window.EventSource;
    window.EventSource = class extends Original {
      constructor(address: string | URL, init?: EventSourceInit) {
        super(address, init);
        this.addEventListener("message", (event) =>
          received.push({ id: Number(event.lastEventId), channel: String((JSON.parse(String(event.data)) as { channel: unknown }).channel) }),
        );
      }
    };
  });
}

const receivedOn = (page: Page) => page.evaluate(() => (window as unknown as { __liveReceived: { id: number; channel: string }[] }).__liveReceived);

async function topicEventIdsAfter(id: number): Promise<number[]> {
  const rows = await database.db.selectFrom("live_events").select("id").where("channel", "=", `topic:${topicId}`).where("id", ">", id).orderBy("id").execute();
  return rows.map((row) => Number(row.id));
}

async function reply(text: string): Promise<void> {
  await movePostsBack(database.db, author.id);
  expect((await replyToTopic(database.db, author.id, topicId, text)).kind).toBe("posted");
}

test("a reply written through one instance appears in a topic open on another", async () => {
  const [writing, reading] = await Promise.all([signedIn(author, second.url), signedIn(reader, first.url)]);
  try {
    const readerPage = await reading.newPage();
    const errors = collectPageErrors(readerPage);
    await openTopic(readerPage, first.url);

    await movePostsBack(database.db, author.id);
    const writerPage = await writing.newPage();
    await writerPage.goto(new URL(topicPath(), second.url).href);
    await writerPage.getByRole("textbox", { name: texts.reply.label }).fill("Skrevet på den anden maskine.");
    await writerPage.getByRole("button", { name: texts.reply.submit }).click();
    await writerPage.waitForURL((address) => address.hash.startsWith("#indlaeg-"));

    await readerPage.getByText("Skrevet på den anden maskine.").waitFor();
    expect(await isSameDocument(readerPage)).toBe(true);
    expect(errors).toEqual([]);
  } finally {
    await Promise.all([writing.close(), reading.close()]);
  }
});

test("a stream cut by the network, then ended by its server stopping, resumes each time with every missed event, once and in order", async () => {
  const context = await signedIn(reader, proxy.url);
  await recordEvents(context);
  try {
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await openTopic(page, proxy.url);
    const newest = await database.db
      .selectFrom("live_events")
      .select((eb) => eb.fn.max("id").as("id"))
      .executeTakeFirst();
    const start = Number(newest?.id ?? 0);

    // The network goes away: the open stream is cut and no new connection gets through.
    proxy.cut();
    await reply("Mens du var væk, 1.");
    await reply("Mens du var væk, 2.");
    proxy.restore();
    await page.getByText("Mens du var væk, 2.").waitFor({ timeout: 20_000 });

    // The first server stops (a restart): it ends its streams, and the browser comes back through the proxy to the second.
    proxy.cut();
    proxy.target = Number(new URL(second.url).port);
    expect(await first.stop()).toBe(0);
    await reply("Mens serveren skiftede, 3.");
    await reply("Mens serveren skiftede, 4.");
    proxy.restore();
    await page.getByText("Mens serveren skiftede, 4.").waitFor({ timeout: 20_000 });

    const shown = await postTexts(page);
    const missed = ["Mens du var væk, 1.", "Mens du var væk, 2.", "Mens serveren skiftede, 3.", "Mens serveren skiftede, 4."];
    const places = missed.map((text) => shown.findIndex((post) => post.includes(text)));
    expect(places.every((place, i) => place >= 0 && (i === 0 || place > places[i - 1]!))).toBe(true);
    expect(missed.map((text) => shown.filter((post) => post.includes(text)).length)).toEqual([1, 1, 1, 1]);

    // The stream's own account: each of the topic's events since the page opened, once, in order.
    const received = (await receivedOn(page)).filter((event) => event.channel === `topic:${topicId}`).map((event) => event.id);
    expect(received).toEqual(await topicEventIdsAfter(start));
    expect(await isSameDocument(page)).toBe(true);
    // The browser reports the streams the proxy cut, and nothing else.
    expect(errors.filter((error) => !error.includes("net::ERR_"))).toEqual([]);
  } finally {
    await context.close();
  }
});
