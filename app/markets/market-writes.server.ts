import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { bumpCacheGeneration } from "~/lib/cache-generation.server";
import type { Database } from "~/lib/db/schema";
import { todayInDenmark } from "../lib/dates";
import type { MarketInput } from "./market-input";
import { refreshMarketOccurrences, specToScheduleRow } from "./schedule/occurrences.server";
import { indexMarkets } from "./search/index.server";
import { slugify, uniqueSlug } from "~/lib/slug";
import { danishSortKey } from "./sorting";
import type { LocalDate, MarketSource, MarketStatus } from "./types";

/*
 * Every write of markets goes through here, in two kinds:
 * - people (createMarket, updateMarket): creating always makes a new market, and an edit changes
 *   exactly the market asked for; nothing is ever matched by name or slug.
 * - the importer (upsertImportedMarkets): a row that looks like a market we have (same slug, or
 *   same name at the same postal code) updates it, so importing a file twice does not duplicate.
 * Both share the steps below: the markets row, its schedules and occurrences, its search rows, and
 * one bump of the page-cache generation per transaction.
 */

/** Who makes a change: the signed-in user. A market they create is theirs. */
export interface MarketActor {
  userId: string;
}

export interface WriteOptions {
  /** The Danish date occurrences and the search index's next date are computed from. */
  today?: LocalDate;
  now?: Date;
}

/** Further writes that belong to the same change (its revision), run in the write's transaction. */
export type AlongsideWrite = (trx: Kysely<Database>, market: { id: string; slug: string }) => Promise<void>;

export interface PersonWriteOptions extends WriteOptions {
  alongside?: AlongsideWrite;
}

export interface CreateWriteOptions extends PersonWriteOptions {
  /**
   * A write that decides whether the market is made at all (taking the draft it is sent from), run
   * first in the transaction: when it throws, nothing is written.
   */
  first?: (trx: Kysely<Database>) => Promise<void>;
}

export interface SaveResult {
  id: string;
  slug: string;
  action: "created" | "updated";
}

export type UpdateMarketResult = { found: true; id: string; slug: string } | { found: false };

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

/** "name-town", or "name-town-2" … when taken now or once (a former slug still redirects). */
function freeSlug(trx: Kysely<Database>, input: MarketInput): Promise<string> {
  return uniqueSlug(slugBase(input), async (candidate) => {
    const taken = await trx.selectFrom("markets").select("id").where("slug", "=", candidate).executeTakeFirst();
    const former = await trx.selectFrom("market_slug_history").select("slug").where("slug", "=", candidate).executeTakeFirst();
    return Boolean(taken || former);
  });
}

/** Writes a new markets row with its schedules and occurrences; returns its id. */
async function insertMarket(
  trx: Kysely<Database>,
  input: MarketInput,
  row: { slug: string; source: MarketSource; ownerId: string | null },
  { today, now }: Required<WriteOptions>,
): Promise<string> {
  const id = randomUUID();
  const stamp = now.toISOString();
  await trx
    .insertInto("markets")
    .values({ id, slug: row.slug, source: row.source, owner_id: row.ownerId, created_at: stamp, last_confirmed_at: stamp, ...marketColumns(input, stamp) })
    .execute();
  await writeSchedules(trx, id, input, { today, now });
  return id;
}

/**
 * Overwrites one existing market's columns, schedules and occurrences. Its slug, owner, source and
 * creation date stay: the address must not change under people's bookmarks.
 */
async function overwriteMarket(trx: Kysely<Database>, id: string, input: MarketInput, { today, now }: Required<WriteOptions>) {
  await trx.updateTable("markets").set(marketColumns(input, now.toISOString())).where("id", "=", id).execute();
  await trx.deleteFrom("market_schedules").where("market_id", "=", id).execute();
  await writeSchedules(trx, id, input, { today, now });
}

async function writeSchedules(trx: Kysely<Database>, marketId: string, input: MarketInput, { today, now }: Required<WriteOptions>) {
  if (input.schedules.length) {
    await trx
      .insertInto("market_schedules")
      .values(input.schedules.map((spec) => specToScheduleRow(spec, { id: randomUUID(), marketId, now })))
      .execute();
  }
  await refreshMarketOccurrences(trx, marketId, { today });
}

