import { site } from "~/lib/site-context.server";
import type { Kysely } from "kysely";
import type { Database } from "../../lib/db/schema";
import { redirectWithFlash, type FlashMessage } from "../../lib/flash.server";
import { t } from "../../lib/i18n";
import { hitRateLimit, type RateLimit } from "../../lib/rate-limit.server";
import { parseSaveIntent } from "./save-paths";
import { saveMarket, unsaveMarket } from "./saved-markets.server";

type Toast = Omit<FlashMessage, "id">;

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

/**
 * The answer of a step that has just signed a person in (sign-in, sign-up, the verification link,
 * Google): on to `next` with the welcome, or, when `next` carries a visitor's "Gem", the market
 * saved and back to where its button was, saying so.
 */
export async function redirectAfterSignIn(
  db: Kysely<Database>,
  userId: string,
  next: string,
  welcome: Toast,
  init: { status?: number; headers?: HeadersInit } = {},
): Promise<Response> {
  const intent = parseSaveIntent(next);
  if (!intent) return redirectWithFlash(next, welcome, init);
  const answer = await answerSave(db, userId, intent.marketId, true, site().config.rateLimits.saves);
  const toast = answer.status === 200 ? { ...answer.toast, title: `${welcome.title} ${answer.toast.title}` } : answer.toast;
  return redirectWithFlash(intent.back, toast, init);
}
