import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { NodeType } from "node-html-parser";
import { startTopic } from "../../app/forum/writes.server";
import { isInert, XSS_CORPUS } from "../fixtures/xss-corpus";
import type { TestAccount } from "../support/factories";
import { startSite, type Client, type Site } from "../support/site";

const HOUR = 3600_000;

/**
 * What people type is never markup on the site: every entry of the corpus, as a topic's title and
 * as a post, is inert in the topic's page (the post, the heading, the title, the description, the
 * JSON-LD), in "Citér"'s quote and in the mail its author is sent when an admin hides it. The
 * renderer's own tests hold the cleaned HTML to the same checker (app/forum/text/render-post.test.ts).
 */
describe("the forum against hostile text", () => {
  let site: Site;
  let author: TestAccount;
  let admin: { account: TestAccount; client: Client };
  let reader: { account: TestAccount; client: Client };
  const topics: { entry: string; topicId: number; postId: number }[] = [];

  beforeAll(async () => {
    site = await startSite();
    [admin, reader] = await Promise.all([site.signedIn({ name: "Ada Admin", admin: true }), site.signedIn({ name: "Rasmus Læser" })]);
    author = (await site.signedIn({ name: "Hanne Hacker" })).account;
    await site.database.db.updateTable("profiles").set({ forum_name: '<b>Hacker</b> "x" onmouseover=' }).where("auth_user_id", "=", author.id).execute();
    // One topic a day back in time for each entry, so that no limit counts them together.
    for (const [index, entry] of XSS_CORPUS.entries()) {
      const title = `Emne ${index}: ${entry}`.slice(0, 120);
      const started = await startTopic(
        site.database.db,
        author.id,
        { categorySlug: "generelt", title, text: entry, marketId: null },
        { now: new Date(Date.now() - (index + 2) * 25 * HOUR) },
      );
      if (started.kind !== "started") throw new Error(`${index}: ${started.kind}`);
      topics.push({ entry, topicId: started.topicId, postId: started.postId });
    }
    await site.database.db.updateTable("forum_posts").set({ state: "published" }).where("author_id", "=", author.id).execute();
    await site.database.db.updateTable("forum_topics").set({ state: "published" }).where("author_id", "=", author.id).execute();
  });

  afterAll(async () => {
    await site?.close();
  });

  test("the page of each topic: the post, the heading, the head and the JSON-LD hold no markup of the text", async () => {
    // The scripts and head tags an innocent topic's page has: a page with one more made markup of the text.
    const innocent = await startTopic(site.database.db, reader.account.id, { categorySlug: "generelt", title: "Et fredeligt emne", text: "Hej", marketId: null });
    if (innocent.kind !== "started") throw new Error(innocent.kind);
    const baseline = (await reader.client.get(`/community/topic/${innocent.topicId}`)).html;
    const scripts = baseline.all("script").length;
    const headTags = baseline.all("head meta, head link").length;
    for (const { entry, topicId } of topics) {
      const page = await reader.client.get(`/community/topic/${topicId}`);
      expect(page.status, entry).toBe(200);
      expect(page.html.all("script"), entry).toHaveLength(scripts);
      for (const part of ["article", "h1", "title"]) expect(isInert(page.html.one(part)?.toString() ?? ""), `${part}: ${entry}`).toEqual([]);
      expect(page.html.all("head meta, head link").length, entry).toBe(headTags);
      // The JSON-LD parses and holds the title as the text it is.
      const posting = page.html.structuredData().find((item) => item["@type"] === "DiscussionForumPosting");
      expect(String(posting?.headline).replace(/\s+/g, " ").trim(), entry).toBe(page.html.text("h1"));
      expect((posting?.author as { name?: string } | undefined)?.name, entry).toBe('<b>Hacker</b> "x" onmouseover=');
    }
  });

  test("'Citér' puts the text into the reply as text", async () => {
    for (const { entry, topicId, postId } of topics.slice(0, 12)) {
      const page = await reader.client.get(`/community/topic/${topicId}?citer=${postId}`);
      const textarea = page.html.one("textarea#svar-tekst");
      expect(
        textarea?.childNodes.every((node) => node.nodeType === NodeType.TEXT_NODE),
        entry,
      ).toBe(true);
      for (const article of page.html.all("article")) expect(isInert(article.toString()), entry).toEqual([]);
    }
  });

  test("the mail to the author of a hidden post holds no markup of the title, the name or the reason", async () => {
    const { topicId, postId } = topics.find(({ entry }) => entry.includes("<script")) ?? topics[0]!;
    const answer = await admin.client.post(`/dashboard/admin/community/indlaeg/${postId}`, {
      intent: "hide",
      reason: '<img src=x onerror="alert(1)"> og <script>alert(2)</script>',
    });
    expect(answer.status).toBe(303);
    const mail = await site.waitForMail(author.email);
    // The layout's own markup only: the title, the name and the reason arrive as characters.
    expect(mail.html).not.toMatch(/<(script|img|svg|iframe|b)\b/i);
    expect(mail.html).toContain("&lt;script&gt;alert(2)&lt;/script&gt;");
    expect(mail.text).toContain("<script>alert(2)</script>");
    expect(topicId).toBeGreaterThan(0);
  });
});
