import { site } from "~/lib/site-context.server";
import { data, redirect } from "react-router";
import { withNext } from "~/auth/auth-paths";
import { access } from "~/http/access.server";
import { redirectWithFlash } from "~/http/flash.server";
import { safeNextPath } from "~/lib/next-path";
import { readLimitedForm, SMALL_FORM_MAX_BYTES } from "~/http/request-body.server";
import { formText } from "~/forms/form-data";
import { answerSave } from "~/saved/save-actions.server";
import { isMarketId, saveIntentPath } from "~/saved/save-paths";
import type { Route } from "./+types/$id";

/**
 * A visitor's "Gem" is sent to sign in or up and comes back with the market saved (save-paths.ts):
 * the post (303, or 401 with the address for the buttons' script), and a GET, which never saves.
 */
async function visitorAnswer(request: Request, url: URL, params: { id?: string }): Promise<Response> {
  const marketId = (params.id ?? "").toLowerCase();
  if (request.method === "GET" || request.method === "HEAD") {
    const back = safeNextPath(url.searchParams.get("tilbage") || "/");
    if (!isMarketId(marketId)) throw data(null, { status: 404 });
    return redirect(withNext("/sign-in", saveIntentPath(marketId, back)), 302);
  }
  const body = await readLimitedForm(request, SMALL_FORM_MAX_BYTES);
  const form = body.ok ? body.form : new FormData();
  const back = safeNextPath(formText(form, "tilbage") || "/");
  const wanted = formText(form, "gem") !== "0";
  const signIn = withNext("/sign-in", wanted && isMarketId(marketId) ? saveIntentPath(marketId, back) : back);
  return wantsJson(request) ? Response.json({ signIn }, { status: 401 }) : redirect(signIn, 303);
}

function wantsJson(request: Request): boolean {
  return (request.headers.get("Accept") ?? "").includes("application/json");
}

const guard = access({ permission: "save:market", visitor: visitorAnswer });
export const middleware: Route.MiddlewareFunction[] = [guard];

/**
 * POST /gem/{id}: "Gem" (gem=1) or "Gemt" (gem=0) on a market, from its page, a card, the map's
 * list or the saved list. Without JavaScript the answer is 303 back to the button (tilbage, which
 * ends in the button's #id) with a toast; the script of the buttons asks for JSON (Accept) and gets the state and the toast.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { viewer } = guard.allowed(context);
  const body = await readLimitedForm(request, SMALL_FORM_MAX_BYTES);
  const form = body.ok ? body.form : new FormData();
  const back = safeNextPath(formText(form, "tilbage") || "/");
  const wanted = formText(form, "gem") !== "0";
  const marketId = params.id.toLowerCase();
  if (!isMarketId(params.id)) throw data(null, { status: 404 });
  if (!body.ok) throw data(null, { status: 400 });

  const { database, config } = site();
  const answer = await answerSave(database.db, viewer.user.id, marketId, wanted, config.rateLimits.saves);
  const headers: HeadersInit = answer.retryAfterSeconds ? { "Retry-After": String(answer.retryAfterSeconds) } : {};
  if (wantsJson(request)) return data({ saved: answer.saved, toast: answer.toast }, { status: answer.status, headers });
  return redirectWithFlash(back, answer.toast, { headers });
}

/** A GET never saves: someone signed in is sent back, so a link cannot save for them. */
export function loader({ url, params }: Route.LoaderArgs) {
  const back = safeNextPath(url.searchParams.get("tilbage") || "/");
  if (!isMarketId(params.id)) throw data(null, { status: 404 });
  return redirect(back, 302);
}
