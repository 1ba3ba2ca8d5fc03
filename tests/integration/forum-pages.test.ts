import { afterAll, beforeAll, describe, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { createTestMarket, type TestAccount } from "../support/factories";
import { ageAccount, idsOf, movePostsBack } from "../support/forum";
import { startSite, type Client, type Site, type SiteResponse } from "../support/site";

const texts = translation.forum;
const CHROME = { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140" };

/**
 * The forum as a browser without JavaScript meets it: reading, starting a topic, replying, quoting,
 * editing and deleting one's own posts, the addresses that are not found, what a search engine
 * reads, and the cached pages each write forgets (the page cache is on, as in production).
 */
describe("the forum's pages", () => {
  let site: Site;
  let writer: { account: TestAccount; client: Client };
  let reader: { account: TestAccount; client: Client };

  beforeAll(async () => {
    site = await startSite({ env: { PAGE_CACHE_MB: "8" } });
    [writer, reader] = await Promise.all([site.signedIn({ name: "Karen Skriver" }), site.signedIn({ name: "Bent Læser" })]);
    await Promise.all([ageAccount(site.database.db, writer.account.id), ageAccount(site.database.db, reader.account.id)]);
  });

  afterAll(async () => {
    await site?.close();
  });

  const anonymous = (path: string) => site.get(path, { headers: CHROME });

  async function startTopic(person: { account: TestAccount; client: Client }, fields: Record<string, string>): Promise<{ topicId: number; answer: SiteResponse }> {
    await movePostsBack(site.database.db, person.account.id);
    const answer = await person.client.post("/community/new", { intent: "topic", category: "generelt", ...fields });
    expect(answer.status, answer.text.slice(0, 300)).toBe(303);
    return { topicId: idsOf(answer.location).topicId, answer };
  }

  async function reply(client: Client, topicId: number, text: string): Promise<SiteResponse> {
    await movePostsBack(site.database.db, writer.account.id);
    await movePostsBack(site.database.db, reader.account.id);
    return client.post(`/community/topic/${topicId}`, { intent: "reply", text });
  }

  test("an empty forum answers, says so and asks search engines not to list it yet", async () => {
    const page = await anonymous("/community");
    expect(page.status).toBe(200);
    expect(page.html.h1s()).toEqual([texts.overview.heading]);
    expect(page.html.meta("robots")).toBe("noindex,follow");
    expect(page.html.text("main")).toContain(texts.overview.empty);
  });

  test("a topic started without JavaScript is at its address, with the post, the category and its metadata", async () => {
    const { topicId, answer } = await startTopic(writer, { title: "Hvornår skal man komme til Ravnsborggade?", text: "Jeg tænker **tidligt**, men hvor tidligt?" });
    expect(answer.flash?.title).toBe(texts.new.started);
    const page = await anonymous(`/community/topic/${topicId}`);
    expect(page.status).toBe(200);
    expect(page.html.h1s()).toEqual(["Hvornår skal man komme til Ravnsborggade?"]);
    expect(page.html.one("article strong")?.text).toBe("tidligt");
    expect(page.html.text("article h2")).toBe("Karen");
    const time = page.html.one("article time");
    expect(time?.getAttribute("datetime")).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(time?.text).toBe("nu");
    expect(page.html.meta("description")).toBe("Jeg tænker tidligt, men hvor tidligt?");
    expect(page.html.canonical).toBe(`${site.url}/community/topic/${topicId}`);
    const posting = page.html.structuredData().find((item) => item["@type"] === "DiscussionForumPosting");
    expect(posting).toMatchObject({ headline: "Hvornår skal man komme til Ravnsborggade?", author: { name: "Karen" } });
    // The forum's front page and the category list it now, and ask to be indexed.
    const front = await anonymous("/community");
    expect(front.html.meta("robots")).toBeNull();
    expect(front.html.link("Hvornår skal man komme til Ravnsborggade?")).toBe(`/community/topic/${topicId}`);
    const category = await anonymous("/community/kategori/generelt");
    expect(category.status).toBe(200);
    expect(category.html.link("Hvornår skal man komme til Ravnsborggade?")).toBe(`/community/topic/${topicId}`);
    const sitemap = await anonymous("/sitemap.xml");
    expect(sitemap.text).toContain(`/community/topic/${topicId}</loc>`);
    expect(sitemap.text).toContain("/community/kategori/generelt</loc>");
  });

  test("a malformed or unknown topic, category or page is not found", async () => {
    for (const path of [
      "/community/topic/abc",
      "/community/topic/0",
      "/community/topic/1.5",
      "/community/topic/99999999",
      "/community/topic/1e3",
      "/community/kategori/findes-ikke",
      "/community?side=0",
      "/community?side=x",
      "/community?side=9",
    ]) {
      expect((await anonymous(path)).status, path).toBe(404);
    }
  });

  test("a visitor who replies is sent to sign in and comes back to the topic; the page asks them to sign in", async () => {
    const { topicId } = await startTopic(writer, { title: "Et emne til gæster", text: "Hej alle sammen" });
    const answer = await site.post(`/community/topic/${topicId}`, { intent: "reply", text: "Jeg er ikke logget ind" });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/sign-in?next=${encodeURIComponent(`/community/topic/${topicId}`)}`);
    const page = await anonymous(`/community/topic/${topicId}`);
    expect(page.html.link(texts.reply.signIn)).toContain("/sign-in?next=");
    expect(page.html.one("textarea")).toBeNull();
  });

  test("a reply lands in its place with a toast; a quote of it is a quote; the topic counts it", async () => {
    const { topicId } = await startTopic(writer, { title: "Priser på børnetøj", text: "Hvad tager I for en body?" });
    const answer = await reply(reader.client, topicId, "Fem kroner stykket, tre for ti.");
    expect(answer.status).toBe(303);
    const { postId } = idsOf(answer.location);
    expect(answer.location).toBe(`/community/topic/${topicId}#indlaeg-${postId}`);
    expect(answer.flash?.title).toBe(texts.reply.sent);
    // "Citér" without JavaScript: the reply form starts with the quote.
    const quoting = await writer.client.get(`/community/topic/${topicId}?citer=${postId}`);
    const quote = quoting.html.one("textarea#svar-tekst")?.text ?? "";
    expect(quote).toMatch(/^> \*\*Bent\*\* skrev:\n> Fem kroner stykket, tre for ti\./);
    await reply(writer.client, topicId, `${quote}\nTak, det lyder rimeligt.`);
    const page = await anonymous(`/community/topic/${topicId}`);
    const posts = page.html.all("article");
    expect(posts).toHaveLength(3);
    expect(posts[2]!.querySelector("blockquote")?.text).toContain("Fem kroner stykket");
    const list = await anonymous("/community/kategori/generelt");
    expect(list.html.text("main")).toContain("Priser på børnetøj");
    expect(list.html.text("main")).toMatch(/Priser på børnetøj.*2 svar/);
  });

  test("an invalid reply keeps the text and puts the message at the field", async () => {
    const { topicId } = await startTopic(writer, { title: "Et emne til tomme svar", text: "Start" });
    const answer = await reply(reader.client, topicId, " ");
    expect(answer.status).toBe(400);
    expect(answer.html.fieldMessage("svar-tekst")).toBe(texts.form.textRequired);
    const tooLong = "x".repeat(20_001);
    const long = await reply(reader.client, topicId, tooLong);
    expect(long.status).toBe(400);
    expect(long.html.one("textarea#svar-tekst")?.text).toBe(tooLong);
  });

  test("the author edits a post, which says 'redigeret', and the first post's edit renames the topic", async () => {
    const { topicId } = await startTopic(writer, { title: "Stavefejl i overskriften", text: "Første udgave" });
    const page = await anonymous(`/community/topic/${topicId}`);
    const postId = Number(page.html.one("article")?.getAttribute("id")?.replace("indlaeg-", ""));
    const form = await writer.client.get(`/dashboard/community/edit/${postId}`);
    expect(form.status).toBe(200);
    expect(form.html.one("textarea")?.text).toBe("Første udgave");
    const answer = await writer.client.post(`/dashboard/community/edit/${postId}`, { intent: "save", title: "Ingen stavefejl i overskriften", text: "Anden udgave" });
    expect(answer.status).toBe(303);
    const after = await anonymous(`/community/topic/${topicId}`);
    expect(after.html.h1s()).toEqual(["Ingen stavefejl i overskriften"]);
    expect(after.html.text("article")).toContain("Anden udgave");
    expect(after.html.text("article")).toContain(texts.post.edited);
    // Someone else's post: refused, and unchanged.
    const other = await reader.client.post(`/dashboard/community/edit/${postId}`, { intent: "save", text: "Overtaget" });
    expect(other.status).toBe(403);
    const deleting = await reader.client.post(`/dashboard/community/edit/${postId}`, { intent: "delete" });
    expect(deleting.status).toBe(403);
    expect((await anonymous(`/community/topic/${topicId}`)).html.text("article")).toContain("Anden udgave");
  });

  test("a deleted post says so in its place, and the replies to it stay", async () => {
    const { topicId } = await startTopic(writer, { title: "Et indlæg, der bliver slettet", text: "Det her fortryder jeg" });
    await reply(reader.client, topicId, "Svaret bliver stående");
    const first = (await anonymous(`/community/topic/${topicId}`)).html.one("article")!.getAttribute("id")!.replace("indlaeg-", "");
    const answer = await writer.client.post(`/dashboard/community/edit/${first}`, { intent: "delete" });
    expect(answer.status).toBe(303);
    const page = await anonymous(`/community/topic/${topicId}`);
    const posts = page.html.all("article");
    expect(posts[0]!.text).toContain(texts.post.deleted);
    expect(posts[0]!.text).not.toContain("fortryder");
    expect(posts[1]!.text).toContain("Svaret bliver stående");
    expect((await writer.client.get(`/dashboard/community/edit/${first}`)).status).toBe(404);
  });

  test("a long topic has pages of 20 posts, each with its own title", async () => {
    const { topicId } = await startTopic(writer, { title: "Et langt emne om lopper", text: "Indlæg 1" });
    const now = Date.now();
    await site.database.db
      .insertInto("forum_posts")
      .values(
        Array.from({ length: 24 }, (_, i) => ({
          topic_id: topicId,
          author_id: reader.account.id,
          state: "published" as const,
          body_markdown: `Indlæg ${i + 2}`,
          body_html: `<p>Indlæg ${i + 2}</p>`,
          body_hash: `hash-${i}`,
          created_at: new Date(now - (24 - i) * 1000).toISOString(),
        })),
      )
      .execute();
    const second = await anonymous(`/community/topic/${topicId}?side=2`);
    expect(second.status).toBe(200);
    expect(second.html.all("article")).toHaveLength(5);
    expect(second.html.text("title")).toContain("side 2");
    expect((await anonymous(`/community/topic/${topicId}?side=3`)).status).toBe(404);
  });

  test("a topic about a market shows the market's card", async () => {
    const market = await createTestMarket(site.database, { name: "Snaps og Lopper i Aalborg" });
    const { topicId } = await startTopic(writer, { title: "Har nogen været der?", text: "Er det værd at køre efter?", market: `${site.url}/markeder/${market.slug}` });
    const page = await anonymous(`/community/topic/${topicId}`);
    expect(page.html.link("Snaps og Lopper i Aalborg")).toBe(`/markeder/${market.slug}`);
    const unknown = await writer.client.post("/community/new", {
      intent: "topic",
      category: "generelt",
      title: "Et ukendt marked",
      text: "Hvor er det?",
      market: "findes-ikke-marked",
    });
    expect(unknown.status).toBe(409);
    expect(unknown.html.fieldMessage("market")).toBe(texts.form.marketUnknown);
    expect(unknown.html.one("textarea")?.text).toBe("Hvor er det?");
  });

  test("a post forgets only the cached pages it changes: the topic, its category, /community and the market's page", async () => {
    const market = await createTestMarket(site.database, { name: "Cachens Marked" });
    const { topicId } = await startTopic(writer, { title: "Et emne i cachen", text: "Første", market: market.slug });
    const paths = [`/community/topic/${topicId}`, "/community/kategori/generelt", "/community", `/markeder/${market.slug}`, "/register", "/community/kategori/loppefund"];
    for (const path of paths) await anonymous(path);
    for (const path of paths) expect((await anonymous(path)).headers.get("x-page-cache"), path).toBe("hit");
    await reply(reader.client, topicId, "Et nyt svar");
    const after = Object.fromEntries(await Promise.all(paths.map(async (path) => [path, (await anonymous(path)).headers.get("x-page-cache")] as const)));
    expect(after).toEqual({
      [`/community/topic/${topicId}`]: null,
      "/community/kategori/generelt": null,
      "/community": null,
      [`/markeder/${market.slug}`]: null,
      "/register": "hit",
      "/community/kategori/loppefund": "hit",
    });
    expect((await anonymous(`/community/topic/${topicId}`)).html.text("main")).toContain("Et nyt svar");
  });

  test("the forum name is chosen in the settings and shown on every post; my topics are listed on the dashboard", async () => {
    const { topicId } = await startTopic(writer, { title: "Mit navn i forummet", text: "Hvem er jeg?" });
    const settings = await writer.client.get("/dashboard/indstillinger");
    expect(settings.html.field(translation.settings.forumName.label).getAttribute("value")).toBe("Karen");
    const saved = await writer.client.post("/dashboard/indstillinger", { intent: "forum-name", forumName: "Loppe-Karen" });
    expect(saved.status).toBe(303);
    expect((await anonymous(`/community/topic/${topicId}`)).html.text("article h2")).toBe("Loppe-Karen");
    const invalid = await writer.client.post("/dashboard/indstillinger", { intent: "forum-name", forumName: "K" });
    expect(invalid.status).toBe(400);
    expect(invalid.html.fieldMessage("forumnavn")).toBe(texts.name.tooShort.replace("{{min}}", "2"));
    const mine = await writer.client.get("/dashboard/community");
    expect(mine.html.link("Mit navn i forummet")).toBe(`/community/topic/${topicId}`);
    // The data download has the posts.
    const data = await writer.client.get("/dashboard/indstillinger/mine-data");
    const exported = data.json<{ forum: { forumName: string; posts: { text: string }[] } }>();
    expect(exported.forum.forumName).toBe("Loppe-Karen");
    expect(exported.forum.posts.map((post) => post.text)).toContain("Hvem er jeg?");
  });

  test("a deleted account's posts stay, by 'Slettet bruger'", async () => {
    const leaving = await site.signedIn({ name: "Ole Går" });
    await ageAccount(site.database.db, leaving.account.id);
    const { topicId } = await startTopic(leaving, { title: "Jeg er her ikke længe", text: "Farvel og tak" });
    const deleted = await leaving.client.post("/dashboard/indstillinger", { intent: "delete", password: leaving.account.password! });
    expect(deleted.status).toBe(303);
    const page = await anonymous(`/community/topic/${topicId}`);
    expect(page.status).toBe(200);
    expect(page.html.text("article h2")).toBe(texts.deletedAuthor);
    expect(page.html.text("article")).toContain("Farvel og tak");
  });
});
