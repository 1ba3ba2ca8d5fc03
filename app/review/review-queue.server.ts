import type { Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";
import { getRevision, readStoredMarket, revisionFromRow, type Revision, type RevisionKind, type StoredMarket } from "../revisions/revisions.server";
import type { SnapshotField } from "../revisions/snapshot";

/*
 * The admins' review queue: the submissions and edits that wait (state pending), oldest first,
 * each with who sent it. The decisions themselves are approveRevision and rejectRevision
 * (decisions.server.ts); this module only reads.
 */

/** The kinds an admin decides; the others (restore, archive, cancel_date, restore_date) are applied when made. */
export const REVIEWED_KINDS = ["submission", "edit"] as const satisfies readonly RevisionKind[];

export function isReviewedKind(kind: RevisionKind): kind is (typeof REVIEWED_KINDS)[number] {
  return (REVIEWED_KINDS as readonly string[]).includes(kind);
}

/** Who sent a change: null when the account has been deleted since. */
export interface ReviewAuthor {
  id: string;
  name: string;
  email: string;
  /** ISO instant: how long the account has existed tells a reviewer something. */
  createdAt: string;
  /** The markets the account owns now, this one included when it is theirs. */
  marketCount: number;
}

export interface QueueItem {
  revisionId: string;
  kind: "submission" | "edit";
  marketId: string;
  /** The market's name and town as the change would make them. */
  name: string;
  city: string;
  createdAt: string;
  changedFields: SnapshotField[];
  missingCoordinates: boolean;
  author: ReviewAuthor | null;
}

/** Either database's count: a number on SQLite, a string (bigint) on PostgreSQL. */
const count = (value: unknown) => Number(value ?? 0);

/** better-auth's createdAt: text on SQLite, a Date on PostgreSQL. */
function instant(value: string | Date): string {
  return new Date(value).toISOString();
}

function pendingReviews(db: Kysely<Database>) {
  return db.selectFrom("market_revisions as r").where("r.state", "=", "pending").where("r.kind", "in", REVIEWED_KINDS);
}

async function authorsById(db: Kysely<Database>, ids: string[]): Promise<Map<string, ReviewAuthor>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("user as u")
    .select((eb) => [
      "u.id",
      "u.name",
      "u.email",
      "u.createdAt",
      eb
        .selectFrom("markets as m")
        .select((inner) => inner.fn.countAll().as("n"))
        .whereRef("m.owner_id", "=", "u.id")
        .as("market_count"),
    ])
    .where("u.id", "in", [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, { id: row.id, name: row.name, email: row.email, createdAt: instant(row.createdAt), marketCount: count(row.market_count) }]));
}

export interface ReviewQueueCounts {
  submissions: number;
  edits: number;
  missingCoordinates: number;
  /** When the oldest of each kind was sent; null when none waits. */
  oldestSubmission: string | null;
  oldestEdit: string | null;
}

/** How many changes wait, of each kind, since when, and how many of them would put a market on no map. */
export async function queueCounts(db: Kysely<Database>): Promise<ReviewQueueCounts> {
  // Read whole: the queue is what admins get through in a day, and the coordinates sit in the JSON.
  const rows = await pendingReviews(db).select(["r.kind", "r.after", "r.created_at"]).execute();
  const counts: ReviewQueueCounts = { submissions: 0, edits: 0, missingCoordinates: 0, oldestSubmission: null, oldestEdit: null };
  const earlier = (a: string | null, b: string) => (a === null || b < a ? b : a);
  for (const row of rows) {
    const sent = instant(row.created_at);
    if (row.kind === "submission") {
      counts.submissions += 1;
      counts.oldestSubmission = earlier(counts.oldestSubmission, sent);
    } else {
      counts.edits += 1;
      counts.oldestEdit = earlier(counts.oldestEdit, sent);
    }
    const after = JSON.parse(row.after) as { latitude: number | null; longitude: number | null };
    if (after.latitude === null || after.longitude === null) counts.missingCoordinates += 1;
  }
  return counts;
}

/** One page of the queue, oldest first, and how many wait in all. */
export async function reviewQueue(db: Kysely<Database>, { offset = 0, limit = 25 }: { offset?: number; limit?: number } = {}): Promise<{ total: number; items: QueueItem[] }> {
  const [totalRow, rows] = await Promise.all([
    pendingReviews(db)
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirst(),
    pendingReviews(db).selectAll("r").orderBy("r.created_at").orderBy("r.id").offset(offset).limit(limit).execute(),
  ]);
  const revisions = rows.map(revisionFromRow);
  const authors = await authorsById(
    db,
    revisions.flatMap((revision) => (revision.authorId ? [revision.authorId] : [])),
  );
  return {
    total: count(totalRow?.n),
    items: revisions.map((revision) => ({
      revisionId: revision.id,
      kind: revision.kind as QueueItem["kind"],
      marketId: revision.marketId,
      name: revision.after.name,
      city: revision.after.city,
      createdAt: revision.createdAt,
      changedFields: revision.changedFields,
      missingCoordinates: revision.after.latitude === null || revision.after.longitude === null,
      author: revision.authorId ? (authors.get(revision.authorId) ?? null) : null,
    })),
  };
}

export interface ReviewItem {
  revision: Revision & { kind: "submission" | "edit" };
  market: StoredMarket;
  author: ReviewAuthor | null;
  /** The admin who decided it, once it is decided (null also when that account is gone). */
  decidedBy: { name: string } | null;
}

/** One change as its review page shows it; null when there is no such change to review. */
export async function reviewItem(db: Kysely<Database>, revisionId: string): Promise<ReviewItem | null> {
  const revision = await getRevision(db, revisionId);
  if (!revision || !isReviewedKind(revision.kind)) return null;
  const market = await readStoredMarket(db, revision.marketId);
  if (!market) return null;
  const people = await authorsById(
    db,
    [revision.authorId, revision.decidedBy].filter((id): id is string => id !== null),
  );
  const decider = revision.decidedBy ? people.get(revision.decidedBy) : undefined;
  return {
    revision: revision as ReviewItem["revision"],
    market,
    author: revision.authorId ? (people.get(revision.authorId) ?? null) : null,
    decidedBy: decider ? { name: decider.name } : null,
  };
}
