import type { Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";

/** Whether the person can sign in with a password (else only with Google). */
export async function hasPassword(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db.selectFrom("account").select("id").where("userId", "=", userId).where("providerId", "=", "credential").where("password", "is not", null).executeTakeFirst();
  return Boolean(row);
}
