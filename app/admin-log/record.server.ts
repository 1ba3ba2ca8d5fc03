import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";
import { t } from "~/lib/i18n";
import { ADMIN_ACTION_KINDS, type AdminActionKind } from "./kinds";

/** What an admin action is recorded as. */
export interface AdminAction<Kind extends AdminActionKind = AdminActionKind> {
  /** The admin's account id; null for the command line. */
  actorId: string | null;
  kind: Kind;
  /** What it was done to (its type follows from the kind), with its name as it is now. */
  target: { id: string; label: string };
  reason?: string | null;
  /** The value the action changed, as it was and as it became (a role, a status). */
  before?: unknown;
  after?: unknown;
  now?: Date;
}

/**
 * Records an admin action, in the transaction of the action itself (pass the `trx`): the entry and
 * what it records are written together or not at all. The actor's name is looked up here and kept
 * as it is now. The one way to write the log: every admin action, the forum's moderation to come
 * included, goes through it.
 */
export async function recordAdminAction(trx: Kysely<Database>, action: AdminAction): Promise<void> {
  const actor = action.actorId ? await trx.selectFrom("user").select(["name", "email"]).where("id", "=", action.actorId).executeTakeFirst() : undefined;
  const actorLabel = action.actorId === null ? t("adminLog.commandLine") : actor?.name || actor?.email || t("adminLog.deletedPerson");
  await trx
    .insertInto("admin_log")
    .values({
      id: randomUUID(),
      created_at: (action.now ?? new Date()).toISOString(),
      actor_id: action.actorId,
      actor_label: actorLabel.slice(0, 320),
      kind: action.kind,
      target_type: ADMIN_ACTION_KINDS[action.kind],
      target_id: action.target.id,
      target_label: action.target.label.slice(0, 500),
      reason: action.reason?.slice(0, 1000) || null,
      before: action.before === undefined ? null : JSON.stringify(action.before),
      after: action.after === undefined ? null : JSON.stringify(action.after),
    })
    .execute();
}