/**
 * Runs `write` in one transaction, then indexes the markets it wrote in that same transaction, so
 * a failure leaves database and search as they were. The page caches are emptied after the commit:
 * earlier, this instance could refill them with the old data before the new data is visible.
 */
async function inWriteTransaction<T>(
  db: Kysely<Database>,
  { today, now }: Required<WriteOptions>,
  write: (trx: Kysely<Database>) => Promise<{ written: string[]; result: T }>,
): Promise<T> {
  const { written, result } = await db.transaction().execute(async (trx) => {
    const outcome = await write(trx);
    await indexMarkets(trx, outcome.written, { today });
    return outcome;
  });
  if (written.length) await bumpCacheGeneration(db, now);
  return result;
}

function withDefaults({ today, now = new Date() }: WriteOptions): Required<WriteOptions> {
  return { today: today ?? todayInDenmark(now), now };
}

/**
 * Writes that take rows from one market to another (a merge of duplicates, app/review/), in the
 * one transaction every market write has: `write` returns the markets whose search rows must be
 * written again, and the page caches are emptied after the commit.
 */
export async function rewriteMarkets<T>(
  db: Kysely<Database>,
  options: WriteOptions,
  write: (trx: Kysely<Database>, settings: Required<WriteOptions>) => Promise<{ written: string[]; result: T }>,
): Promise<T> {
  const settings = withDefaults(options);
  return inWriteTransaction(db, settings, (trx) => write(trx, settings));
}

/**
 * A new market owned by `actor`, under a fresh slug from its name and town (input.slug is
 * ignored: a person does not choose the address). Callers check the actor's permission first.
 */
export async function createMarket(db: Kysely<Database>, input: MarketInput, actor: MarketActor, options: CreateWriteOptions = {}): Promise<{ id: string; slug: string }> {
  const settings = withDefaults(options);
  return inWriteTransaction(db, settings, async (trx) => {
    await options.first?.(trx);
    const slug = await freeSlug(trx, input);
    const id = await insertMarket(trx, input, { slug, source: "user", ownerId: actor.userId }, settings);
    await options.alongside?.(trx, { id, slug });
    return { written: [id], result: { id, slug } };
  });
}

/** The slug base a market's name and town give: "loppemarked-paa-oesterbro-koebenhavn-oe". */
function slugBase(input: Pick<MarketInput, "name" | "city">): string {
  return slugify(`${input.name} ${input.city}`);
}

/**
 * After a rename, the slug the new name gives, or null when the current one still fits ("base" or
 * "base-2"). The old slug goes to the history, whose 301 keeps bookmarks working; a slug this market
 * had before comes back to it, and one another market had is never taken.
 */
async function renamedSlug(trx: Kysely<Database>, id: string, current: string, input: MarketInput, now: Date): Promise<string | null> {
  const base = slugBase(input);
  if (base === "" || current === base || new RegExp(`^${base}-\\d+$`).test(current)) return null;
  const slug = await uniqueSlug(base, async (candidate) => {
    const taken = await trx.selectFrom("markets").select("id").where("slug", "=", candidate).executeTakeFirst();
    const former = await trx.selectFrom("market_slug_history").select("market_id").where("slug", "=", candidate).executeTakeFirst();
    return Boolean(taken || (former && former.market_id !== id));
  });
  await trx.deleteFrom("market_slug_history").where("slug", "=", slug).execute();
  await trx.insertInto("market_slug_history").values({ slug: current, market_id: id, created_at: now.toISOString() }).execute();
  await trx.updateTable("markets").set({ slug }).where("id", "=", id).execute();
  return slug;
}

/**
 * Changes the market with this id and no other. A rename moves it to the slug its new name gives,
 * and its former address answers 301 (market_slug_history). An unknown id writes nothing. Callers
 * check first that `actor` may change this market; the owner stays whoever it was.
 */
