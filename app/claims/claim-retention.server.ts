import type { Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";

/**
 * The phone number or address a person gave with a claim is for the admin's questions before the
 * decision. 90 days after it, the daily job removes it (see /privatlivspolitik); the claim and its
 * decision stay, for the person's and the admins' history.
 */
export const CLAIM_CONTACT_RETENTION_DAYS = 90;

/** Removes the contact details of claims decided more than 90 days ago; how many claims had some. */
export async function forgetOldClaimContacts(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - CLAIM_CONTACT_RETENTION_DAYS * 24 * 60 * 60 * 1000).toISOString();
  const result = await db
    .updateTable("market_claims")
    .set({ contact: null })
    .where("status", "!=", "open")
    .where("decided_at", "<", cutoff)
    .where("contact", "is not", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
