import type { Kysely, SelectQueryBuilder } from "kysely";
import type { Database } from "~/lib/db/schema";
import type { AdminActionKind, TargetType } from "./kinds";

/** One entry of the log as the pages show it. */
export interface AdminLogEntry {
  id: string;
  at: string;
  actorId: string | null;
  actorLabel: string;
  kind: string;
  targetType: string;
  targetId: string;
  targetLabel: string;
  reason: string | null;
  before: unknown;
  after: unknown;
}

/** What the log is narrowed to: who did it, what it was done to, which kind. */
export interface AdminLogFilter {
  actorId?: string;
  /** A kind of target, or one target. */
  target?: { type: TargetType; id?: string };
  kind?: AdminActionKind;
}

type Row = Database["admin_log"];

function parsed(json: string | null): unknown {
  return json === null ? null : JSON.parse(json);
}

function entryOf(row: { [K in keyof Row]: Row[K] }): AdminLogEntry {
  return {
    id: row.id,
    at: row.created_at,
    actorId: row.actor_id,
    actorLabel: row.actor_label,
    kind: row.kind,
    targetType: row.target_type,
    targetId: row.target_id,
    targetLabel: row.target_label,
    reason: row.reason,
    before: parsed(row.before),
    after: parsed(row.after),
  };
}

function filtered<O>(query: SelectQueryBuilder<Database, "admin_log", O>, filter: AdminLogFilter): SelectQueryBuilder<Database, "admin_log", O> {
  let narrowed = query;
  if (filter.actorId) narrowed = narrowed.where("actor_id", "=", filter.actorId);
  if (filter.target) narrowed = narrowed.where("target_type", "=", filter.target.type);
  if (filter.target?.id) narrowed = narrowed.where("target_id", "=", filter.target.id);
  if (filter.kind) narrowed = narrowed.where("kind", "=", filter.kind);
  return narrowed;
}

/** A page of the log, newest first, and how many entries the filter holds. */
export async function adminLogPage(
  db: Kysely<Database>,
  filter: AdminLogFilter,
  { offset, limit }: { offset: number; limit: number },
): Promise<{ total: number; entries: AdminLogEntry[] }> {
  const [count, rows] = await Promise.all([
    filtered(db.selectFrom("admin_log"), filter)
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirstOrThrow(),
    filtered(db.selectFrom("admin_log"), filter).selectAll().orderBy("created_at", "desc").orderBy("id", "desc").offset(offset).limit(limit).execute(),
  ]);
  return { total: Number(count.n), entries: rows.map(entryOf) };
}

/** Everyone who has done something in the log, for its filter: one name each (they differ only after a change of name). */
export async function logActors(db: Kysely<Database>): Promise<{ id: string; label: string }[]> {
  const rows = await db
    .selectFrom("admin_log")
    .select(["actor_id", (eb) => eb.fn.max("actor_label").as("label")])
    .where("actor_id", "is not", null)
    .groupBy("actor_id")
    .orderBy("label")
    .execute();
  return rows.map((row) => ({ id: row.actor_id!, label: String(row.label) }));
}

/** The entries about a person and by them (their person page), newest first. */
export async function logEntriesOfPerson(db: Kysely<Database>, userId: string, limit: number): Promise<AdminLogEntry[]> {
  const rows = await db
    .selectFrom("admin_log")
    .selectAll()
    .where((eb) => eb.or([eb("actor_id", "=", userId), eb.and([eb("target_type", "=", "user"), eb("target_id", "=", userId)])]))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map(entryOf);
}
