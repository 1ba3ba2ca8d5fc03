import { site } from "~/lib/site-context.server";
import { data, redirect } from "react-router";
import { withNext } from "~/auth/auth-paths";
import { getViewer, requireUserWithPermission } from "~/auth/session.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { safeNextPath } from "~/lib/next-path";
import { formText, readLimitedForm, SMALL_FORM_MAX_BYTES } from "~/lib/request-body.server";
import { answerSave } from "~/markets/saved/save-actions.server";
import { isMarketId, saveIntentPath } from "~/markets/saved/save-paths";
import type { Route } from "./+types/$id";

/**
 * POST /gem/{id}: "Gem" (gem=1) or "Gemt" (gem=0) on a market, from its page, a card, the map's
 * list or the saved list. Without JavaScript the answer is 303 back to the button (tilbage, which
 * ends in the button's #id) with a toast; the script of the buttons asks for JSON (Accept) and gets the state and the toast.
 * A visitor is sent to sign in or up and comes back with the market saved (save-paths.ts).
 */
export async function action({ request, params }: Route.ActionArgs) {
  const wantsJson = (request.headers.get("Accept") ?? "").includes("application/json");
  const body = await readLimitedForm(request, SMALL_FORM_MAX_BYTES);
  const form = body.ok ? body.form : new FormData();
  const back = safeNextPath(formText(form, "tilbage") || "/");
  const wanted = formText(form, "gem") !== "0";
  const marketId = params.id.toLowerCase();

  if (!(await getViewer(request))) {
    const signIn = withNext("/sign-in", wanted && isMarketId(marketId) ? saveIntentPath(marketId, back) : back);
    return wantsJson ? data({ signIn }, { status: 401 }) : redirect(signIn, 303);
  }
  const viewer = await requireUserWithPermission(request, "save:market");
  if (!isMarketId(params.id)) throw data(null, { status: 404 });
  if (!body.ok) throw data(null, { status: 400 });

  const { database, config } = site();
  const answer = await answerSave(database.db, viewer.user.id, marketId, wanted, config.rateLimits.saves);
  const headers: HeadersInit = answer.retryAfterSeconds ? { "Retry-After": String(answer.retryAfterSeconds) } : {};
  if (wantsJson) return data({ saved: answer.saved, toast: answer.toast }, { status: answer.status, headers });
  return redirectWithFlash(back, answer.toast, { headers });
}

/**
 * A GET never saves: a visitor is sent to sign in with the save waiting in `next` (where the
 * sign-in step does it); someone signed in is sent back, so a link cannot save for them.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const back = safeNextPath(url.searchParams.get("tilbage") || "/");
  if (!isMarketId(params.id)) throw data(null, { status: 404 });
  if (!(await getViewer(request))) return redirect(withNext("/sign-in", saveIntentPath(params.id.toLowerCase(), back)), 302);
  return redirect(back, 302);
}
