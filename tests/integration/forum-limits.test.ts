import { afterAll, beforeAll, describe, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import type { TestAccount } from "../support/factories";
import { ageAccount, idsOf, movePostsBack } from "../support/forum";
import { startSite, type Client, type Site, type SiteResponse } from "../support/site";

const limits = translation.forum.limits;
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_whole, name: string) => String(values[name]));

/**
 * The forum's limits (app/forum/limits.server.ts), each met through the forms as a person meets
 * it: the Danish message at the form or the field, the text kept, and 429 with Retry-After for a
 * limit of pace or count. Time is moved by moving the posts back, not by waiting.
 */
describe("the forum's limits", () => {
  let site: Site;
  let topicId: number;

  beforeAll(async () => {
    site = await startSite({ env: { RATE_LIMIT_FORUM_REPORTS: "2/86400" } });
    const opener = await site.signedIn({ name: "Olga Åbner" });
    await ageAccount(site.database.db, opener.account.id);
    const started = await opener.client.post("/community/new", { intent: "topic", category: "generelt", title: "Et emne at svare i", text: "Svar gerne her" });
    topicId = idsOf(started.location).topicId;
  });

  afterAll(async () => {
    await site?.close();
  });

  async function person(old: boolean): Promise<{ account: TestAccount; client: Client }> {
    const signed = await site.signedIn();
    if (old) await ageAccount(site.database.db, signed.account.id);
    return signed;
  }

  const reply = (client: Client, text: string) => client.post(`/community/topic/${topicId}`, { intent: "reply", text });
  const topic = (client: Client, title: string, text = "Noget at tale om") => client.post("/community/new", { intent: "topic", category: "generelt", title, text });
  const formMessage = (answer: SiteResponse) => answer.html.alerts().join(" ");

  test("everyone waits 5 seconds between posts; the text is kept", async () => {
    const { client } = await person(true);
    expect((await reply(client, "Mit første svar")).status).toBe(303);
    const answer = await reply(client, "Mit andet svar, lige efter");
    expect(answer.status).toBe(429);
    expect(Number(answer.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(Number(answer.headers.get("retry-after"))).toBeLessThanOrEqual(5);
    expect(formMessage(answer)).toMatch(/^Du skriver lidt hurtigt\. Vent \d sekund(er)?, og send så igen/);
    expect(answer.html.one("textarea#svar-tekst")?.text).toBe("Mit andet svar, lige efter");
  });

  test("a new account waits 30 seconds between posts", async () => {
    const { account, client } = await person(false);
    expect((await reply(client, "Hej fra en ny konto")).status).toBe(303);
    await movePostsBack(site.database.db, account.id, 10);
    const answer = await reply(client, "Og igen efter ti sekunder");
    expect(answer.status).toBe(429);
    expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(15);
    await movePostsBack(site.database.db, account.id, 30);
    expect((await reply(client, "Og igen efter fyrre sekunder")).status).toBe(303);
  });

  test("nobody posts the same text twice within five minutes", async () => {
    const { account, client } = await person(true);
    expect((await reply(client, "Samme tekst to gange")).status).toBe(303);
    await movePostsBack(site.database.db, account.id, 60);
    const answer = await reply(client, "  samme   TEKST to gange ");
    expect(answer.status).toBe(409);
    expect(answer.html.fieldMessage("svar-tekst")).toBe(limits.duplicate);
    await movePostsBack(site.database.db, account.id, 300);
    expect((await reply(client, "Samme tekst to gange")).status).toBe(303);
  });

  test("a new account starts at most 3 topics on its first day", async () => {
    const { account, client } = await person(false);
    for (const n of [1, 2, 3]) {
      await movePostsBack(site.database.db, account.id, 60);
      expect((await topic(client, `Nyt emne nummer ${n}`, `Tekst nummer ${n}`)).status).toBe(303);
    }
    await movePostsBack(site.database.db, account.id, 60);
    const answer = await topic(client, "Nyt emne nummer 4", "Et fjerde emne");
    expect(answer.status).toBe(429);
    expect(formMessage(answer)).toBe(fill(limits.newTopics, { max: 3 }));
    expect(answer.html.one("textarea")?.text).toBe("Et fjerde emne");
  });

  test("a new account writes at most 10 replies on its first day", async () => {
    const { account, client } = await person(false);
    const at = new Date(Date.now() - 3600_000).toISOString();
    await site.database.db
      .insertInto("forum_posts")
      .values(
        Array.from({ length: 10 }, (_, i) => ({
          topic_id: topicId,
          author_id: account.id,
          state: "published" as const,
          body_markdown: `Svar ${i}`,
          body_html: `<p>Svar ${i}</p>`,
          body_hash: `svar-${i}`,
          created_at: at,
        })),
      )
      .execute();
    const answer = await reply(client, "Det ellevte svar");
    expect(answer.status).toBe(429);
    expect(formMessage(answer)).toBe(fill(limits.newReplies, { max: 10 }));
  });

  test("everyone starts at most 20 topics a day", async () => {
    const { account, client } = await person(true);
    const at = new Date(Date.now() - 3600_000).toISOString();
    for (let i = 0; i < 20; i++) {
      const { id } = await site.database.db
        .insertInto("forum_topics")
        .values({ category_slug: "generelt", title: `Emne ${i}`, author_id: account.id, state: "published", created_at: at, last_posted_at: at })
        .returning("id")
        .executeTakeFirstOrThrow();
      await site.database.db
        .insertInto("forum_posts")
        .values({ topic_id: id, author_id: account.id, state: "published", body_markdown: `Emne ${i}`, body_html: `<p>Emne ${i}</p>`, body_hash: `emne-${i}`, created_at: at })
        .execute();
    }
    const answer = await topic(client, "Det 21. emne i dag");
    expect(answer.status).toBe(429);
    expect(formMessage(answer)).toBe(fill(limits.topicsPerDay, { max: 20 }));
    // A reply is not a topic: it still goes through.
    expect((await reply(client, "Men et svar må jeg gerne")).status).toBe(303);
  });

  test("a new account puts at most 2 links in a post, and its first post with a link waits for an admin", async () => {
    const { account, client } = await person(false);
    const three = await reply(client, "Se https://a.example.dk og https://b.example.dk og https://c.example.dk");
    expect(three.status).toBe(409);
    expect(three.html.fieldMessage("svar-tekst")).toBe(fill(limits.links, { max: 2 }));
    expect(three.html.one("textarea#svar-tekst")?.text).toContain("c.example.dk");

    const waiting = await reply(client, "Kender I https://loppefund.example.dk?");
    expect(waiting.status).toBe(303);
    expect(waiting.flash?.title).toBe(translation.forum.reply.waitingTitle);
    const { postId } = idsOf(waiting.location);
    const row = await site.database.db.selectFrom("forum_posts").select("state").where("id", "=", postId!).executeTakeFirstOrThrow();
    expect(row.state).toBe("waiting");
    // The public does not see it; its author does, with a note.
    expect((await site.get(`/community/topic/${topicId}`)).text).not.toContain("loppefund.example.dk");
    const own = await client.get(`/community/topic/${topicId}`);
    expect(own.html.text(`#indlaeg-${postId}`)).toContain(translation.forum.post.waiting);
    // A post without a link goes out at once.
    await movePostsBack(site.database.db, account.id, 60);
    expect((await reply(client, "Uden link denne gang")).flash?.title).toBe(translation.forum.reply.sent);
  });

  test("a person reports at most so many posts a day (RATE_LIMIT_FORUM_REPORTS)", async () => {
    const { client } = await person(true);
    const posts = await site.database.db.selectFrom("forum_posts").select("id").where("topic_id", "=", topicId).where("state", "=", "published").orderBy("id").limit(3).execute();
    expect(posts).toHaveLength(3);
    for (const post of posts.slice(0, 2)) expect((await client.post(`/community/indlaeg/${post.id}/anmeld`, { intent: "report", reason: "spam" })).status).toBe(303);
    const answer = await client.post(`/community/indlaeg/${posts[2]!.id}/anmeld`, { intent: "report", reason: "other", text: "Endnu en" });
    expect(answer.status).toBe(429);
    expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(formMessage(answer)).toBe(translation.forum.report.tooMany);
    expect(answer.html.one("textarea")?.text).toBe("Endnu en");
  });

  test("a blocked person cannot post: their session is gone", async () => {
    const { account, client } = await person(true);
    const admin = await site.signedIn({ admin: true });
    expect((await admin.client.post(`/dashboard/admin/brugere/${account.id}`, { intent: "block", reason: "Spam" })).status).toBe(303);
    const answer = await reply(client, "Jeg prøver alligevel");
    expect(answer.status).toBe(302);
    expect(answer.location).toContain("/sign-in?next=");
  });
});
