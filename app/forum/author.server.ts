import type { Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";

/** Whether the person may write in the forum now: an account that exists and is not blocked. */
export async function mayWrite(trx: Kysely<Database>, userId: string): Promise<boolean> {
  const profile = await trx.selectFrom("profiles").select("blocked_at").where("auth_user_id", "=", userId).executeTakeFirst();
  return profile !== undefined && !profile.blocked_at;
}
