import type { Submission } from "@conform-to/react";
import type { Kysely } from "kysely";
import type { PermissionHolder } from "~/auth/permissions";
import { parseSubmission } from "~/forms/parse-form.server";
import type { Database } from "~/lib/db/schema";
import { claimRejectSchema } from "./claim-decision-form";
import { claimRejectFormId } from "./claim-fields";
import { sendClaimMail, type ClaimMailOptions, type ClaimMailOutcome } from "./claim-mails.server";
import { approveClaim, getClaim, rejectClaim, type Claim, type DecideClaimResult } from "./claims.server";

/*
 * An admin's post on /dashboard/market-claims, decided: approve a claim, or reject it with a
 * reason; then the people concerned are told. The route checked the permission
 * (moderate:claim:any) and the claim's id, and turns the outcome into a response.
 */

export const CLAIM_INTENTS = ["approve", "reject"] as const;
export type ClaimIntent = (typeof CLAIM_INTENTS)[number];

function isIntent(value: FormDataEntryValue | null): value is ClaimIntent {
  return typeof value === "string" && (CLAIM_INTENTS as readonly string[]).includes(value);
}

export type ClaimDecisionOutcome =
  | {
      kind: "approved";
      marketName: string;
      personName: string;
      mail: ClaimMailOutcome;
      /** The other open claims on the market, turned down, and whether each was told. */
      others: ClaimMailOutcome[];
    }
  | { kind: "rejected"; marketName: string; personName: string; mail: ClaimMailOutcome }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the reject form's submission
  | { kind: "invalid"; form: string; submission: Submission<any, string[], any> }
  | { kind: "already_decided"; claim: Claim }
  | { kind: "market_has_owner" | "not_found" | "unknown_intent" };

/** A decision that did not happen, and why. */
function notDecided(result: DecideClaimResult): ClaimDecisionOutcome {
  switch (result.outcome) {
    case "already_decided":
      return { kind: "already_decided", claim: result.claim };
    case "market_has_owner":
    case "not_found":
      return { kind: result.outcome };
    default:
      throw new Error(`A claim was ${result.outcome} where no decision was made`);
  }
}

async function nameOf(db: Kysely<Database>, userId: string): Promise<string> {
  const row = await db.selectFrom("user").select("name").where("id", "=", userId).executeTakeFirst();
  return row?.name ?? "";
}

export async function decideClaim(db: Kysely<Database>, admin: PermissionHolder, claimId: string, form: FormData, mail: ClaimMailOptions): Promise<ClaimDecisionOutcome> {
  const intent = form.get("intent");
  if (!isIntent(intent)) return { kind: "unknown_intent" };
  if (intent === "reject") {
    const submission = parseSubmission(form, claimRejectSchema);
    if (submission.status !== "success") {
      // A decided claim makes the form moot, whatever was typed.
      const claim = await getClaim(db, claimId);
      if (!claim) return { kind: "not_found" };
      if (claim.status !== "open") return { kind: "already_decided", claim };
      return { kind: "invalid", form: claimRejectFormId(claimId), submission };
    }
    const result = await rejectClaim(db, admin, claimId, submission.value.reason);
    if (result.outcome !== "rejected") return notDecided(result);
    return {
      kind: "rejected",
      marketName: result.market.name,
      personName: await nameOf(db, result.claim.userId),
      mail: await sendClaimMail(db, result.claim, result.market, mail),
    };
  }
  const result = await approveClaim(db, admin, claimId);
  if (result.outcome !== "approved") return notDecided(result);
  const others: ClaimMailOutcome[] = [];
  for (const other of result.rejected) others.push(await sendClaimMail(db, other, result.market, mail));
  return {
    kind: "approved",
    marketName: result.market.name,
    personName: await nameOf(db, result.claim.userId),
    mail: await sendClaimMail(db, result.claim, result.market, mail),
    others,
  };
}
