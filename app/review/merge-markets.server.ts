import { sql, type Kysely, type Selectable } from "kysely";
import { recordAdminAction } from "~/admin-log/record.server";
import type { PermissionHolder } from "~/auth/permissions";
import { lockRow, toNumber } from "~/lib/db/dialect.server";
import type { Database } from "~/lib/db/schema";
import { t } from "~/lib/i18n";
import { isUuid } from "~/lib/uuid";
import type { Storage } from "~/lib/storage/index.server";
import { rewriteMarkets } from "~/markets/market-writes.server";
import type { MarketSchedulesTable } from "~/markets/schema";
import { refreshMarketOccurrences } from "~/markets/schedule/occurrences.server";
import type { LocalDate, MarketStatus } from "~/markets/types";
import { readImageRows, writeImageRows } from "../revisions/image-rows.server";
import { PicturePublishing } from "../revisions/publish-pictures.server";
import { readStoredMarket, wasPublic } from "../revisions/revisions.server";
import { isMarketStatus } from "./all-markets.server";

/*
 * Merging a duplicate into the market kept (/dashboard/admin/markeder/{id}/sammenlaeg). Everything
 * people made around the duplicate moves: its dates, pictures, saves, views, claims and forum
 * topics, and its addresses, which then answer 301 with the kept market. Where both have the same
 * thing, the kept market's wins: a person who saved both keeps one save, a person with an open
 * claim on both keeps the claim on the kept market (one open claim per market and person, 0014),
 * a date both have is one date, and a shop keeps the kept market's opening hours. The duplicate's
 * texts and its change history go with it; the log entry keeps its content.
 */

/** What one of the two markets has, as the merge page shows it. */
export interface MergeSide {
  id: string;
  slug: string;
  name: string;
  city: string;
  status: MarketStatus;
  ownerId: string | null;
  ownerName: string | null;
  dates: number;
  pictures: number;
  saves: number;
  views: number;
  claims: number;
  topics: number;
}

export interface MergePreview {
  duplicate: MergeSide;
  kept: MergeSide;
  /** Where both have the same thing, and the kept market's stays. */
  conflicts: { saves: number; openClaims: number; schedules: number };
}

export type MergeResult = { outcome: "merged"; kept: { id: string; slug: string; name: string } } | { outcome: "not_found" | "same_market" };

async function side(db: Kysely<Database>, id: string): Promise<MergeSide | null> {
  const row = await db
    .selectFrom("markets as m")
    .leftJoin("user as u", "u.id", "m.owner_id")
    .select(["m.id", "m.slug", "m.name", "m.city", "m.status", "m.owner_id", "u.name as owner_name"])
    .select((eb) => [
      eb.selectFrom("market_occurrences as o").select(eb.fn.countAll<number | string>().as("n")).whereRef("o.market_id", "=", "m.id").as("dates"),
      eb.selectFrom("market_images as i").select(eb.fn.countAll<number | string>().as("n")).whereRef("i.market_id", "=", "m.id").as("pictures"),
      eb.selectFrom("saved_markets as s").select(eb.fn.countAll<number | string>().as("n")).whereRef("s.market_id", "=", "m.id").as("saves"),
      eb
        .selectFrom("market_views as v")
        .select((inner) => inner.fn.coalesce(inner.fn.sum<number | string>("v.views"), sql<number>`0`).as("n"))
        .whereRef("v.market_id", "=", "m.id")
        .as("views"),
      eb.selectFrom("market_claims as c").select(eb.fn.countAll<number | string>().as("n")).whereRef("c.market_id", "=", "m.id").as("claims"),
      eb.selectFrom("forum_topics as f").select(eb.fn.countAll<number | string>().as("n")).whereRef("f.market_id", "=", "m.id").as("topics"),
    ])
    .where("m.id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    city: row.city,
    status: isMarketStatus(row.status) ? row.status : "draft",
    ownerId: row.owner_id,
    ownerName: row.owner_name,
    dates: toNumber(row.dates),
    pictures: toNumber(row.pictures),
    saves: toNumber(row.saves),
    views: toNumber(row.views),
    claims: toNumber(row.claims),
    topics: toNumber(row.topics),
  };
}

type ScheduleRow = Selectable<MarketSchedulesTable>;

/** Two schedules that give the same dates; a shop has one set of opening hours, the kept market's. */
function sameSchedule(a: ScheduleRow, b: ScheduleRow): boolean {
  if (a.kind === "opening_hours" && b.kind === "opening_hours") return true;
  const key = (row: ScheduleRow) => [row.kind, row.start_date, row.end_date, row.rrule, row.start_time, row.end_time, Number(row.duration_days), row.opening_hours];
  return JSON.stringify(key(a)) === JSON.stringify(key(b));
}

