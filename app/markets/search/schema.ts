import type { Generated } from "kysely";

/**
 * The search tables as Kysely sees them (db/migrations/0003_market_search.ts). Derived data:
 * indexMarkets (index.server.ts) writes them from the markets, their schedules and occurrences.
 */
export interface MarketSearchTables {
  market_search: MarketSearchTable;
  market_search_text: MarketSearchTextTable;
  market_search_terms: MarketSearchTermsTable;
  market_search_hours: MarketSearchHoursTable;
  market_openings: MarketOpeningsTable;
}

/** Stands for "no coming occurrence" in next_date/next_end, so that it sorts last. */
export const NO_DATE = "9999-12-31";

export interface MarketSearchTable {
  id: Generated<number>;
  market_id: string;
  type: string;
  postal_code: number;
  setting: string | null;
  entry_fee_dkk: number | null;
  latitude: number | null;
  longitude: number | null;
  sort_name: string;
  /** The day next_date/next_end were computed for. */
  next_basis: string;
  /** First and last day of the first scheduled occurrence not ended on next_basis, or NO_DATE. */
  next_date: string;
  next_end: string;
  /** " term term " from the name only: weighs matches in the name above the rest. */
  name_terms: string;
}

/** The full-text side of a market_search row, with the same id. */
export interface MarketSearchTextTable {
  id: number;
  /** " term term " from everything searchable, the name included. */
  document: string;
  /** " token token " filter tokens (facets.ts). */
  facets: string;
}

export interface MarketSearchTermsTable {
  term: string;
  doc_count: number;
}

export interface MarketSearchHoursTable {
  market_id: string;
  /** ISO weekday, 1 = Monday … 7 = Sunday. */
  weekday: number;
  opens: string;
  /** "24:00" for an interval that runs to midnight. */
  closes: string;
  valid_from: string;
  valid_to: string | null;
  /** " YYYY-MM-DD … " cancelled days, or "". */
  closed_dates: Generated<string>;
}

/** The hours a market is open on one day of the openings window (openings.server.ts). */
export interface MarketOpeningsTable {
  market_id: string;
  /** The market's market_search row (its id changes each time the market is indexed). */
  search_id: number;
  day: string;
  opens: string;
  /** "24:00" for an interval that runs to midnight. */
  closes: string;
  /** Copies of the search row's filter and sort columns. */
  type: string;
  postal_code: number;
  setting: string | null;
  entry_fee_dkk: number | null;
  latitude: number | null;
  longitude: number | null;
  sort_name: string;
}

/** What an openings row copies from its market's search row. */
export const OPENING_FILTER_COLUMNS = ["type", "postal_code", "setting", "entry_fee_dkk", "latitude", "longitude", "sort_name"] as const;
export type OpeningFilterColumns = Pick<MarketOpeningsTable, (typeof OPENING_FILTER_COLUMNS)[number]>;
