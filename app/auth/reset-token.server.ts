import type { Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";

export type ResetTokenState = "valid" | "expired" | "used" | "missing";

/**
 * Whether a password-reset link still works, read before the form is shown so an old link says so
 * at once. The library keeps one row per link and deletes it when the link is used; it also clears
 * out rows that have run out whenever it looks one up, so an expired link may read as "used" (the
 * page then says it is used or no longer valid: true either way).
 */
export async function resetTokenState(db: Kysely<Database>, token: string | null, now: Date = new Date()): Promise<ResetTokenState> {
  if (!token) return "missing";
  const row = await db.selectFrom("verification").select("expiresAt").where("identifier", "=", `reset-password:${token}`).orderBy("expiresAt", "desc").executeTakeFirst();
  if (!row) return "used";
  return new Date(row.expiresAt).getTime() > now.getTime() ? "valid" : "expired";
}
