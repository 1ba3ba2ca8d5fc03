import type { Kysely } from "kysely";
import { recordAdminAction } from "~/admin-log/record.server";
import { forgetAuthorPages } from "~/forum/forum-pages.server";
import type { Database } from "~/lib/db/schema";
import { findPersonLabel } from "./person.server";

export type BlockOutcome = "blocked" | "already-blocked" | "self" | "not-found";
export type UnblockOutcome = "unblocked" | "not-blocked" | "not-found";

/**
 * An admin blocks a person, with a reason (decision 0033). In one transaction: the profile is
 * marked, every session of theirs is removed, so their next request is a visitor's, and the log
 * gets its entry. They cannot sign in again while blocked (the auth library's session hook,
 * app/auth/auth.server.ts) and a session made in the same instant is not read as theirs
 * (app/http/session.server.ts). Their markets stay as they are; their forum posts are hidden until
 * the block is lifted. An admin cannot block themselves.
 */
export async function blockPerson(db: Kysely<Database>, actorId: string, userId: string, reason: string, now = new Date()): Promise<BlockOutcome> {
  if (actorId === userId) return "self";
  const outcome = await db.transaction().execute(async (trx): Promise<BlockOutcome> => {
    const person = await findPersonLabel(trx, userId);
    if (!person) return "not-found";
    const at = now.toISOString();
    const marked = await trx
      .updateTable("profiles")
      .set({ blocked_at: at, blocked_reason: reason, updated_at: at })
      .where("auth_user_id", "=", userId)
      .where("blocked_at", "is", null)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) === 0) return "already-blocked";
    // The auth library's sessions live in the database only (no cookie cache): removing the rows ends them at once.
    await trx.deleteFrom("session").where("userId", "=", userId).execute();
    await recordAdminAction(trx, {
      actorId,
      kind: "user.block",
      target: { id: userId, label: person.label },
      reason,
      before: { blocked: false },
      after: { blocked: true },
      now,
    });
    return "blocked";
  });
  // Their forum posts are hidden while the block lasts.
  if (outcome === "blocked") await forgetAuthorPages(db, userId);
  return outcome;
}

/** An admin lifts a block, with a reason; the person may sign in again. */
export async function unblockPerson(db: Kysely<Database>, actorId: string, userId: string, reason: string, now = new Date()): Promise<UnblockOutcome> {
  const outcome = await db.transaction().execute(async (trx): Promise<UnblockOutcome> => {
    const person = await findPersonLabel(trx, userId);
    if (!person) return "not-found";
    const at = now.toISOString();
    const lifted = await trx
      .updateTable("profiles")
      .set({ blocked_at: null, blocked_reason: null, updated_at: at })
      .where("auth_user_id", "=", userId)
      .where("blocked_at", "is not", null)
      .executeTakeFirst();
    if (Number(lifted.numUpdatedRows) === 0) return "not-blocked";
    await recordAdminAction(trx, {
      actorId,
      kind: "user.unblock",
      target: { id: userId, label: person.label },
      reason,
      before: { blocked: true },
      after: { blocked: false },
      now,
    });
    return "unblocked";
  });
  if (outcome === "unblocked") await forgetAuthorPages(db, userId);
  return outcome;
}
