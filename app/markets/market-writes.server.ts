import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { bumpCacheGeneration } from "~/lib/cache-generation.server";
import type { Database } from "~/lib/db/schema";
import type { MarketInput } from "./market-input";
import { refreshMarketOccurrences, specToScheduleRow } from "./occurrences.server";
import { indexMarkets } from "./search/index.server";
import { slugify, uniqueSlug } from "./slug";
import { danishSortKey } from "./sorting";
import type { LocalDate, MarketSource } from "./types";

export interface SaveResult {
  id: string;
  slug: string;
  action: "created" | "updated";
}

/**
 * The market a new record stands for: the one with its slug, else the one with the same name
 * (ignoring case) at the same postal code, so a re-import updates instead of duplicating.
 */
async function findExisting(db: Kysely<Database>, input: MarketInput) {
  if (input.slug) {
    const bySlug = await db.selectFrom("markets").select(["id", "slug", "name"]).where("slug", "=", input.slug).executeTakeFirst();
    if (bySlug) return bySlug;
  }
  return db
    .selectFrom("markets")
    .select(["id", "slug", "name"])
    .where("postal_code", "=", input.postalCode)
    .where(sql<string>`lower(name)`, "=", input.name.toLowerCase())
    .executeTakeFirst();
}

function marketColumns(input: MarketInput, now: string) {
  return {
    name: input.name,
    sort_name: danishSortKey(input.name),
    type: input.type,
    description: input.description,
    venue_name: input.venueName,
    street: input.street,
    postal_code: input.postalCode,
    city: input.city,
    municipality: input.municipality,
    latitude: input.latitude,
    longitude: input.longitude,
    setting: input.setting,
    entry_fee_dkk: input.entryFeeDkk,
    entry_fee_text: input.entryFeeText,
    stall_price_text: input.stallPriceText,
    booking_info: input.bookingInfo,
    stall_count: input.stallCount,
    facilities: JSON.stringify(input.facilities),
    website: input.website,
    email: input.email,
    phone: input.phone,
    facebook: input.facebook,
    status: input.status,
    updated_at: now,
  };
}

/**
 * Creates or updates markets with their schedules and occurrences, all in one transaction: a
 * failure leaves the database as it was. Then refreshes search and empties the page caches.
 */
export async function saveMarkets(
  db: Kysely<Database>,
  inputs: MarketInput[],
  { source, today, now = new Date() }: { source: MarketSource; today: LocalDate; now?: Date },
): Promise<SaveResult[]> {
  const stamp = now.toISOString();
  const results = await db.transaction().execute(async (trx) => {
    const saved: SaveResult[] = [];
    for (const input of inputs) {
      const existing = await findExisting(trx, input);
      let id: string;
      let slug: string;
      if (existing) {
        id = existing.id;
        slug = existing.slug;
        await trx.updateTable("markets").set(marketColumns(input, stamp)).where("id", "=", id).execute();
        await trx.deleteFrom("market_schedules").where("market_id", "=", id).execute();
      } else {
        id = randomUUID();
        slug =
          input.slug ??
          (await uniqueSlug(slugify(`${input.name} ${input.city}`), async (candidate) => {
            const taken = await trx.selectFrom("markets").select("id").where("slug", "=", candidate).executeTakeFirst();
            const former = await trx.selectFrom("market_slug_history").select("slug").where("slug", "=", candidate).executeTakeFirst();
            return Boolean(taken || former);
          }));
        await trx
          .insertInto("markets")
          .values({ id, slug, source, created_at: stamp, last_confirmed_at: stamp, ...marketColumns(input, stamp) })
          .execute();
      }
      if (input.schedules.length) {
        await trx
          .insertInto("market_schedules")
          .values(input.schedules.map((spec) => specToScheduleRow(spec, { id: randomUUID(), marketId: id, now })))
          .execute();
      }
      await refreshMarketOccurrences(trx, id, { today });
      saved.push({ id, slug, action: existing ? "updated" : "created" });
    }
    await indexMarkets(trx, saved.map((result) => result.id));
    return saved;
  });
  await bumpCacheGeneration(db, now);
  return results;
}