export async function updateMarket(db: Kysely<Database>, id: string, input: MarketInput, actor: MarketActor, options: PersonWriteOptions = {}): Promise<UpdateMarketResult> {
  const settings = withDefaults(options);
  return inWriteTransaction<UpdateMarketResult>(db, settings, async (trx) => {
    const existing = await trx.selectFrom("markets").select("slug").where("id", "=", id).executeTakeFirst();
    if (!existing) return { written: [], result: { found: false } };
    await overwriteMarket(trx, id, input, settings);
    const slug = (await renamedSlug(trx, id, existing.slug, input, settings.now)) ?? existing.slug;
    await options.alongside?.(trx, { id, slug });
    return { written: [id], result: { found: true, id, slug } };
  });
}

/**
 * The market an imported record stands for: the one with its slug, else the one with the same
 * name (ignoring case) at the same postal code.
 */
async function findImported(trx: Kysely<Database>, input: MarketInput) {
  if (input.slug) {
    const bySlug = await trx.selectFrom("markets").select(["id", "slug"]).where("slug", "=", input.slug).executeTakeFirst();
    if (bySlug) return bySlug;
  }
  return trx
    .selectFrom("markets")
    .select(["id", "slug"])
    .where("postal_code", "=", input.postalCode)
    .where(sql<string>`lower(name)`, "=", input.name.toLowerCase())
    .executeTakeFirst();
}

/**
 * The importer's write: each record updates the market it matches (findImported) or becomes a
 * new one without an owner, all in one transaction. Only for the importer: anything a person
 * submits goes through createMarket or updateMarket.
 */
export async function upsertImportedMarkets(db: Kysely<Database>, inputs: MarketInput[], options: WriteOptions = {}): Promise<SaveResult[]> {
  const settings = withDefaults(options);
  return inWriteTransaction(db, settings, async (trx) => {
    const saved: SaveResult[] = [];
    for (const input of inputs) {
      const existing = await findImported(trx, input);
      if (existing) {
        await overwriteMarket(trx, existing.id, input, settings);
        saved.push({ id: existing.id, slug: existing.slug, action: "updated" });
      } else {
        const slug = input.slug ?? (await freeSlug(trx, input));
        const id = await insertMarket(trx, input, { slug, source: "import", ownerId: null }, settings);
        saved.push({ id, slug, action: "created" });
      }
    }
    return { written: saved.map((result) => result.id), result: saved };
  });
}

/**
 * Moves a market to another status (published after review, rejected, archived) without touching
 * its fields; occurrences and search rows follow, and the public pages with them. False for an
 * unknown id.
 */
export async function setMarketStatus(db: Kysely<Database>, id: string, status: MarketStatus, options: PersonWriteOptions = {}): Promise<boolean> {
  const settings = withDefaults(options);
  return inWriteTransaction(db, settings, async (trx) => {
    const row = await trx.selectFrom("markets").select("slug").where("id", "=", id).executeTakeFirst();
    if (!row) return { written: [], result: false };
    await trx.updateTable("markets").set({ status, updated_at: settings.now.toISOString() }).where("id", "=", id).execute();
    await options.alongside?.(trx, { id, slug: row.slug });
    return { written: [id], result: true };
  });
}

/**
 * Gives a market without an owner to a person (an approved claim, app/claims/). Only while
 * it has none: of two approvals at once the second changes nothing and answers false. `alongside`
 * records the decision in the same transaction. The market page shows "Er det dit marked?" only
 * on a market without an owner, so the page caches are emptied after the commit.
 */
export async function setMarketOwner(db: Kysely<Database>, id: string, ownerId: string, options: PersonWriteOptions = {}): Promise<boolean> {
  const { now } = withDefaults(options);
  const moved = await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("markets").select("slug").where("id", "=", id).executeTakeFirst();
    if (!row) return false;
    const result = await trx.updateTable("markets").set({ owner_id: ownerId }).where("id", "=", id).where("owner_id", "is", null).executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await options.alongside?.(trx, { id, slug: row.slug });
    return true;
  });
  if (moved) await bumpCacheGeneration(db, now);
  return moved;
}
