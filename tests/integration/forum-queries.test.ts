import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { reportPost } from "../../app/forum/reports.server";
import { findTopic, latestTopics, mostActiveTopics, topicPosts } from "../../app/forum/reads.server";
import { forumSitemapUrls } from "../../app/forum/sitemap-urls.server";
import { deleteOwnPost, replyToTopic, startTopic } from "../../app/forum/writes.server";
import { createUser, type TestUser } from "../support/factories";
import { ageAccount } from "../support/forum";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

const { kind } = inject("testDatabase");
const HOUR = 3600_000;

/**
 * The forum's queries and writes on both databases: a topic's figures follow its posts, the lists'
 * order, what the public sees of a blocked author, and writes that arrive together (two replies in
 * the same instant, the same report twice) counted one after the other, never two of what is one.
 */
describe(`the forum's queries on ${kind}`, () => {
  let database: TestDatabase;
  let alice: TestUser;
  let bob: TestUser;
  const db = () => database.db;

  beforeAll(async () => {
    database = await createTestDatabase();
    [alice, bob] = await Promise.all([createUser(database, { name: "Alice Andersen" }), createUser(database, { name: "Bob Bentsen" })]);
    await Promise.all([ageAccount(db(), alice.id), ageAccount(db(), bob.id)]);
  });

  afterAll(async () => {
    await database?.destroy();
  });

  async function topic(authorId: string, title: string, at: Date) {
    const started = await startTopic(db(), authorId, { categorySlug: "generelt", title, text: `Om ${title}`, marketId: null }, { now: at });
    if (started.kind !== "started") throw new Error(`${started.kind}`);
    return started;
  }

  test("a topic's replies and newest post follow its posts, also when one is deleted", async () => {
    const start = new Date(Date.now() - 10 * HOUR);
    const { topicId } = await topic(alice.id, "Tal og tider", start);
    const first = await replyToTopic(db(), bob.id, topicId, "Første svar", { now: new Date(start.getTime() + HOUR) });
    const second = await replyToTopic(db(), alice.id, topicId, "Andet svar", { now: new Date(start.getTime() + 2 * HOUR) });
    expect([first.kind, second.kind]).toEqual(["posted", "posted"]);
    let found = await findTopic(db(), topicId, null);
    expect(found).toMatchObject({ replyCount: 2, lastPostedAt: new Date(start.getTime() + 2 * HOUR).toISOString() });
    if (first.kind !== "posted") return;
    await deleteOwnPost(db(), bob.id, first.postId);
    found = await findTopic(db(), topicId, null);
    expect(found?.replyCount).toBe(1);
    const posts = await topicPosts(db(), topicId, 1, null);
    expect(posts.posts.map((post) => post.state)).toEqual(["published", "deleted", "published"]);
    expect(posts.posts[1]!.html).toBeNull();
  });

  test("the newest activity comes first, pinned topics before it; the most active have the most replies", async () => {
    const base = Date.now() - 5 * HOUR;
    const quiet = await topic(alice.id, "Stille emne", new Date(base));
    const busy = await topic(bob.id, "Travlt emne", new Date(base + 60_000));
    for (let i = 0; i < 3; i++) await replyToTopic(db(), i % 2 ? alice.id : bob.id, busy.topicId, `Svar ${i}`, { now: new Date(base + (i + 2) * 600_000) });
    const pinned = await topic(alice.id, "Fastgjort emne", new Date(base - 50 * HOUR));
    await db().updateTable("forum_topics").set({ pinned_at: new Date().toISOString() }).where("id", "=", pinned.topicId).execute();
    const list = await latestTopics(db(), { page: 1 });
    const titles = list.topics.map((summary) => summary.title);
    expect(titles[0]).toBe("Fastgjort emne");
    expect(titles.indexOf("Travlt emne")).toBeLessThan(titles.indexOf("Stille emne"));
    expect((await mostActiveTopics(db()))[0]?.title).toBe("Travlt emne");
    expect(quiet.topicId).toBeLessThan(busy.topicId);
  });

  test("a blocked author's topics leave the lists and the sitemap, and their posts are hidden in others' topics", async () => {
    const blocked = await createUser(database, { name: "Carl Spærret" });
    await ageAccount(db(), blocked.id);
    const own = await topic(blocked.id, "Spærret persons emne", new Date(Date.now() - 3 * HOUR));
    const other = await topic(alice.id, "Et emne med et spærret svar", new Date(Date.now() - 3 * HOUR));
    await replyToTopic(db(), blocked.id, other.topicId, "Et svar fra en, der bliver spærret", { now: new Date(Date.now() - 2 * HOUR) });
    await db().updateTable("profiles").set({ blocked_at: new Date().toISOString() }).where("auth_user_id", "=", blocked.id).execute();
    expect(await findTopic(db(), own.topicId, null)).toBeNull();
    expect((await latestTopics(db(), { page: 1 })).topics.map((summary) => summary.title)).not.toContain("Spærret persons emne");
    expect((await forumSitemapUrls(db())).map((entry) => entry.path)).not.toContain(`/community/topic/${own.topicId}`);
    const posts = await topicPosts(db(), other.topicId, 1, null);
    expect(posts.posts[1]).toMatchObject({ state: "blocked", html: null, quote: null });
  });

  test("two replies from one person in the same instant: one is posted, the other waits its turn", async () => {
    const { topicId } = await topic(alice.id, "Dobbeltklik", new Date(Date.now() - 2.5 * HOUR));
    const now = new Date();
    const outcomes = await Promise.all([replyToTopic(db(), bob.id, topicId, "Hurtigt svar", { now }), replyToTopic(db(), bob.id, topicId, "Hurtigt svar", { now })]);
    expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual(["posted", "refused"]);
    const posts = await db().selectFrom("forum_posts").select("id").where("topic_id", "=", topicId).where("author_id", "=", bob.id).execute();
    expect(posts).toHaveLength(1);
  });

  test("the same report twice at once is one report", async () => {
    const { postId } = await topic(alice.id, "Anmeldt to gange", new Date(Date.now() - 2 * HOUR));
    const rule = { limit: 20, windowSeconds: 86_400 };
    const outcomes = await Promise.all([
      reportPost(db(), bob.id, postId, { reason: "spam", text: null }, { rule }),
      reportPost(db(), bob.id, postId, { reason: "spam", text: null }, { rule }),
    ]);
    expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual(["already", "reported"]);
    const reports = await db().selectFrom("forum_reports").select("id").where("post_id", "=", postId).execute();
    expect(reports).toHaveLength(1);
  });
});
