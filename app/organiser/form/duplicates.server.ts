import type { Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";

/** Names compare as a person reads them: case, spacing and "Æ"/"æ" do not make two markets. */
function comparableName(name: string): string {
  return name.trim().replace(/\s+/g, " ").toLocaleLowerCase("da-DK");
}

export interface Namesake {
  name: string;
  slug: string;
  /** Someone runs it on the site; without an owner it can be claimed ("Er det dit marked?"). */
  hasOwner: boolean;
}

/**
 * A published market with the same name and postal code, which "Se og send" points out: it may be
 * the same market sent again. Only pointed out, never merged; the submission still makes a new
 * market. The comparison is done here rather than in SQL, where SQLite's lower() knows only A–Z.
 */
export async function publishedNamesake(db: Kysely<Database>, market: { name: string; postalCode: number }, exceptId?: string | null): Promise<Namesake | null> {
  const rows = await db
    .selectFrom("markets")
    .select(["id", "name", "slug", "owner_id"])
    .where("postal_code", "=", market.postalCode)
    .where("status", "=", "published")
    .orderBy("name")
    .execute();
  const wanted = comparableName(market.name);
  const twin = rows.find((row) => row.id !== exceptId && comparableName(row.name) === wanted);
  return twin ? { name: twin.name, slug: twin.slug, hasOwner: twin.owner_id !== null } : null;
}
