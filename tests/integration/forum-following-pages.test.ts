import Parser from "rss-parser";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { createTestMarket, type TestAccount } from "../support/factories";
import { ageAccount, idsOf, movePostsBack } from "../support/forum";
import { startSite, type Client, type Site } from "../support/site";

const texts = translation.forum;
const CHROME = { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140" };
const BADGE_ONE = translation.nav.communityUnreadOne;

type Person = { account: TestAccount; client: Client };

/**
 * Community, part 2, as a browser without JavaScript and a feed reader meet it: following a topic,
 * the header's count of followed topics with new posts (never on a page the cache shares), the
 * discussions list, the forum's search page, the feeds, and a market's topics on its page.
 */
describe("following, searching and the feeds of the forum", () => {
  let site: Site;
  let writer: Person;
  let reader: Person;

  beforeAll(async () => {
    site = await startSite({ env: { PAGE_CACHE_MB: "8" } });
    [writer, reader] = await Promise.all([site.signedIn({ name: "Kirsten Skriver" }), site.signedIn({ name: "Lars Læser" })]);
    await Promise.all([ageAccount(site.database.db, writer.account.id), ageAccount(site.database.db, reader.account.id)]);
  });

  afterAll(async () => {
    await site?.close();
  });

  const anonymous = (path: string) => site.get(path, { headers: CHROME });

  async function startTopic(person: Person, fields: Record<string, string>): Promise<number> {
    await movePostsBack(site.database.db, person.account.id);
    const answer = await person.client.post("/community/new", { intent: "topic", category: "generelt", ...fields });
    expect(answer.status, answer.text.slice(0, 300)).toBe(303);
    return idsOf(answer.location).topicId;
  }

  async function reply(person: Person, topicId: number, text: string): Promise<void> {
    await movePostsBack(site.database.db, person.account.id);
    const answer = await person.client.post(`/community/topic/${topicId}`, { intent: "reply", text });
    expect(answer.status, answer.text.slice(0, 300)).toBe(303);
  }

  test("'Følg emnet' is a form that works without JavaScript; a visitor is sent to sign in", async () => {
    const topicId = await startTopic(writer, { title: "Følg med i dette emne", text: "Nyt om markedssæsonen" });
    const visitor = await anonymous(`/community/topic/${topicId}`);
    expect(visitor.html.buttons()).not.toContain(texts.follow.follow);
    expect(visitor.html.link(texts.follow.signIn)).toBe(`/sign-in?next=${encodeURIComponent(`/community/topic/${topicId}`)}`);
    const refused = await site.post(`/community/topic/${topicId}`, { intent: "follow" });
    expect(refused.status).toBe(302);
    expect(refused.location).toMatch(/^\/sign-in\?next=/);

    expect((await reader.client.get(`/community/topic/${topicId}`)).html.buttons()).toContain(texts.follow.follow);
    const followed = await reader.client.post(`/community/topic/${topicId}`, { intent: "follow" });
    expect(followed.status).toBe(303);
    expect(followed.location).toBe(`/community/topic/${topicId}`);
    expect(followed.flash?.title).toBe(texts.follow.followed);
    expect((await reader.client.get(`/community/topic/${topicId}`)).html.buttons()).toContain(texts.follow.unfollow);
    const unfollowed = await reader.client.post(`/community/topic/${topicId}`, { intent: "unfollow" });
    expect(unfollowed.flash?.title).toBe(texts.follow.unfollowed);
    expect((await reader.client.get(`/community/topic/${topicId}`)).html.buttons()).toContain(texts.follow.follow);
    // A topic that does not exist cannot be followed.
    expect((await reader.client.post("/community/topic/999999", { intent: "follow" })).status).toBe(404);
  });

  test("the header counts followed topics with new posts for the person, never on a cached page", async () => {
    const topicId = await startTopic(writer, { title: "Hvad koster en stadeplads?", text: "Jeg har set alt fra 50 til 300 kr." });
    // "Følg emnet" is pressed on the topic's page, which the reader has then read.
    await reader.client.get(`/community/topic/${topicId}`);
    await reader.client.post(`/community/topic/${topicId}`, { intent: "follow" });
    expect((await reader.client.get("/register")).html.text("header")).not.toContain(BADGE_ONE);
    // The visitor's copy of /register is cached before the reply, and again after it.
    await anonymous("/register");
    await reply(writer, topicId, "Her i byen er det 150 kr.");
    const own = await reader.client.get("/register");
    expect(own.html.text("header")).toContain(BADGE_ONE);
    // A page without React follows the person's own channel, and asks the count again when it says so.
    expect(own.html.one("body")?.getAttribute("data-live-person")).toBe(`person:${reader.account.id}`);
    expect(Number(own.html.one("body")?.getAttribute("data-live-since"))).toBeGreaterThan(0);
    const count = await reader.client.get("/api/community/ulaeste");
    expect(count.headers.get("cache-control")).toBe("no-store");
    expect(count.json()).toEqual({ count: 1 });
    expect((await site.get("/api/community/ulaeste")).status).toBe(401);
    const cached = await anonymous("/register");
    expect(cached.headers.get("x-page-cache")).toBe("hit");
    expect(cached.html.text("header")).not.toContain(BADGE_ONE);
    expect(cached.html.one("body")?.hasAttribute("data-live-person")).toBe(false);
    expect((await anonymous(`/community/topic/${topicId}`)).html.text("header")).not.toContain(BADGE_ONE);
    // Reading the topic: its own page's header already counts it as read.
    expect((await reader.client.get(`/community/topic/${topicId}`)).html.text("header")).not.toContain(BADGE_ONE);
    expect((await reader.client.get("/register")).html.text("header")).not.toContain(BADGE_ONE);
    expect((await reader.client.get("/api/community/ulaeste")).json()).toEqual({ count: 0 });
  });

  test("my discussions list the topics I started, replied to or follow, newest activity first, with what is new", async () => {
    const person = await site.signedIn({ name: "Mette Med" });
    await ageAccount(site.database.db, person.account.id);
    const empty = await person.client.get("/dashboard/community/discussions");
    expect(empty.status).toBe(200);
    expect(empty.html.h1s()).toEqual([texts.discussions.heading]);
    expect(empty.html.text("main")).toContain(texts.discussions.none);

    const started = await startTopic(person, { title: "Mettes eget emne", text: "Hej alle" });
    const repliedTo = await startTopic(writer, { title: "Mette svarer her", text: "Spørgsmål" });
    await reply(person, repliedTo, "Mit svar");
    const followed = await startTopic(writer, { title: "Mette følger her", text: "Noget at følge" });
    await person.client.post(`/community/topic/${followed}`, { intent: "follow" });
    await startTopic(writer, { title: "Mette er ligeglad her", text: "Uden Mette" });
    await reply(writer, started, "Et svar til Mette");

    const page = await person.client.get("/dashboard/community/discussions");
    const titles = page.html.all("main li h2").map((heading) => heading.text.trim());
    expect(titles).toEqual(["Mettes eget emne", "Mette følger her", "Mette svarer her"]);
    expect(page.html.text("main")).toContain(texts.discussions.unreadOne);
    // The link leads to the first post Mette has not read, where it stands.
    const link = page.html.link("Mettes eget emne")!;
    expect(link).toMatch(/^\/community\/indlaeg\/\d+$/);
    const place = await person.client.get(link);
    expect(place.status).toBe(302);
    expect(place.location).toBe(`/community/topic/${started}${link.replace("/community/indlaeg/", "#indlaeg-")}`);
    expect(page.html.meta("robots")).toBe("noindex,nofollow");
    expect((await person.client.get("/dashboard/community/discussions?side=2")).status).toBe(404);
    expect((await site.get("/dashboard/community/discussions")).status).toBe(302);
  });

  test("the search page finds a post by a misspelt Danish word, without JavaScript", async () => {
    const topicId = await startTopic(writer, { title: "Gamle kaffekander", text: "Hvad er en Bing & Grøndahl kaffekande værd?" });
    const blank = await anonymous("/community/soeg");
    expect(blank.status).toBe(200);
    expect(blank.html.h1s()).toEqual([texts.search.heading]);
    expect(blank.html.meta("robots")).toBe("noindex,follow");

    const found = await anonymous(`/community/soeg?q=${encodeURIComponent("kaffekandr")}`);
    expect(found.status).toBe(200);
    expect(found.html.h1s()).toEqual([texts.search.heading]);
    expect(found.html.one("title")?.text).toContain("„kaffekandr“");
    expect(found.html.text("main")).toContain(texts.search.resultsOne);
    const link = found.html.link("Gamle kaffekander")!;
    const place = await anonymous(link);
    expect(place.status).toBe(302);
    expect(place.location).toMatch(new RegExp(`^/community/topic/${topicId}#indlaeg-\\d+$`));
    expect(found.html.value("forum-soeg")).toBe("kaffekandr");

    const none = await anonymous("/community/soeg?q=zyxw");
    expect(none.html.text("main")).toContain(texts.search.none.replace("{{query}}", "zyxw"));
    expect((await anonymous("/community/soeg?q=kaffekande&side=9")).status).toBe(404);
    // A post's address is not found where it does not exist, or is not the visitor's to read.
    expect((await anonymous("/community/indlaeg/999999")).status).toBe(404);
    expect((await anonymous("/community/indlaeg/abc")).status).toBe(404);
    expect((await anonymous("/community/soeg?side=abc")).status).toBe(404);
    // A search longer than the box allows is read only so far, and answers.
    expect((await anonymous(`/community/soeg?q=${"kaffekande ".repeat(200)}`)).status).toBe(200);
    // /community has the search box and the feed.
    const community = await anonymous("/community");
    expect(community.html.one('form[role="search"]')?.getAttribute("action")).toBe("/community/soeg");
  });

  test("the feeds of the forum and of a category are RSS a feed reader reads, and follow new topics", async () => {
    const parser = new Parser();
    const before = await parser.parseString((await anonymous("/community/rss.xml")).text);
    const topicId = await startTopic(writer, { title: "Loppefund fra Ravnsborggade", text: "Se min **skønne** lampe", category: "loppefund" });
    const feed = await anonymous("/community/rss.xml");
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    const whole = await parser.parseString(feed.text);
    expect(whole.title).toBe(texts.feed.title);
    expect(whole.items.length).toBe(Math.min(20, before.items.length + 1));
    expect(whole.items[0]).toMatchObject({ title: "Loppefund fra Ravnsborggade", link: `${site.url}/community/topic/${topicId}`, creator: "Kirsten", categories: ["Loppefund"] });
    expect(whole.items[0]!.content).toContain("<strong>skønne</strong>");

    const category = await parser.parseString((await anonymous("/community/kategori/loppefund/rss.xml")).text);
    expect(category.title).toBe(texts.feed.categoryTitle.replace("{{category}}", "Loppefund"));
    expect(category.items.map((item) => item.title)).toEqual(["Loppefund fra Ravnsborggade"]);
    expect((await anonymous("/community/kategori/findes-ikke/rss.xml")).status).toBe(404);

    const page = await anonymous("/community/kategori/loppefund");
    expect(page.html.one('link[rel="alternate"][type="application/rss+xml"]')?.getAttribute("href")).toBe(`${site.url}/community/kategori/loppefund/rss.xml`);
    expect((await anonymous("/community")).html.one('link[rel="alternate"][type="application/rss+xml"]')?.getAttribute("href")).toBe(`${site.url}/community/rss.xml`);
  });

  test("a market's page lists the topics about it, newest activity first, and a way to start one", async () => {
    const market = await createTestMarket(site.database, { name: "Snakkemarkedet" });
    const empty = await anonymous(`/markeder/${market.slug}`);
    expect(empty.html.text("main")).toContain(texts.market.none);
    expect(empty.html.link(texts.market.start)).toBe(`/sign-in?next=${encodeURIComponent(`/community/new?marked=${market.slug}`)}`);
    expect((await anonymous(`/markeder/${market.slug}`)).headers.get("x-page-cache")).toBe("hit");

    const first = await startTopic(writer, { title: "Parkering ved Snakkemarkedet", text: "Hvor holder man?", market: market.slug });
    const second = await startTopic(reader, { title: "Stadepriser på Snakkemarkedet", text: "Hvad koster det?", market: market.slug });
    await reply(reader, first, "Ved hallen");
    const page = await anonymous(`/markeder/${market.slug}`);
    expect(page.headers.get("x-page-cache")).toBeNull();
    const list = page.html.one(`ul[aria-label="${texts.market.label}"]`);
    expect(list?.querySelectorAll("a").map((link) => link.getAttribute("href"))).toEqual([`/community/topic/${first}`, `/community/topic/${second}`]);
    expect(page.html.h1s()).toHaveLength(1);
  });
});
