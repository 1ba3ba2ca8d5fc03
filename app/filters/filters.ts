import type { LocalDate, MarketImage, MarketType, Setting } from "../markets/types";

/**
 * What a visitor can ask of the market list; shared by /register, the map, the calendar and the
 * landing pages, and kept in the URL so a filtered list is a link.
 */
export interface MarketFilters {
  /** Free text, searched Danish-aware (app/markets/search). */
  text?: string;
  types?: MarketType[];
  /** A region option key of app/markets/regions.ts (e.g. "hovedstaden", "aarhus"). */
  region?: string;
  /** A location key of app/markets/locations.ts (landing pages). */
  location?: string;
  /** Only markets with an occurrence on a day in this range (inclusive, Danish dates). */
  dateFrom?: LocalDate;
  dateTo?: LocalDate;
  /** Only markets open at this instant: an occurrence running now, or a shop within its hours. */
  openAt?: Date;
  setting?: Setting;
  freeEntry?: boolean;
  /** The visitor's position, for distance sorting. */
  near?: { latitude: number; longitude: number };
  sort?: "relevance" | "date" | "name" | "distance";
}

export interface MarketListItem {
  id: string;
  slug: string;
  name: string;
  type: MarketType;
  city: string;
  postalCode: number;
  latitude: number | null;
  longitude: number | null;
  setting: Setting | null;
  entryFeeDkk: number | null;
  /** The first scheduled occurrence from the search's start date, if any. */
  nextDate: LocalDate | null;
  nextStartTime: string | null;
  nextEndTime: string | null;
  /** Kilometres from `near`, when given. */
  distanceKm: number | null;
  /** Its first image by position, shown on its card; null for none (the card then draws its type). */
  cover: MarketImage | null;
  /** Open at the moment the list was read: an occurrence running, or a shop within its hours. */
  openNow: boolean;
  /**
   * When an open market closes again (an ISO instant), if known: a page kept by the page cache
   * hides its "Åbent nu" once that has passed.
   */
  openUntil: string | null;
  /** When a closed market opens later the same day (an ISO instant), if known. */
  opensAt: string | null;
}

export interface MarketListPage {
  total: number;
  items: MarketListItem[];
}
