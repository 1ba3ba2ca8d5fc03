import type { Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";
import { MARKET_STATUSES, type MarketStatus } from "./types";

/** How many markets there are of each status (every status present, 0 when none): the admin area's front page. */
export async function marketsByStatus(db: Kysely<Database>): Promise<Record<MarketStatus, number>> {
  const rows = await db
    .selectFrom("markets")
    .select((eb) => ["status", eb.fn.countAll().as("n")])
    .groupBy("status")
    .execute();
  const counts = Object.fromEntries(MARKET_STATUSES.map((status) => [status, 0])) as Record<MarketStatus, number>;
  for (const row of rows) if (row.status in counts) counts[row.status as MarketStatus] = Number(row.n);
  return counts;
}

/** How many markets were added since an instant, whatever became of them: "new this week" on the front page. */
export async function marketsCreatedSince(db: Kysely<Database>, since: Date): Promise<number> {
  const row = await db
    .selectFrom("markets")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("created_at", ">=", since.toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
