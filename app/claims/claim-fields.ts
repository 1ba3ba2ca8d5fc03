/*
 * The claim forms' names and choices without their rules, so that the pages' own JavaScript can
 * name them without loading zod; the rules are in claim-form.ts and claim-decision-form.ts.
 */

/** "Er det dit marked?" (routes/markeder/$slug/ejerskab.tsx). */
export const CLAIM_FORM_ID = "ejerskab";

/** How the person is connected to the market; the values are stored (market_claims.relation). */
export const CLAIM_RELATIONS = ["arrangoer", "ejer", "forening", "andet"] as const;
export type ClaimRelation = (typeof CLAIM_RELATIONS)[number];

export function isClaimRelation(value: unknown): value is ClaimRelation {
  return typeof value === "string" && (CLAIM_RELATIONS as readonly string[]).includes(value);
}

/** The reject form of one claim on /dashboard/market-claims: its id on the page and on the server's reply. */
export function claimRejectFormId(claimId: string): string {
  return `afvis-${claimId}`;
}