async function schedulesOf(db: Kysely<Database>, marketId: string): Promise<ScheduleRow[]> {
  return db.selectFrom("market_schedules").selectAll().where("market_id", "=", marketId).execute();
}

/** The duplicate's schedules the kept market has already (they are dropped) and those it gains. */
async function splitSchedules(db: Kysely<Database>, duplicateId: string, keptId: string): Promise<{ doubles: ScheduleRow[]; moving: ScheduleRow[] }> {
  const theirs = await schedulesOf(db, duplicateId);
  const ours = await schedulesOf(db, keptId);
  const doubles = theirs.filter((schedule) => ours.some((kept) => sameSchedule(schedule, kept)));
  return { doubles, moving: theirs.filter((schedule) => !doubles.includes(schedule)) };
}

/** Saves of the duplicate by people who saved the kept market too. */
function doubleSaves(db: Kysely<Database>, duplicateId: string, keptId: string) {
  return db
    .selectFrom("saved_markets as theirs")
    .innerJoin("saved_markets as ours", "ours.user_id", "theirs.user_id")
    .where("theirs.market_id", "=", duplicateId)
    .where("ours.market_id", "=", keptId)
    .select("theirs.user_id");
}

/** Open claims on the duplicate by people with an open claim on the kept market. */
function doubleOpenClaims(db: Kysely<Database>, duplicateId: string, keptId: string) {
  return db
    .selectFrom("market_claims as theirs")
    .innerJoin("market_claims as ours", "ours.user_id", "theirs.user_id")
    .where("theirs.market_id", "=", duplicateId)
    .where("theirs.status", "=", "open")
    .where("ours.market_id", "=", keptId)
    .where("ours.status", "=", "open")
    .select("theirs.id");
}

/** Both markets and what merging would move and drop; null when either is unknown. */
export async function mergePreview(db: Kysely<Database>, duplicateId: string, keptId: string): Promise<MergePreview | null> {
  const [duplicate, kept, schedules, saves, claims] = await Promise.all([
    side(db, duplicateId),
    side(db, keptId),
    splitSchedules(db, duplicateId, keptId),
    doubleSaves(db, duplicateId, keptId).execute(),
    doubleOpenClaims(db, duplicateId, keptId).execute(),
  ]);
  if (!duplicate || !kept) return null;
  return { duplicate, kept, conflicts: { saves: saves.length, openClaims: claims.length, schedules: schedules.doubles.length } };
}

/**
 * Merges the duplicate into the kept market, in one transaction with its log entry: both rows are
 * locked first (in the order of their ids, so two merges of the same pair cannot wait on each
 * other), and a merge that finds either gone writes nothing.
 */
