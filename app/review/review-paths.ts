/** The admins' review pages (routes/dashboard/admin/godkendelser/). */
export const ADMIN_HOME_PATH = "/dashboard/admin";
export const REVIEW_QUEUE_PATH = "/dashboard/admin/godkendelser";

export function reviewItemPath(revisionId: string): string {
  return `${REVIEW_QUEUE_PATH}/${revisionId}`;
}

/** The queue after a decision: it names what was just decided, with the way to its public page. */
export const DECIDED_PARAM = "afgjort";

export function queueAfterDecision(revisionId: string): string {
  return `${REVIEW_QUEUE_PATH}?${DECIDED_PARAM}=${revisionId}`;
}

/** Every market, whatever its status: the admins' search (routes/dashboard/admin/markeder.tsx). */
export const ALL_MARKETS_PATH = "/dashboard/admin/markeder";
/** At most this many characters of a search are read. */
export const MARKET_QUERY_MAX = 100;

/** Merging a duplicate into the market kept (routes/dashboard/admin/markeder/$id/sammenlaeg.tsx). */
export function mergePath(duplicateId: string): string {
  return `${ALL_MARKETS_PATH}/${duplicateId}/sammenlaeg`;
}
/** The merge page's field: the kept market's address, slug or id. */
export const MERGE_TARGET_PARAM = "med";

/** What trusted owners changed without review (routes/dashboard/admin/aendringer.tsx). */
export const RECENT_CHANGES_PATH = "/dashboard/admin/aendringer";
/** ?vis=alle: the changes looked over too, not only the queue. */
export const RECENT_CHANGES_VIEW_PARAM = "vis";
