import { sql, type Kysely } from "kysely";
import { rolesOf, type Role } from "~/auth/roles";
import type { Database } from "~/lib/db/schema";
import { countAtMost } from "~/lib/db/count-at-most.server";
import { asciiLower, asciiLowerCase, containsText, dialectOf, toNumber } from "~/lib/db/dialect.server";
import { PEOPLE_QUERY_MAX } from "./people-paths";

/** One account in the admin's list of people. */
export interface PersonListItem {
  id: string;
  name: string;
  email: string;
  createdAt: string;
  verified: boolean;
  roles: Role[];
  blocked: boolean;
}

/**
 * How many matches a search counts before it says "more than": enough to page through (20 pages),
 * and a common first name does not cost a pass over every account. The list without a search is
 * counted whole, which an index answers.
 */
export const PEOPLE_COUNT_CAP = 1000;

/**
 * The accounts whose name or e-mail contains `query` (A–Z in any case; Æ, Ø and Å as typed; an
 * address is stored in lower case), newest first, a page at a time; every account when the query
 * is empty.
 */
export async function searchPeople(
  db: Kysely<Database>,
  query: string,
  { offset, limit }: { offset: number; limit: number },
): Promise<{ total: number; more: boolean; people: PersonListItem[] }> {
  const needle = asciiLowerCase(query.trim().slice(0, PEOPLE_QUERY_MAX));
  const kind = dialectOf(db);
  const name = asciiLower(kind, "u.name");
  const base = db
    .selectFrom("user as u")
    .$if(needle !== "", (qb) => qb.where((eb) => eb.or([containsText(kind, name, needle), containsText(kind, sql.ref<string>("u.email"), needle)])));
  // Newest first along the index of (createdAt, id), stopping at the page; a search for a rare
  // word reads every account once.
  const rows = await base
    .leftJoin("profiles as p", "p.auth_user_id", "u.id")
    .select(["u.id", "u.name", "u.email", "u.createdAt", "u.emailVerified", "p.is_admin", "p.role", "p.blocked_at"])
    .orderBy("u.createdAt", "desc")
    .orderBy("u.id", "desc")
    .offset(offset)
    .limit(limit)
    .execute();
  // A page that is not full tells the count (the first page empty: none); else it is counted, a
  // search up to one past the cap.
  let total = offset + rows.length;
  if (rows.length === limit || (rows.length === 0 && offset > 0)) {
    total =
      needle === ""
        ? toNumber((await base.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow()).n)
        : await countAtMost(db, base.select("u.id"), PEOPLE_COUNT_CAP);
  }
  return {
    total: needle === "" ? total : Math.min(total, PEOPLE_COUNT_CAP),
    more: needle !== "" && total > PEOPLE_COUNT_CAP,
    people: rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      createdAt: new Date(row.createdAt).toISOString(),
      verified: Boolean(row.emailVerified),
      roles: rolesOf(row.role === null ? null : { isAdmin: Number(row.is_admin) === 1, role: row.role }),
      blocked: row.blocked_at !== null,
    })),
  };
}
