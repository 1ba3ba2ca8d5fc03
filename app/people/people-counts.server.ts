import type { Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";

/**
 * How many people have an account, and how many of them joined since an instant: the admins'
 * front page. The demo forum's accounts (profiles.source "demo") are nobody and are left out.
 */
export async function peopleCounts(db: Kysely<Database>, since: Date): Promise<{ people: number; joinedSince: number }> {
  const people = db
    .selectFrom("user as u")
    .leftJoin("profiles as p", "p.auth_user_id", "u.id")
    .select((eb) => eb.fn.countAll().as("n"))
    .where((eb) => eb.or([eb("p.source", "is", null), eb("p.source", "!=", "demo")]));
  const [all, recent] = await Promise.all([people.executeTakeFirstOrThrow(), people.where("u.createdAt", ">=", since.toISOString()).executeTakeFirstOrThrow()]);
  return { people: Number(all.n), joinedSince: Number(recent.n) };
}
