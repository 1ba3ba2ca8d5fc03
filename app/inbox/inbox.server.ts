import { sql, type Kysely } from "kysely";
import { readSubject, subjectText } from "~/content/contact";
import type { MessageState } from "~/content/schema";
import type { Database } from "~/lib/db/schema";
import { t } from "~/lib/i18n";
import { clipAtWord } from "~/lib/meta";
import { MESSAGES_PER_PAGE } from "./inbox-paths";

/** A message as the inbox lists it. */
export interface MessageSummary {
  id: string;
  name: string;
  email: string;
  subject: string;
  /** The plan an organiser asked about: such a message is a plan request. */
  plan: string | null;
  excerpt: string;
  state: MessageState;
  createdAt: string;
}

export interface MessageDetail extends MessageSummary {
  message: string;
  stateChangedAt: string | null;
  answers: { id: string; authorName: string; body: string; createdAt: string; mailed: boolean }[];
}

const EXCERPT_LENGTH = 160;

/** The subject as the operator's mail names it: "Rettelse til et marked", "Plan: Synlig". */
function subjectOf(row: { topic: string; plan: string | null }): string {
  const subject = readSubject(row.plan ? `plan:${row.plan}` : row.topic);
  return subject ? subjectText(subject) : row.topic;
}

function summaryOf(row: { id: string; name: string; email: string; topic: string; plan: string | null; message: string; state: MessageState; created_at: string }): MessageSummary {
  const text = row.message.replace(/\s+/g, " ").trim();
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: subjectOf(row),
    plan: row.plan,
    excerpt: clipAtWord(text, EXCERPT_LENGTH),
    state: row.state,
    createdAt: row.created_at,
  };
}

/** How many messages are in each state, and since when the oldest new one waits (the front page's queue). */
export async function inboxCounts(db: Kysely<Database>): Promise<Record<MessageState, number> & { oldestNew: string | null }> {
  const rows = await db
    .selectFrom("contact_messages")
    .select(["state", sql<number>`count(*)`.as("n"), sql<string | null>`min(created_at)`.as("oldest")])
    .groupBy("state")
    .execute();
  const counts = { new: 0, answered: 0, closed: 0, oldestNew: null as string | null };
  for (const row of rows) {
    if (row.state === "new" || row.state === "answered" || row.state === "closed") counts[row.state] = Number(row.n);
    if (row.state === "new") counts.oldestNew = row.oldest;
  }
  return counts;
}

/**
 * One page of the messages in a state: the new ones oldest first (a queue, so nothing waits for
 * ever), the answered and closed ones newest first (a record to look things up in).
 */
export async function inboxPage(db: Kysely<Database>, state: MessageState, page: number): Promise<MessageSummary[]> {
  const direction = state === "new" ? "asc" : "desc";
  const rows = await db
    .selectFrom("contact_messages")
    .select(["id", "name", "email", "topic", "plan", "message", "state", "created_at"])
    .where("state", "=", state)
    .orderBy("created_at", direction)
    .orderBy("id", direction)
    .limit(MESSAGES_PER_PAGE)
    .offset((page - 1) * MESSAGES_PER_PAGE)
    .execute();
  return rows.map(summaryOf);
}

export async function findMessage(db: Kysely<Database>, id: string): Promise<MessageDetail | null> {
  const row = await db
    .selectFrom("contact_messages")
    .select(["id", "name", "email", "topic", "plan", "message", "state", "created_at", "state_changed_at"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  const answers = await db
    .selectFrom("contact_message_answers as a")
    .leftJoin("user as u", "u.id", "a.author_id")
    .select(["a.id", "a.body", "a.created_at", "a.mailed_at", "u.name", "u.email"])
    .where("a.message_id", "=", id)
    .orderBy("a.created_at")
    .orderBy("a.id")
    .execute();
  return {
    ...summaryOf(row),
    message: row.message,
    stateChangedAt: row.state_changed_at,
    answers: answers.map((answer) => ({
      id: answer.id,
      authorName: answer.name || answer.email || t("adminLog.deletedPerson"),
      body: answer.body,
      createdAt: answer.created_at,
      mailed: answer.mailed_at !== null,
    })),
  };
}
