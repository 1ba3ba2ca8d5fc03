import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { discussionsOf } from "../../app/forum/following/discussions.server";
import { markPageRead, markRead, setFollowing, unreadFollowedTopics } from "../../app/forum/following/reading.server";
import type { MailOptions } from "../../app/forum/moderation-mail.server";
import { moderatePost } from "../../app/forum/moderation.server";
import { forumCategories, latestTopics } from "../../app/forum/reads.server";
import { searchForum } from "../../app/forum/search/forum-search.server";
import { deleteOwnPost, editPost, replyToTopic, startTopic } from "../../app/forum/writes.server";
import { createUser, type TestUser } from "../support/factories";
import { ageAccount } from "../support/forum";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

const { kind } = inject("testDatabase");
const MINUTE = 60_000;
/** The moderation's notices go nowhere: their mails are another test's (forum-moderation.test.ts). */
const MAIL = {
  baseUrl: "http://localhost",
  send: async () => undefined,
  logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
} as unknown as MailOptions;

/**
 * Read positions, following and the forum's search, on both databases: a position never moves
 * back, the unread counts follow replies by others, replying follows, the discussions' order, and
 * the Danish search (a misspelt, inflected word; nothing the public may not read).
 */
describe(`reading, following and searching the forum on ${kind}`, () => {
  let database: TestDatabase;
  let alice: TestUser;
  let bob: TestUser;
  let carl: TestUser;
  const db = () => database.db;
  /** Every write a minute after the one before, so that no pace limit or order depends on the clock. */
  let clock = Date.now() - 1000 * MINUTE;
  const next = () => new Date((clock += MINUTE));

  beforeAll(async () => {
    database = await createTestDatabase();
    [alice, bob, carl] = await Promise.all([
      createUser(database, { name: "Alice Andersen" }),
      createUser(database, { name: "Bob Bentsen" }),
      createUser(database, { name: "Carl Carlsen" }),
    ]);
    await Promise.all([alice, bob, carl].map((person) => ageAccount(db(), person.id)));
  });

  afterAll(async () => {
    await database?.destroy();
  });

  async function people<const N extends readonly string[]>(...names: N): Promise<{ [K in keyof N]: TestUser }> {
    const created = await Promise.all(names.map((name) => createUser(database, { name })));
    await Promise.all(created.map((person) => ageAccount(db(), person.id)));
    return created as { [K in keyof N]: TestUser };
  }

  async function topic(authorId: string, title: string, text = `Om ${title}`) {
    const started = await startTopic(db(), authorId, { categorySlug: "generelt", title, text, marketId: null }, { now: next() });
    if (started.kind !== "started") throw new Error(`${started.kind}`);
    return started;
  }

  async function reply(authorId: string, topicId: number, text: string) {
    const posted = await replyToTopic(db(), authorId, topicId, text, { now: next() });
    if (posted.kind !== "posted") throw new Error(`${posted.kind}: ${"message" in posted ? posted.message : ""}`);
    return posted;
  }

  const position = async (userId: string, topicId: number) =>
    (await db().selectFrom("forum_topic_users").select("last_read_post_id").where("user_id", "=", userId).where("topic_id", "=", topicId).executeTakeFirst())?.last_read_post_id;

  test("a read position only moves forward", async () => {
    const { topicId, postId } = await topic(alice.id, "Læst og ulæst");
    const later = await reply(bob.id, topicId, "Et svar");
    await markRead(db(), carl.id, topicId, later.postId);
    await markRead(db(), carl.id, topicId, postId);
    expect(await position(carl.id, topicId)).toBe(later.postId);
    // Page 1 of a topic with one page holds both posts: opening it again changes nothing.
    await markPageRead(db(), carl.id, topicId, 1);
    expect(await position(carl.id, topicId)).toBe(later.postId);
  });

  test("starting or replying follows a topic; replies by others are unread until the page is read", async () => {
    // People of their own: the other tests' topics are not unread to them.
    const [alice, bob, carl] = await people("Anne", "Birk", "Cecilie");
    const { topicId } = await topic(alice.id, "Hvem følger med?");
    expect(await unreadFollowedTopics(db(), alice.id)).toBe(0);
    await reply(bob.id, topicId, "Jeg gør!");
    await reply(carl.id, topicId, "Også mig.");
    expect(await unreadFollowedTopics(db(), alice.id)).toBe(1);
    // Bob follows by replying, and has read up to his own post: only Carl's is new to him.
    expect(await unreadFollowedTopics(db(), bob.id)).toBe(1);
    const bobs = (await discussionsOf(db(), bob.id, 1)).discussions.find((discussion) => discussion.id === topicId);
    expect(bobs).toMatchObject({ unread: 1, following: true });
    await markPageRead(db(), alice.id, topicId, 1);
    expect(await unreadFollowedTopics(db(), alice.id)).toBe(0);
    // His own reply is never unread to him.
    await reply(alice.id, topicId, "Dejligt.");
    expect(await unreadFollowedTopics(db(), alice.id)).toBe(0);
    expect(await unreadFollowedTopics(db(), bob.id)).toBe(1);
    // No longer following: the header does not count it, the discussions list still has it.
    await setFollowing(db(), bob.id, topicId, false, next());
    expect(await unreadFollowedTopics(db(), bob.id)).toBe(0);
    expect((await discussionsOf(db(), bob.id, 1)).discussions.find((discussion) => discussion.id === topicId)).toMatchObject({ unread: 2, following: false });
  });

  test("a hidden or deleted reply is not unread, and a following reader sees the rest", async () => {
    const { topicId } = await topic(alice.id, "Skjulte svar");
    await setFollowing(db(), carl.id, topicId, true, next());
    await markPageRead(db(), carl.id, topicId, 1);
    const spam = await reply(bob.id, topicId, "Køb billige ting her");
    const kept = await reply(bob.id, topicId, "Et ordentligt svar");
    expect((await discussionsOf(db(), carl.id, 1)).discussions.find((discussion) => discussion.id === topicId)?.unread).toBe(2);
    await moderatePost(db(), alice.id, spam.postId, "hide", "Spam", MAIL, { now: next() });
    await deleteOwnPost(db(), bob.id, kept.postId, { now: next() });
    expect((await discussionsOf(db(), carl.id, 1)).discussions.find((discussion) => discussion.id === topicId)?.unread).toBe(0);
    expect(await unreadFollowedTopics(db(), carl.id)).toBe(0);
  });

  test("the discussions list: the newest activity first, only topics started, replied to or followed", async () => {
    const [person] = await people("Dorte Diskussion");
    const own = await topic(person.id, "Dortes emne");
    const repliedTo = await topic(alice.id, "Dorte svarede her");
    await reply(person.id, repliedTo.topicId, "Mit svar");
    const followed = await topic(bob.id, "Dorte følger dette");
    await setFollowing(db(), person.id, followed.topicId, true, next());
    const onlyRead = await topic(carl.id, "Dorte har kun læst dette");
    await markPageRead(db(), person.id, onlyRead.topicId, 1);
    await reply(alice.id, own.topicId, "Nyt i Dortes emne");
    const list = await discussionsOf(db(), person.id, 1);
    expect(list.discussions.map((discussion) => discussion.title)).toEqual(["Dortes emne", "Dorte følger dette", "Dorte svarede her"]);
    // The first post Dorte has not read: the reply to her topic.
    const unread = await db().selectFrom("forum_posts").select("id").where("topic_id", "=", own.topicId).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(list.discussions[0]).toMatchObject({ unread: 1, href: `/community/indlaeg/${unread.id}` });
    expect(list.total).toBe(3);
  });

  test("the lists' pages: the pinned topics first, then the rest by activity, none missed or shown twice; the counts leave out a blocked author's", async () => {
    // Two writers: one may start 20 topics a day.
    const [pia, per, blocked] = await people("Pia Paging", "Per Paging", "Bo Blokeret");
    for (let i = 0; i < 23; i++) await topic((i % 2 ? pia : per).id, `Side-emne ${i}`);
    const pinned = await topic(pia.id, "Fastgjort side-emne");
    await db().updateTable("forum_topics").set({ pinned_at: new Date().toISOString() }).where("id", "=", pinned.topicId).execute();
    await topic(blocked.id, "Et spærret emne");
    await db().updateTable("profiles").set({ blocked_at: new Date().toISOString() }).where("auth_user_id", "=", blocked.id).execute();
    const expected = await db()
      .selectFrom("forum_topics as t")
      .leftJoin("profiles as pr", "pr.auth_user_id", "t.author_id")
      .select("t.id")
      .where("t.state", "=", "published")
      .where("pr.blocked_at", "is", null)
      .orderBy(sql`case when t.pinned_at is null then 1 else 0 end`)
      .orderBy("t.last_posted_at", "desc")
      .orderBy("t.id", "desc")
      .execute();
    const first = await latestTopics(db(), { page: 1 });
    expect(first.total).toBe(expected.length);
    const shown = [...first.topics];
    for (let page = 2; page <= first.pages; page++) shown.push(...(await latestTopics(db(), { page })).topics);
    expect(shown.map((summary) => summary.id)).toEqual(expected.map((row) => row.id));
    expect(shown[0]?.title).toBe("Fastgjort side-emne");
    const categories = await forumCategories(db());
    expect(categories.find((category) => category.slug === "generelt")?.topicCount).toBe(expected.length);
    await db().updateTable("profiles").set({ blocked_at: null }).where("auth_user_id", "=", blocked.id).execute();
  });

  test("the search finds a post by a misspelt, inflected Danish word, newest first, the same on both databases", async () => {
    const { topicId } = await topic(alice.id, "Gamle symaskiner", "Min mormor havde en Singer-symaskine fra 1950'erne.");
    await reply(bob.id, topicId, "Jeg fandt to symaskiner på Kræmmermarkedet i Aarhus sidste lørdag.");
    await reply(carl.id, topicId, "Der var også kaffekander, men ingen symaskine.");
    // "symaskinerne" (stemmed), "symasknie" (two letters swapped), "kræmmermarked" and "kraemmermarkedet".
    for (const query of ["symaskinerne", "symasknie"]) {
      const found = await searchForum(db(), query, 1);
      expect(
        found.results.map((result) => result.excerpt.slice(0, 24)),
        query,
      ).toEqual(["Der var også kaffekander", "Jeg fandt to symaskiner ", "Min mormor havde en Sing"]);
    }
    const market = await searchForum(db(), "kraemmermarked aarhus", 1);
    expect(market.results).toHaveLength(1);
    expect(market.results[0]).toMatchObject({
      topicId,
      topicTitle: "Gamle symaskiner",
      authorName: "Bob",
      path: `/community/indlaeg/${market.results[0]!.postId}`,
    });
    // The topic's title is searched with its first post.
    expect((await searchForum(db(), "gamle", 1)).results.map((result) => result.excerpt)).toEqual(["Min mormor havde en Singer-symaskine fra 1950'erne."]);
    expect((await searchForum(db(), "og i på", 1)).total).toBe(0);
  });

  test("the search shows nothing the public may not read, and follows edits", async () => {
    const { topicId, postId } = await topic(alice.id, "Porcelænsmærker", "Hvordan kender man Bing og Grøndahl?");
    const hidden = await reply(bob.id, topicId, "Se min butik med grøndahlporcelæn");
    await moderatePost(db(), alice.id, hidden.postId, "hide", "Reklame", MAIL, { now: next() });
    expect((await searchForum(db(), "grøndahlporcelæn", 1)).total).toBe(0);
    await editPost(db(), alice.id, postId, { title: "Porcelænsmærker", text: "Hvordan kender man Royal Copenhagen?" }, { now: next() });
    expect((await searchForum(db(), "grøndahl", 1)).total).toBe(0);
    expect((await searchForum(db(), "royal copenhagen", 1)).results.map((result) => result.postId)).toEqual([postId]);
    // A blocked author's posts are not found while the block lasts.
    await db().updateTable("profiles").set({ blocked_at: new Date().toISOString() }).where("auth_user_id", "=", alice.id).execute();
    expect((await searchForum(db(), "royal copenhagen", 1)).total).toBe(0);
    await db().updateTable("profiles").set({ blocked_at: null }).where("auth_user_id", "=", alice.id).execute();
    // A word that left every post leaves the vocabulary, so no typo is corrected to it.
    const vocabulary = await db().selectFrom("forum_search_terms").select("term").where("term", "=", "grondahl").execute();
    expect(vocabulary).toEqual([]);
  });
});
