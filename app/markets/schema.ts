import type { Generated } from "kysely";

/** The market tables as Kysely sees them (db/migrations/0002_markets.ts). */
export interface MarketTables {
  markets: MarketsTable;
  market_slug_history: MarketSlugHistoryTable;
  market_schedules: MarketSchedulesTable;
  market_occurrences: MarketOccurrencesTable;
  market_images: MarketImagesTable;
  market_views: MarketViewsTable;
  market_drafts: MarketDraftsTable;
  market_revisions: MarketRevisionsTable;
  market_claims: MarketClaimsTable;
  saved_markets: SavedMarketsTable;
  saved_market_feeds: SavedMarketFeedsTable;
}

/** A market a person pressed "Gem" on (0013). */
export interface SavedMarketsTable {
  user_id: string;
  market_id: string;
  created_at: string;
}

/** The secret address of a person's calendar feed of their saved markets (0013). */
export interface SavedMarketFeedsTable {
  user_id: string;
  token: string;
  created_at: string;
}

/** "Er det dit marked?": a claim on a market without owner, and its decision (0012). */
export interface MarketClaimsTable {
  id: string;
  market_id: string;
  user_id: string;
  relation: string;
  /** null once removed, 90 days after the decision. */
  contact: string | null;
  message: string | null;
  status: string;
  reason: string | null;
  decided_by: string | null;
  decided_at: string | null;
  created_at: string;
}

/** A submission still being written (0011_market_submissions, app/organiser/form/). */
export interface MarketDraftsTable {
  id: string;
  owner_id: string;
  step: string;
  /** JSON object of the form's fields as typed. */
  fields: Generated<string>;
  created_at: string;
  updated_at: string;
}

/** One change of a market: who, when, before and after, and whether it waits, is applied or was rejected. */
export interface MarketRevisionsTable {
  id: string;
  market_id: string;
  kind: string;
  state: string;
  author_id: string | null;
  /** JSON MarketSnapshot, null for a submission. */
  before: string | null;
  after: string;
  /** JSON list of field names. */
  changed_fields: Generated<string>;
  restored_from: string | null;
  reason: string | null;
  decided_by: string | null;
  decided_at: string | null;
  created_at: string;
  /** When an admin looked over a change that went live without review, and who (0020). */
  looked_over_at: string | null;
  looked_over_by: string | null;
}

/** A market page's views on one Danish day (0010_market_views, app/markets/views/). */
export interface MarketViewsTable {
  market_id: string;
  day: string;
  views: Generated<number>;
}

export interface MarketsTable {
  id: string;
  slug: string;
  name: string;
  sort_name: string;
  type: string;
  description: Generated<string>;
  venue_name: string | null;
  street: string | null;
  postal_code: number;
  city: string;
  municipality: string | null;
  latitude: number | null;
  longitude: number | null;
  setting: string | null;
  entry_fee_dkk: number | null;
  entry_fee_text: string | null;
  stall_price_text: string | null;
  booking_info: string | null;
  stall_count: number | null;
  /** JSON array of Facility keys. */
  facilities: Generated<string>;
  website: string | null;
  email: string | null;
  phone: string | null;
  facebook: string | null;
  owner_id: string | null;
  status: Generated<string>;
  featured_until: string | null;
  source: Generated<string>;
  last_confirmed_at: string | null;
  /** A plan id of app/markets/plans.ts; it sets how many pictures the market may have. */
  plan: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface MarketSlugHistoryTable {
  slug: string;
  market_id: string;
  created_at: string;
}

export interface MarketSchedulesTable {
  id: string;
  market_id: string;
  kind: string;
  start_date: string;
  end_date: string | null;
  rrule: string | null;
  start_time: string | null;
  end_time: string | null;
  duration_days: Generated<number>;
  /** JSON OpeningHours, shops only. */
  opening_hours: string | null;
  /** JSON CancelledDate[]. */
  cancelled: Generated<string>;
  updated_at: string;
}

export interface MarketOccurrencesTable {
  market_id: string;
  schedule_id: string;
  local_date: string;
  end_date: string;
  start_time: string;
  end_time: string;
  starts_at: string;
  ends_at: string;
  status: Generated<string>;
  note: string | null;
}

export interface MarketImagesTable {
  id: string;
  market_id: string;
  storage_key: string;
  width: number;
  height: number;
  alt: string;
  position: Generated<number>;
  /** JSON list of the widths stored as "{storage_key}-{width}.webp"; null for one file at storage_key. */
  widths: string | null;
  created_at: string;
}
