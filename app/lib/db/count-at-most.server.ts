import type { Kysely, SelectQueryBuilder } from "kysely";
import { toNumber } from "./dialect.server";
import type { Database } from "./schema";

/**
 * How many rows `query` finds, counted no further than one past `cap`: a list that says "over
 * 1.000" then costs the same however many rows match. The query selects one column (an id).
 */
export async function countAtMost<DB, TB extends keyof DB, O>(db: Kysely<Database>, query: SelectQueryBuilder<DB, TB, O>, cap: number): Promise<number> {
  const row = await db
    .selectFrom(query.limit(cap + 1).as("found"))
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  return toNumber(row.n);
}
