import { sql, type Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";
import { t } from "~/lib/i18n";

/**
 * How much a person may post, modelled on a well-run forum's defaults: a new account (younger than
 * a day) starts small, and nobody posts in bursts or twice the same. Checked inside the write's
 * transaction, after the person's row is held (lockRow), so two posts sent at once are counted
 * one after the other.
 */
export const FORUM_LIMITS = {
  newAccountMs: 24 * 3600 * 1000,
  /** Within an account's first day. */
  newTopics: 3,
  newReplies: 10,
  newSecondsBetween: 30,
  newMaxLinks: 2,
  /** Everyone. */
  secondsBetween: 5,
  topicsPerDay: 20,
  duplicateMs: 5 * 60 * 1000,
} as const;

export type PostKind = "topic" | "reply";

export type LimitVerdict =
  | { allowed: true; /** A new account's first post with a link waits for an admin. */ waits: boolean }
  | { allowed: false; field: "text" | null; message: string; /** 429 for a limit of pace or count, 409 for the text itself. */ status: 409 | 429; retryAfterSeconds?: number };

interface Attempt {
  authorId: string;
  kind: PostKind;
  linkCount: number;
  /** The text's fingerprint (renderPost): the same text twice is refused. */
  hash: string;
  now: Date;
}

function secondsText(seconds: number): string {
  return seconds === 1 ? t("forum.limits.oneSecond") : t("forum.limits.seconds", { count: seconds });
}

async function isNewAccount(trx: Kysely<Database>, authorId: string, now: Date): Promise<boolean> {
  const user = await trx.selectFrom("user").select("createdAt").where("id", "=", authorId).executeTakeFirst();
  return !user || now.getTime() - new Date(user.createdAt).getTime() < FORUM_LIMITS.newAccountMs;
}

/**
 * The links in a post, new or edited: a new account puts at most two in a post, and its first post
 * with a link waits for an admin, as does an edit that adds one before an admin has let one out.
 */
export async function checkLinks(trx: Kysely<Database>, { authorId, linkCount, now }: Omit<Attempt, "kind" | "hash">): Promise<LimitVerdict> {
  if (linkCount === 0 || !(await isNewAccount(trx, authorId, now))) return { allowed: true, waits: false };
  if (linkCount > FORUM_LIMITS.newMaxLinks) return { allowed: false, field: "text", status: 409, message: t("forum.limits.links", { max: FORUM_LIMITS.newMaxLinks }) };
  const published = await trx
    .selectFrom("forum_posts")
    .select("id")
    .where("author_id", "=", authorId)
    .where("link_count", ">", 0)
    .where("state", "=", "published")
    .limit(1)
    .executeTakeFirst();
  return { allowed: true, waits: !published };
}

/** Everything a new post is held to: the links, the pace, the same text twice, and the counts of the last day. */
export async function checkPostingLimits(trx: Kysely<Database>, attempt: Attempt): Promise<LimitVerdict> {
  const links = await checkLinks(trx, attempt);
  if (!links.allowed) return links;
  const { authorId, kind, now } = attempt;
  const nowMs = now.getTime();
  const isNew = await isNewAccount(trx, authorId, now);

  // A new account is younger than a day, so the last day holds all its posts. Up to this moment:
  // a post written at a later time (a script's, a test's) is not one this one comes after.
  const recent = await trx
    .selectFrom("forum_posts as p")
    .select([
      sql<string | null>`max(p.created_at)`.as("last"),
      sql<number>`sum(case when p.id = (select min(f.id) from forum_posts f where f.topic_id = p.topic_id) then 1 else 0 end)`.as("topics"),
      sql<number>`count(*)`.as("posts"),
      sql<number>`sum(case when p.body_hash = ${attempt.hash} and p.created_at > ${new Date(nowMs - FORUM_LIMITS.duplicateMs).toISOString()} then 1 else 0 end)`.as("duplicates"),
    ])
    .where("p.author_id", "=", authorId)
    .where("p.created_at", ">", new Date(nowMs - 24 * 3600 * 1000).toISOString())
    .where("p.created_at", "<=", now.toISOString())
    .executeTakeFirstOrThrow();

  const between = isNew ? FORUM_LIMITS.newSecondsBetween : FORUM_LIMITS.secondsBetween;
  if (recent.last) {
    const waited = (nowMs - Date.parse(recent.last)) / 1000;
    if (waited < between) {
      const wait = Math.max(1, Math.ceil(between - waited));
      return { allowed: false, field: null, status: 429, message: t("forum.limits.wait", { wait: secondsText(wait) }), retryAfterSeconds: wait };
    }
  }
  if (Number(recent.duplicates ?? 0) > 0) return { allowed: false, field: "text", status: 409, message: t("forum.limits.duplicate") };

  const topics = Number(recent.topics ?? 0);
  const replies = Number(recent.posts ?? 0) - topics;
  if (kind === "topic" && isNew && topics >= FORUM_LIMITS.newTopics) {
    return { allowed: false, field: null, status: 429, message: t("forum.limits.newTopics", { max: FORUM_LIMITS.newTopics }) };
  }
  if (kind === "reply" && isNew && replies >= FORUM_LIMITS.newReplies) {
    return { allowed: false, field: null, status: 429, message: t("forum.limits.newReplies", { max: FORUM_LIMITS.newReplies }) };
  }
  if (kind === "topic" && topics >= FORUM_LIMITS.topicsPerDay) {
    return { allowed: false, field: null, status: 429, message: t("forum.limits.topicsPerDay", { max: FORUM_LIMITS.topicsPerDay }) };
  }
  return links;
}
