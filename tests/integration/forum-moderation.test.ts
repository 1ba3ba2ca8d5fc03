import { afterAll, beforeAll, describe, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import type { TestAccount } from "../support/factories";
import { ageAccount, idsOf, movePostsBack } from "../support/forum";
import { startSite, type Client, type Site } from "../support/site";

const texts = translation.forum;
const QUEUE = "/dashboard/admin/community";

/**
 * Keeping the forum clean, through the forms without JavaScript: "Anmeld", the admins' queue, hiding,
 * showing, approving and deleting posts, locking, pinning and moving topics; the author told why by
 * mail, every action in the admin log, a blocked person's posts hidden. Who may post each action at
 * all is the generated access test's (access.test.ts).
 */
describe("the forum's moderation", () => {
  let site: Site;
  let author: { account: TestAccount; client: Client };
  let reporter: { account: TestAccount; client: Client };
  let admin: { account: TestAccount; client: Client };

  beforeAll(async () => {
    site = await startSite();
    [author, reporter, admin] = await Promise.all([
      site.signedIn({ name: "Anton Forfatter" }),
      site.signedIn({ name: "Rita Anmelder" }),
      site.signedIn({ name: "Ada Admin", admin: true }),
    ]);
    for (const person of [author, reporter, admin]) await ageAccount(site.database.db, person.account.id);
  });

  afterAll(async () => {
    await site?.close();
  });

  async function newTopic(title: string, text = "Et helt almindeligt indlæg"): Promise<{ topicId: number; postId: number }> {
    await movePostsBack(site.database.db, author.account.id);
    const answer = await author.client.post("/community/new", { intent: "topic", category: "generelt", title, text });
    expect(answer.status, answer.text.slice(0, 200)).toBe(303);
    const { topicId } = idsOf(answer.location);
    const post = await site.database.db.selectFrom("forum_posts").select("id").where("topic_id", "=", topicId).executeTakeFirstOrThrow();
    return { topicId, postId: post.id };
  }

  async function logKinds(type: "post" | "topic", targetId: number): Promise<string[]> {
    const rows = await site.database.db
      .selectFrom("admin_log")
      .select("kind")
      .where("target_type", "=", type)
      .where("target_id", "=", String(targetId))
      .orderBy("created_at")
      .execute();
    return rows.map((row) => row.kind);
  }

  test("a report reaches the queue; the same person's second report adds nothing; one's own post cannot be reported", async () => {
    const { topicId, postId } = await newTopic("Sælger kopivarer", "Billige mærkevarer, skriv til mig");
    const form = await reporter.client.get(`/community/indlaeg/${postId}/anmeld`);
    expect(form.status).toBe(200);
    expect(form.html.h1s()).toEqual([texts.report.heading]);
    const missing = await reporter.client.post(`/community/indlaeg/${postId}/anmeld`, { intent: "report", text: "Se selv" });
    expect(missing.status).toBe(400);
    expect(missing.html.text("textarea")).toBe("Se selv");
    const answer = await reporter.client.post(`/community/indlaeg/${postId}/anmeld`, { intent: "report", reason: "spam", text: "Reklame for kopivarer" });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`/community/topic/${topicId}`);
    expect(answer.flash?.title).toBe(texts.report.sent);
    expect((await reporter.client.post(`/community/indlaeg/${postId}/anmeld`, { intent: "report", reason: "other", text: "Igen" })).status).toBe(303);
    const own = await author.client.post(`/community/indlaeg/${postId}/anmeld`, { intent: "report", reason: "spam" });
    expect(own.status).toBe(409);

    const queue = await admin.client.get(QUEUE);
    expect(queue.status).toBe(200);
    const reported = queue.html.region(texts.queue.reported);
    expect(reported.text()).toContain("Sælger kopivarer");
    expect(reported.text()).toContain("Reklame for kopivarer");
    expect(reported.text()).not.toContain("Igen");
    // A visitor who reports is sent to sign in first.
    expect((await site.get(`/community/indlaeg/${postId}/anmeld`)).status).toBe(302);
  });

  test("hiding a post needs a reason, tells the author why, leaves a note in its place and an entry in the log", async () => {
    const { topicId } = await newTopic("Et emne med et grimt svar");
    await movePostsBack(site.database.db, author.account.id);
    const replied = await author.client.post(`/community/topic/${topicId}`, { intent: "reply", text: "Noget grimt, som ikke hører hjemme her" });
    const replyId = idsOf(replied.location).postId!;
    const page = `/dashboard/admin/community/indlaeg/${replyId}`;
    const noReason = await admin.client.post(page, { intent: "hide", reason: "" });
    expect(noReason.status).toBe(409);
    expect(noReason.html.fieldMessage("moderering-reason")).toBe(texts.moderation.reasonRequired);
    const hidden = await admin.client.post(page, { intent: "hide", reason: "Sproget holder ikke" });
    expect(hidden.status).toBe(303);
    const topic = await site.get(`/community/topic/${topicId}`);
    expect(topic.html.text(`#indlaeg-${replyId}`)).toContain(texts.post.hidden);
    expect(topic.text).not.toContain("Noget grimt");
    const mail = await site.waitForMail(author.account.email);
    expect(mail.subject).toBe(texts.mail.hide.subject);
    expect(mail.text).toContain("Sproget holder ikke");
    expect(mail.text).toContain("Et emne med et grimt svar");
    // Shown again, then deleted: each in the log.
    expect((await admin.client.post(page, { intent: "show", reason: "" })).status).toBe(303);
    expect((await site.get(`/community/topic/${topicId}`)).text).toContain("Noget grimt");
    expect((await admin.client.post(page, { intent: "delete", reason: "Alligevel for grimt" })).status).toBe(303);
    expect((await site.get(`/community/topic/${topicId}`)).html.text(`#indlaeg-${replyId}`)).toContain(texts.post.deleted);
    expect(await logKinds("post", replyId)).toEqual(["post.hide", "post.show", "post.delete"]);
    // Nothing left to do: a second delete changes nothing and says so.
    expect((await admin.client.post(page, { intent: "delete", reason: "Igen" })).status).toBe(409);
  });

  test("a locked topic takes no replies but an admin's; pinned comes first; a move changes its category", async () => {
    const { topicId } = await newTopic("Et emne, der løber løbsk");
    const page = `/dashboard/admin/community/emne/${topicId}`;
    expect((await admin.client.post(page, { intent: "lock", reason: "Diskussionen er slut" })).status).toBe(303);
    const locked = await site.get(`/community/topic/${topicId}`);
    expect(locked.html.text("main")).toContain(texts.badges.locked);
    await movePostsBack(site.database.db, reporter.account.id);
    const refused = await reporter.client.post(`/community/topic/${topicId}`, { intent: "reply", text: "Men jeg har mere at sige" });
    expect(refused.status).toBe(409);
    expect(refused.html.text("main")).toContain(texts.topic.lockedNote);
    await expect.poll(() => site.mailsTo(author.account.email).map((mail) => mail.subject)).toContain(texts.mail.lock.subject);

    expect((await admin.client.post(page, { intent: "pin", reason: "" })).status).toBe(303);
    const older = await newTopic("Et nyere emne uden nål");
    const list = await site.get("/community/kategori/generelt");
    const titles = list.html.all("main ul li h3").map((heading) => heading.text.trim());
    expect(titles.findIndex((title) => title.startsWith("Et emne, der løber løbsk"))).toBeLessThan(titles.findIndex((title) => title.startsWith("Et nyere emne uden nål")));
    expect(older.topicId).toBeGreaterThan(topicId);

    const noCategory = await admin.client.post(page, { intent: "move", reason: "Forkert sted", category: "findes-ikke" });
    expect(noCategory.status).toBe(409);
    expect((await admin.client.post(page, { intent: "move", reason: "Hører til under arrangører", category: "arrangoerer" })).status).toBe(303);
    expect((await site.get("/community/kategori/arrangoerer")).text).toContain("Et emne, der løber løbsk");
    expect((await site.get("/community/kategori/generelt")).text).not.toContain("Et emne, der løber løbsk");
    expect(await logKinds("topic", topicId)).toEqual(["topic.lock", "topic.pin", "topic.move"]);
  });

  test("a waiting post is let out by an admin and then seen by everyone", async () => {
    const newcomer = await site.signedIn({ name: "Nina Ny" });
    const answer = await newcomer.client.post("/community/new", { intent: "topic", category: "loppefund", title: "Se mit fund", text: "Billeder på https://fund.example.dk" });
    const { topicId } = idsOf(answer.location);
    expect((await site.get(`/community/topic/${topicId}`)).status).toBe(404);
    expect((await newcomer.client.get(`/community/topic/${topicId}`)).status).toBe(200);
    const queue = await admin.client.get(QUEUE);
    expect(queue.html.region(texts.queue.waiting).text()).toContain("Se mit fund");
    const post = await site.database.db.selectFrom("forum_posts").select("id").where("topic_id", "=", topicId).executeTakeFirstOrThrow();
    expect((await admin.client.post(`/dashboard/admin/community/indlaeg/${post.id}`, { intent: "approve", reason: "" })).status).toBe(303);
    const topic = await site.get(`/community/topic/${topicId}`);
    expect(topic.status).toBe(200);
    expect(topic.html.one("article a")?.getAttribute("rel")).toBe("nofollow ugc noopener");
  });

  test("a blocked person's posts are hidden, and their topics are gone from the lists, until the block is lifted", async () => {
    const troll = await site.signedIn({ name: "Trine Trold" });
    await ageAccount(site.database.db, troll.account.id);
    const answer = await troll.client.post("/community/new", { intent: "topic", category: "generelt", title: "Trolden starter ballade", text: "Ballade!" });
    const { topicId } = idsOf(answer.location);
    expect((await site.get("/community")).text).toContain("Trolden starter ballade");
    expect((await admin.client.post(`/dashboard/admin/brugere/${troll.account.id}`, { intent: "block", reason: "Chikane" })).status).toBe(303);
    expect((await site.get(`/community/topic/${topicId}`)).status).toBe(404);
    expect((await site.get("/community")).text).not.toContain("Trolden starter ballade");
    expect((await admin.client.post(`/dashboard/admin/brugere/${troll.account.id}`, { intent: "unblock", reason: "Undskyldte" })).status).toBe(303);
    expect((await site.get(`/community/topic/${topicId}`)).status).toBe(200);
  });
});
