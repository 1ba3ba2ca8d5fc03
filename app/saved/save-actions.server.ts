import type { Kysely } from "kysely";
import type { Database } from "../lib/db/schema";
import type { Toast } from "../lib/toast";
import { t } from "../lib/i18n";
import { hitRateLimit, type RateLimit } from "../lib/rate-limit.server";
import { saveMarket, unsaveMarket } from "./saved-markets.server";

/** What pressing "Gem" or "Gemt" came to, as a status, the state it left and what to tell the person. */
export interface SaveAnswer {
  status: number;
  saved: boolean;
  toast: Toast;
  retryAfterSeconds?: number;
}

/** Saves (wanted) or unsaves a market for a person, within their rate limit. */
export async function answerSave(db: Kysely<Database>, userId: string, marketId: string, wanted: boolean, rule: RateLimit, now: Date = new Date()): Promise<SaveAnswer> {
  const verdict = await hitRateLimit(db, `save:${userId}`, rule, now);
  if (!verdict.allowed) {
    return { status: 429, saved: !wanted, toast: { title: t("saved.toasts.tooMany"), variant: "destructive" }, retryAfterSeconds: verdict.retryAfterSeconds };
  }
  if (!wanted) {
    const name = await unsaveMarket(db, userId, marketId);
    return { status: 200, saved: false, toast: { title: t("saved.toasts.removed"), description: name ? t("saved.toasts.removedName", { name }) : undefined, variant: "success" } };
  }
  const result = await saveMarket(db, userId, marketId, now);
  switch (result.outcome) {
    case "saved":
      return { status: 200, saved: true, toast: { title: t("saved.toasts.saved"), description: t("saved.toasts.savedName", { name: result.name }), variant: "success" } };
    case "closed":
      return { status: 409, saved: false, toast: { title: t("saved.toasts.closed"), description: t("saved.toasts.closedName", { name: result.name }), variant: "destructive" } };
    case "not-found":
      return { status: 404, saved: false, toast: { title: t("saved.toasts.notFound"), variant: "destructive" } };
  }
}
