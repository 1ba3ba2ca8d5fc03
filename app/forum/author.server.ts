import { sql, type Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";

/** Whether the person may write in the forum now: an account that exists and is not blocked. */
export async function mayWrite(trx: Kysely<Database>, userId: string): Promise<boolean> {
  const profile = await trx.selectFrom("profiles").select("blocked_at").where("auth_user_id", "=", userId).executeTakeFirst();
  return Boolean(profile) && !profile!.blocked_at;
}

/**
 * The columns a post's or a topic's author is shown by, from `user` (u) and `profiles` (pr) joined
 * on the row's author_id: null names mean a deleted account ("Slettet bruger").
 */
export const AUTHOR_COLUMNS = [
  sql<string | null>`u.name`.as("author_account_name"),
  sql<string | null>`pr.forum_name`.as("author_forum_name"),
  sql<string | null>`pr.avatar_url`.as("author_avatar_url"),
  sql<string | null>`pr.blocked_at`.as("author_blocked_at"),
  sql<string | null>`pr.source`.as("author_source"),
] as const;
