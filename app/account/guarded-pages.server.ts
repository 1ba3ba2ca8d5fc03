import type { Kysely } from "kysely";
import type { Database } from "~/lib/db/schema";
import { t } from "~/lib/i18n";
import type { PlannedPage } from "./planned-pages.server";

/** SPEC §5: ids are UUIDs. Anything else cannot name a market, so it is answered as not found. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string | undefined): value is string {
  return typeof value === "string" && UUID.test(value);
}

/** /manage-market/{id}: the page about one market, or null when the id names none. */
export async function manageMarketPage(db: Kysely<Database>, id: string | undefined): Promise<PlannedPage | null> {
  if (!isUuid(id)) return null;
  const market = await db.selectFrom("markets").select(["id", "name"]).where("id", "=", id.toLowerCase()).executeTakeFirst();
  if (!market) return null;
  return {
    pattern: "/manage-market/:id",
    title: t("dashboard.guarded.manageMarket.title", { name: market.name }),
    heading: t("dashboard.guarded.manageMarket.heading", { name: market.name }),
    description: t("dashboard.guarded.manageMarket.description", { name: market.name }),
    body: t("dashboard.guarded.manageMarket.body"),
  };
}
