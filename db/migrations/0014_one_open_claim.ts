import { sql, type Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's types
type AnyDb = Kysely<any>;

/**
 * One open claim per market per person, held by the database (issue 16): two quick posts of
 * "Er det dit marked?" both passed the check before either was written, and the plain index of
 * 0012 let both in. A unique partial index (SQLite and PostgreSQL both have them) refuses the
 * second; app/claims/claims.server.ts answers it as the claim already sent.
 *
 * Doubles already stored are decided first: the earliest open claim stays open, the later ones
 * are turned down as doubles, so the index can be made.
 */
export async function up(db: AnyDb): Promise<void> {
  await sql`
    update market_claims
    set status = 'rejected', reason = ${"Dobbelt anmodning: din første anmodning om markedet behandles."}, decided_at = ${new Date().toISOString()}
    where status = 'open'
      and exists (
        select 1 from market_claims earlier
        where earlier.market_id = market_claims.market_id
          and earlier.user_id = market_claims.user_id
          and earlier.status = 'open'
          and (earlier.created_at < market_claims.created_at or (earlier.created_at = market_claims.created_at and earlier.id < market_claims.id))
      )
  `.execute(db);
  await sql`create unique index market_claims_one_open on market_claims (market_id, user_id) where status = 'open'`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex("market_claims_one_open").execute();
}
