import leafletStyles from "leaflet/dist/leaflet.css?url";
import { data, redirect, useActionData, type ShouldRevalidateFunctionArgs } from "react-router";
import { PERSONAL_PAGE_HEADERS, requirePageAccess } from "~/account/guard.server";
import { database } from "~/lib/db/database.server";
import { MarketStepForm } from "~/markets/submissions/components/MarketStepForm";
import { draftStepPath, ownDraft } from "~/markets/submissions/drafts.server";
import { isStepSlug } from "~/markets/submissions/form-steps";
import type { StepActionData } from "~/markets/submissions/step-page";
import { stepMeta } from "~/markets/submissions/step-meta";
import { stepAction, stepPageData, type FormContext } from "~/markets/submissions/step-page.server";
import type { Route } from "./+types/$step";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: leafletStyles }];

/**
 * The person's draft at this step. Someone else's draft, an unknown one and an unknown step are
 * all simply not found (404): nothing tells whether a draft exists. An edit's draft continues on
 * the edit page.
 */
async function formContext(request: Request, params: Route.LoaderArgs["params"]): Promise<FormContext> {
  const viewer = await requirePageAccess(request);
  if (!isStepSlug(params.step)) throw data(null, { status: 404 });
  const draft = await ownDraft(database().db, params.draftId, viewer.user.id);
  if (!draft) throw data(null, { status: 404 });
  if (draft.marketId) throw redirect(draftStepPath(draft, params.step), 302);
  return { mode: "create", viewer, step: params.step, draft, market: null };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const context = await formContext(request, params);
  return data(await stepPageData(database().db, context, new URL(request.url)), { headers: PERSONAL_PAGE_HEADERS });
}

export async function action({ request, params }: Route.ActionArgs) {
  const context = await formContext(request, params);
  return stepAction(database().db, context, request);
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

/** A save in the background changes nothing on the page. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formData?.get("intent") === "gem" ? false : defaultShouldRevalidate;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return stepMeta(matches, loaderData);
}

export default function MarketStepPage({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<StepActionData>();
  return <MarketStepForm key={`${loaderData.draftId}:${loaderData.step}`} page={loaderData} actionData={actionData} />;
}
