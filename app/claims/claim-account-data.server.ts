import type { Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";

/*
 * A person's claims as their account sees them: in "Download mine data" (app/account/
 * account-export.server.ts), and gone with the account (app/account/deletion.server.ts).
 */

export interface ExportedClaim {
  id: string;
  marketId: string;
  marketName: string;
  relation: string;
  /** What they gave us to contact them on; null once removed, 90 days after the decision. */
  contact: string | null;
  message: string | null;
  status: string;
  reason: string | null;
  createdAt: string;
  decidedAt: string | null;
}

export async function claimsForExport(db: Kysely<Database>, userId: string): Promise<ExportedClaim[]> {
  const rows = await db
    .selectFrom("market_claims as c")
    .innerJoin("markets as m", "m.id", "c.market_id")
    .select(["c.id", "c.market_id", "m.name", "c.relation", "c.contact", "c.message", "c.status", "c.reason", "c.created_at", "c.decided_at"])
    .where("c.user_id", "=", userId)
    .orderBy("c.created_at")
    .orderBy("c.id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    marketId: row.market_id,
    marketName: row.name,
    relation: row.relation,
    contact: row.contact,
    message: row.message,
    status: row.status,
    reason: row.reason,
    createdAt: row.created_at,
    decidedAt: row.decided_at,
  }));
}

/**
 * In the deletion's transaction: the person's claims go, whatever their state. The claims they
 * decided as an admin are other people's: those stay, without their id.
 */
export async function releaseClaimsOf(trx: Kysely<Database>, userId: string): Promise<void> {
  await trx.deleteFrom("market_claims").where("user_id", "=", userId).execute();
  await trx.updateTable("market_claims").set({ decided_by: null }).where("decided_by", "=", userId).execute();
}
