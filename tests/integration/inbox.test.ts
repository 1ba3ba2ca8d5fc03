import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import type { TestAccount } from "../support/factories";
import { startSite, type Client, type Site } from "../support/site";

const texts = translation.inbox;
const OPERATOR = "kontakt@loppeguiden.dk";
const DAY = 24 * 3600 * 1000;

/**
 * The admins' inbox as a browser without JavaScript uses it: the messages by state, a message's
 * page, an answer mailed from the site (the sender's reply comes back to the contact address),
 * closing and opening again, who may do it, and the year a message and its answers are kept.
 */
describe("the admins' inbox of messages", () => {
  let site: Site;
  let admin: { account: TestAccount; client: Client };
  let member: { account: TestAccount; client: Client };

  beforeAll(async () => {
    site = await startSite();
    [admin, member] = await Promise.all([site.signedIn({ name: "Asta Admin", admin: true }), site.signedIn({ name: "Mads Medlem" })]);
  });

  afterAll(async () => {
    await site?.close();
  });

  /** A message as the contact form stores it, sent `daysAgo` days ago. */
  async function message(fields: { name: string; email: string; topic?: string; plan?: string | null; text?: string; daysAgo?: number }): Promise<string> {
    const id = randomUUID();
    await site.database.db
      .insertInto("contact_messages")
      .values({
        id,
        name: fields.name,
        email: fields.email,
        topic: fields.topic ?? "question",
        plan: fields.plan ?? null,
        message: fields.text ?? "Hvornår har I flere markeder i Odense?",
        created_at: new Date(Date.now() - (fields.daysAgo ?? 0) * DAY).toISOString(),
        mailed_at: null,
      })
      .execute();
    return id;
  }

  const listTitles = async (path: string) => {
    const page = await admin.client.get(path);
    expect(page.status, path).toBe(200);
    return page.html.all("main li h2").map((heading) => heading.text.trim());
  };

  test("new messages oldest first, a plan request named by its plan, each with a link to its page", async () => {
    const newer = await message({ name: "Nina Ny", email: "nina@example.dk", topic: "correction", daysAgo: 1 });
    const older = await message({ name: "Ole Gammel", email: "ole@example.dk", topic: "plan", plan: "synlig", daysAgo: 3 });
    const page = await admin.client.get("/dashboard/admin/beskeder");
    expect(page.html.h1s()).toEqual([texts.list.heading]);
    expect(page.html.meta("robots")).toBe("noindex,nofollow");
    expect(await listTitles("/dashboard/admin/beskeder")).toEqual(["Plan: Synlig", "Rettelse til et marked"]);
    expect(page.html.link("Plan: Synlig")).toBe(`/dashboard/admin/beskeder/${older}`);
    expect(page.html.link("Rettelse til et marked")).toBe(`/dashboard/admin/beskeder/${newer}`);
    expect(page.html.text("main")).toContain("Fra Ole Gammel (ole@example.dk)");
    expect(await listTitles("/dashboard/admin/beskeder?vis=lukkede")).toEqual([]);
    expect((await admin.client.get("/dashboard/admin/beskeder?vis=alt")).status).toBe(404);
    expect((await admin.client.get("/dashboard/admin/beskeder?side=2")).status).toBe(404);
  });

  test("an answer without JavaScript is mailed from the site to the sender, with the contact address to reply to, logged and shown", async () => {
    const id = await message({ name: "Svend Spørger", email: "svend@example.dk", text: "Må man have hund med?\n\nVenlig hilsen Svend" });
    const path = `/dashboard/admin/beskeder/${id}`;
    const page = await admin.client.get(path);
    expect(page.status).toBe(200);
    expect(page.html.h1s()).toEqual([translation.content.contact.topics.question]);
    expect(page.html.text("main")).toContain("Må man have hund med?");

    const empty = await admin.client.post(path, { intent: "answer", body: "   " });
    expect(empty.status).toBe(400);
    expect(empty.html.fieldMessage("svar-tekst")).toBe(texts.answer.required);

    const answered = await admin.client.post(path, { intent: "answer", body: "Ja, i snor.\n\nMed venlig hilsen\nLoppeguiden" });
    expect(answered.status).toBe(303);
    expect(answered.location).toBe(path);
    expect(answered.flash?.title).toBe(texts.answer.sent);
    const mail = await site.waitForMail("svend@example.dk");
    expect(mail.subject).toBe(texts.mail.subject.replace("{{subject}}", translation.content.contact.topics.question));
    expect(mail.from).toContain("noreply@loppeguiden.dk");
    expect(mail.raw).toMatch(new RegExp(`^Reply-To: ${OPERATOR.replace(/\./g, "\\.")}`, "mi"));
    expect(mail.text).toContain("Ja, i snor.");
    expect(mail.text).toContain("> Må man have hund med?");

    const after = await admin.client.get(path);
    expect(after.html.text("main")).toContain("Ja, i snor.");
    expect(after.html.text("main")).toContain(texts.states.answered);
    expect(await listTitles("/dashboard/admin/beskeder?vis=besvarede")).toContain(translation.content.contact.topics.question);
    const log = await site.database.db.selectFrom("admin_log").select(["kind", "target_label", "actor_id"]).where("target_id", "=", id).execute();
    expect(log).toEqual([{ kind: "message.answer", target_label: "Svend Spørger: Spørgsmål om Loppeguiden", actor_id: admin.account.id }]);
  });

  test("closing a message and opening it again; it goes back to new when nobody answered it", async () => {
    const id = await message({ name: "Lis Luk", email: "lis@example.dk" });
    const path = `/dashboard/admin/beskeder/${id}`;
    const closed = await admin.client.post(path, { intent: "close" });
    expect(closed.status).toBe(303);
    expect(closed.flash?.title).toBe(texts.state.closed);
    expect((await admin.client.get(path)).html.buttons()).toContain(texts.state.reopen);
    expect((await admin.client.post(path, { intent: "close" })).flash?.title).toBe(texts.state.unchanged);
    expect((await admin.client.post(path, { intent: "reopen" })).flash?.title).toBe(texts.state.reopened);
    const row = await site.database.db.selectFrom("contact_messages").select("state").where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.state).toBe("new");
  });

  test("only admins: a member gets 403, a visitor is sent to sign in; an unknown message is not found", async () => {
    const id = await message({ name: "Hemmelig Henrik", email: "henrik@example.dk" });
    const path = `/dashboard/admin/beskeder/${id}`;
    for (const target of ["/dashboard/admin/beskeder", path]) {
      expect((await member.client.get(target)).status, target).toBe(403);
      expect((await site.get(target)).status, target).toBe(302);
    }
    expect((await member.client.post(path, { intent: "answer", body: "Hej" })).status).toBe(403);
    expect((await site.post(path, { intent: "close" })).status).toBe(302);
    expect(site.mailsTo("henrik@example.dk")).toEqual([]);
    expect((await admin.client.get(`/dashboard/admin/beskeder/${randomUUID()}`)).status).toBe(404);
    expect((await admin.client.get("/dashboard/admin/beskeder/ikke-et-id")).status).toBe(404);
    expect((await admin.client.post(`/dashboard/admin/beskeder/${randomUUID()}`, { intent: "close" })).status).toBe(404);
    expect((await admin.client.post(path, { intent: "noget-andet" })).status).toBe(400);
  });

  test("a message and its answers are deleted after a year, as the privacy policy says", async () => {
    const old = await message({ name: "Gammel Gerda", email: "gerda@example.dk", daysAgo: 366 });
    expect((await admin.client.post(`/dashboard/admin/beskeder/${old}`, { intent: "answer", body: "Tak for beskeden." })).status).toBe(303);
    // The contact form deletes what is older than a year whenever a message arrives.
    const form = await site.get("/kontakt");
    expect(form.status).toBe(200);
    const sent = await site.post("/kontakt", { name: "Ny Afsender", email: "ny@example.dk", subject: "question", message: "En helt ny besked til jer." });
    expect(sent.status).toBe(303);
    const db = site.database.db;
    expect(await db.selectFrom("contact_messages").select("id").where("id", "=", old).execute()).toEqual([]);
    expect(await db.selectFrom("contact_message_answers").select("id").where("message_id", "=", old).execute()).toEqual([]);
  });
});
