import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { HONEYPOT_FIELD } from "../../app/content/contact";
import { RETENTION_DAYS, submitContactForm, type ContactOptions } from "../../app/content/contact.server";
import type { Mail } from "../../app/mail/mailer.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

const { kind } = inject("testDatabase");
const NOW = new Date("2026-11-21T10:00:00.000Z");
const RULE = { limit: 2, windowSeconds: 3600 };

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

const GOOD = {
  name: "Mette Holm",
  email: "mette@example.dk",
  subject: "plan:synlig",
  message: "Vi holder loppemarked hver søndag i Vejle.\n\nKan I fremhæve det fra marts?",
};

describe(`contact messages on ${kind}`, () => {
  let database: TestDatabase;
  let sent: (Mail & { replyTo?: string })[];
  let address = 0;

  /** Each test writes from its own address, so the rate limit of one does not reach the next. */
  const options = (extra: Partial<ContactOptions> = {}): ContactOptions => ({
    clientAddress: `192.0.2.${address}`,
    now: NOW,
    rule: RULE,
    to: "drift@loppeguiden.example",
    send: async (mail) => void sent.push(mail),
    logger: pino({ level: "silent" }),
    ...extra,
  });

  const rows = () => database.db.selectFrom("contact_messages").selectAll().orderBy("created_at").execute();

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.destroy();
  });
  beforeEach(async () => {
    address += 1;
    sent = [];
    await database.db.deleteFrom("contact_messages").execute();
  });

  it("stores a good message and mails it to the operator, who can answer the sender", async () => {
    const outcome = await submitContactForm(database.db, form(GOOD), options());
    expect(outcome).toMatchObject({ kind: "sent", mailed: true });
    const [row, ...others] = await rows();
    expect(others).toEqual([]);
    expect(row).toMatchObject({
      name: "Mette Holm",
      email: "mette@example.dk",
      topic: "plan",
      plan: "synlig",
      message: GOOD.message,
      created_at: NOW.toISOString(),
    });
    expect(row!.id).toBe(outcome.kind === "sent" ? outcome.id : null);
    expect(row!.mailed_at).not.toBeNull();

    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: "drift@loppeguiden.example", replyTo: "mette@example.dk", subject: "Kontaktformular: Plan: Synlig fra Mette Holm" });
    expect(sent[0]!.text).toContain("Kan I fremhæve det fra marts?");
    expect(sent[0]!.text).toContain(row!.id);
  });

  it("keeps the message when the mail cannot be sent, with no mailed_at", async () => {
    const outcome = await submitContactForm(database.db, form(GOOD), options({ send: () => Promise.reject(new Error("SMTP nede")) }));
    expect(outcome).toMatchObject({ kind: "sent", mailed: false });
    expect((await rows()).map((row) => row.mailed_at)).toEqual([null]);
  });

  it("stores nothing and sends nothing when the hidden field is filled in, and answers as if it went well", async () => {
    const outcome = await submitContactForm(database.db, form({ ...GOOD, [HONEYPOT_FIELD]: "https://spam.example" }), options());
    expect(outcome).toEqual({ kind: "ignored" });
    expect(await rows()).toEqual([]);
    expect(sent).toEqual([]);
  });

  it("stores nothing when a field is wrong, and gives the Danish message at the field", async () => {
    const outcome = await submitContactForm(database.db, form({ ...GOOD, email: "mette" }), options());
    expect(outcome.kind).toBe("invalid");
    expect(outcome.kind === "invalid" && outcome.submission.reply().error).toEqual({ email: ["Skriv en gyldig e-mailadresse, fx navn@eksempel.dk."] });
    expect(await rows()).toEqual([]);
    expect(sent).toEqual([]);
  });

  it("refuses the message after the limit from one address, with the seconds to wait, and stores nothing more", async () => {
    const results = [];
    for (let i = 0; i < 3; i++) results.push(await submitContactForm(database.db, form(GOOD), options()));
    expect(results.map((result) => result.kind)).toEqual(["sent", "sent", "limited"]);
    expect(results[2]).toMatchObject({ kind: "limited", retryAfterSeconds: 3600 });
    expect(await rows()).toHaveLength(2);
    // Another address is counted on its own.
    expect((await submitContactForm(database.db, form(GOOD), options({ clientAddress: "198.51.100.7" }))).kind).toBe("sent");
  });

  it("deletes messages older than the retention period when a new one arrives", async () => {
    const old = new Date(NOW.getTime() - (RETENTION_DAYS + 1) * 24 * 3600 * 1000);
    const recent = new Date(NOW.getTime() - (RETENTION_DAYS - 1) * 24 * 3600 * 1000);
    await submitContactForm(database.db, form(GOOD), options({ now: old, clientAddress: "203.0.113.1" }));
    await submitContactForm(database.db, form(GOOD), options({ now: recent, clientAddress: "203.0.113.2" }));
    await submitContactForm(database.db, form(GOOD), options());
    expect((await rows()).map((row) => row.created_at)).toEqual([recent.toISOString(), NOW.toISOString()]);
  });
});
