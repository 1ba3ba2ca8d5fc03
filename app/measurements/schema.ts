/**
 * The tables of anonymous measurement (0007_measurements). Written only by
 * app/measurements/store.server.ts, read by report.server.ts. No column can hold a cookie, an
 * account, an address or a path: a row says what kind of page, which day, and a number.
 */
export interface MeasurementTables {
  measurements: MeasurementsTable;
  page_views: PageViewsTable;
}

export interface MeasurementsTable {
  id: string;
  /** The Danish date, "YYYY-MM-DD". */
  day: string;
  /** A PageType (app/measurements/page-type.server.ts). */
  page_type: string;
  /** A VitalName, or "slow-resource" for a resource that took over SLOW_RESOURCE_MS. */
  metric: string;
  value: number;
  /** A Rating (app/measurements/thresholds.ts); always "poor" for a slow resource. */
  rating: string;
}

/** One counter per day and page type: a page view needs nothing more than a count. */
export interface PageViewsTable {
  day: string;
  page_type: string;
  views: number;
}
