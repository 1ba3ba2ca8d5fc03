import { sql, type Kysely } from "kysely";
import { addDays, instantToLocal, localDateTimeToInstant, type LocalDate } from "../lib/dates";
import type { Database } from "../lib/db/schema";
import { openAt, openingsHold } from "../markets/query/conditions.server";
import { parseImageWidths } from "../markets/image-widths";
import type { MarketImage } from "../markets/types";

/** What a market's card shows beyond its own row (MarketListItem). */
export interface ListDetails {
  cover: MarketImage | null;
  openNow: boolean;
  openUntil: string | null;
  opensAt: string | null;
}

const CLOSED: ListDetails = { cover: null, openNow: false, openUntil: null, opensAt: null };

/** The instant a Danish time of `day` comes; "24:00" is the next midnight. */
function instantOf(day: LocalDate, time: string): string {
  return (time === "24:00" ? localDateTimeToInstant(addDays(day, 1), "00:00") : localDateTimeToInstant(day, time)).toISOString();
}

/**
 * The cards' details for the markets of one page, in one query for all of them: the first image
 * by position, and whether the market is open at `now` by the rule of the "Åbent nu" filter
 * (openAt in query/conditions.server.ts). When the day's openings are stored, the open row also
 * says when it closes (a market's rows of a day are merged, so at most one is open at once), and
 * a closed market's next row of the day when it opens: the instants the cards go stale.
 */
export async function listDetails(db: Kysely<Database>, ids: readonly string[], now: Date): Promise<Map<string, ListDetails>> {
  if (!ids.length) return new Map();
  const held = await openingsHold(db, now);
  const closes = held ? sql<string | null>`(select p.closes from market_openings p where p.market_id = m.id and ${await openAt(db, "p", now)} limit 1)` : sql<string | null>`null`;
  const { date: day, time } = instantToLocal(now);
  const opens = held
    ? sql<string | null>`(select min(p.opens) from market_openings p where p.market_id = m.id and p.day = ${day} and p.opens > ${time})`
    : sql<string | null>`null`;
  // Worked out from occurrences and weekly hours only when the openings do not hold the instant.
  const openWithoutRow = held ? sql<number>`0` : sql<number>`(case when ${await openAt(db, "m", now, held)} then 1 else 0 end)`;
  const { rows } = await sql<{
    id: string;
    storage_key: string | null;
    widths: string | null;
    width: number | null;
    height: number | null;
    alt: string | null;
    closes: string | null;
    opens: string | null;
    open_without_row: number | string;
  }>`select m.id, i.storage_key, i.widths, i.width, i.height, i.alt, ${closes} as closes, ${opens} as opens, ${openWithoutRow} as open_without_row
    from markets m
    left join market_images i on i.id = (select c.id from market_images c where c.market_id = m.id order by c.position, c.id limit 1)
    where m.id in (${sql.join(ids)})`.execute(db);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        cover:
          row.storage_key !== null
            ? { storageKey: row.storage_key, widths: parseImageWidths(row.widths), width: Number(row.width), height: Number(row.height), alt: row.alt ?? "" }
            : null,
        openNow: row.closes !== null || Number(row.open_without_row) === 1,
        openUntil: row.closes !== null ? instantOf(day, row.closes) : null,
        opensAt: row.closes === null && row.opens !== null ? instantOf(day, row.opens) : null,
      },
    ]),
  );
}

/** The details of one market, or those of a closed market without images when it was not found. */
export function detailsOf(details: Map<string, ListDetails>, id: string): ListDetails {
  return details.get(id) ?? CLOSED;
}
