import { site } from "~/lib/site-context.server";
import type { Toast } from "~/lib/toast";
import { answerSave } from "~/saved/save-actions.server";
import { parseSaveIntent } from "~/saved/save-paths";
import { redirectWithFlash } from "./flash.server";

/**
 * The answer of a step that has just signed a person in (sign-in, sign-up, the verification link,
 * Google): on to `next` with the welcome, or, when `next` carries a visitor's "Gem", the market
 * saved and back to where its button was, saying so.
 */
export async function redirectAfterSignIn(userId: string, next: string, welcome: Toast, init: { status?: number; headers?: HeadersInit } = {}): Promise<Response> {
  const intent = parseSaveIntent(next);
  if (!intent) return redirectWithFlash(next, welcome, init);
  const { database, config } = site();
  const answer = await answerSave(database.db, userId, intent.marketId, true, config.rateLimits.saves);
  const toast = answer.status === 200 ? { ...answer.toast, title: `${welcome.title} ${answer.toast.title}` } : answer.toast;
  return redirectWithFlash(intent.back, toast, init);
}
