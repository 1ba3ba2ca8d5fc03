/** Where claims are made and decided. */

/** The admins' list of open claims (routes/dashboard/market-claims.tsx). */
export const CLAIMS_QUEUE_PATH = "/dashboard/market-claims";

/** "Er det dit marked?" for one market (routes/markeder/$slug/ejerskab.tsx). */
export function claimPath(slug: string): string {
  return `/markeder/${slug}/ejerskab`;
}

/** The control panel an approved claimant manages their market from (routes/manage-market/$id/index.tsx). */
export function managePath(marketId: string): string {
  return `/manage-market/${marketId}`;
}

/** The contact form with its subject chosen: what to press on a market that already has an owner. */
export const CONTACT_ABOUT_MARKET_PATH = "/kontakt?emne=correction";