export async function mergeMarkets(
  db: Kysely<Database>,
  admin: PermissionHolder,
  { duplicateId, keptId }: { duplicateId: string; keptId: string },
  options: { store?: Storage; now?: Date; today?: LocalDate } = {},
): Promise<MergeResult> {
  if (duplicateId === keptId) return { outcome: "same_market" };
  const pictures = new PicturePublishing(db, options.store);
  return pictures.around(() =>
    rewriteMarkets<MergeResult>(db, options, async (trx, { now, today }) => {
      for (const id of [duplicateId, keptId].sort()) {
        if (!(await lockRow(trx, "markets", id))) return { written: [], result: { outcome: "not_found" } };
      }
      const before = await readStoredMarket(trx, duplicateId);
      const duplicate = await side(trx, duplicateId);
      const kept = await side(trx, keptId);
      if (!before || !duplicate || !kept) return { written: [], result: { outcome: "not_found" } };

      const schedules = await splitSchedules(trx, duplicateId, keptId);
      if (schedules.moving.length) {
        const moving = schedules.moving.map((schedule) => schedule.id);
        await trx.updateTable("market_schedules").set({ market_id: keptId }).where("id", "in", moving).execute();
        // The dates already past stay as they were; refreshing writes those to come.
        await trx.updateTable("market_occurrences").set({ market_id: keptId }).where("schedule_id", "in", moving).execute();
      }
      await refreshMarketOccurrences(trx, keptId, { today });

      const theirPictures = await readImageRows(trx, duplicateId);
      if (theirPictures.length) {
        // A public market shows only published pictures: a duplicate still in review may hold private ones.
        const moved = wasPublic(kept.status) ? await pictures.publish(keptId, theirPictures) : theirPictures;
        await writeImageRows(trx, keptId, [...(await readImageRows(trx, keptId)), ...moved], now);
      }

      const doubleSaved = await doubleSaves(trx, duplicateId, keptId).execute();
      await trx
        .updateTable("saved_markets")
        .set({ market_id: keptId })
        .where("market_id", "=", duplicateId)
        .$if(doubleSaved.length > 0, (qb) =>
          qb.where(
            "user_id",
            "not in",
            doubleSaved.map((row) => row.user_id),
          ),
        )
        .execute();

      // The views of a day both were seen on are added up. (The select's where lets SQLite tell the upsert from a join.)
      await trx
        .insertInto("market_views")
        .columns(["market_id", "day", "views"])
        .expression((eb) =>
          eb
            .selectFrom("market_views")
            .select([sql.lit(keptId).as("market_id"), "day", "views"])
            .where("market_id", "=", duplicateId),
        )
        .onConflict((oc) => oc.columns(["market_id", "day"]).doUpdateSet({ views: sql`market_views.views + excluded.views` }))
        .execute();

      const doubleClaims = (await doubleOpenClaims(trx, duplicateId, keptId).execute()).map((row) => row.id);
      if (doubleClaims.length) {
        await trx
          .updateTable("market_claims")
          .set({ status: "rejected", reason: t("admin.merge.doubleClaimReason"), decided_by: admin.id, decided_at: now.toISOString() })
          .where("id", "in", doubleClaims)
          .execute();
      }
      await trx.updateTable("market_claims").set({ market_id: keptId }).where("market_id", "=", duplicateId).execute();

      await trx.updateTable("forum_topics").set({ market_id: keptId }).where("market_id", "=", duplicateId).execute();
      // A market nobody owned takes the duplicate's owner: the person who looks after it keeps doing so.
      if (kept.ownerId === null && duplicate.ownerId !== null) {
        await trx.updateTable("markets").set({ owner_id: duplicate.ownerId }).where("id", "=", keptId).execute();
      }

      await trx.updateTable("market_slug_history").set({ market_id: keptId }).where("market_id", "=", duplicateId).execute();
      await trx.deleteFrom("markets").where("id", "=", duplicateId).execute();
      await trx.insertInto("market_slug_history").values({ slug: duplicate.slug, market_id: keptId, created_at: now.toISOString() }).execute();
      await trx.updateTable("markets").set({ updated_at: now.toISOString() }).where("id", "=", keptId).execute();

      await recordAdminAction(trx, {
        actorId: admin.id,
        kind: "market.merge",
        target: { id: keptId, label: kept.name },
        before: { duplicate: { id: duplicate.id, slug: duplicate.slug, name: duplicate.name, status: duplicate.status, ownerId: duplicate.ownerId }, content: before.snapshot },
        after: {
          moved: {
            schedules: schedules.moving.length,
            pictures: theirPictures.length,
            saves: duplicate.saves - doubleSaved.length,
            views: duplicate.views,
            claims: duplicate.claims,
            topics: duplicate.topics,
          },
          keptInstead: { schedules: schedules.doubles.length, saves: doubleSaved.length, openClaims: doubleClaims.length },
          ownerId: kept.ownerId ?? duplicate.ownerId,
        },
        now,
      });
      return { written: [keptId], result: { outcome: "merged", kept: { id: keptId, slug: kept.slug, name: kept.name } } };
    }),
  );
}

/**
 * The market an admin names on the merge page: by its address ("https://…/markeder/{slug}" or
 * "/markeder/{slug}"), a former address, its slug or its id. null when none is found.
 */
export async function findMarketByReference(db: Kysely<Database>, reference: string): Promise<string | null> {
  const text: string = reference.trim();
  if (isUuid(reference.trim())) {
    const row = await db.selectFrom("markets").select("id").where("id", "=", text.toLowerCase()).executeTakeFirst();
    return row?.id ?? null;
  }
  const address = /(?:^|\/)markeder\/([^/?#]+)/.exec(text);
  const slug = (address ? address[1]! : text.replace(/[/?#].*$/, "")).toLowerCase();
  if (!slug) return null;
  const current = await db.selectFrom("markets").select("id").where("slug", "=", slug).executeTakeFirst();
  if (current) return current.id;
  const former = await db.selectFrom("market_slug_history").select("market_id").where("slug", "=", slug).executeTakeFirst();
  return former?.market_id ?? null;
}
