import leafletStyles from "leaflet/dist/leaflet.css?url";
import { data, redirect, useActionData, type ShouldRevalidateFunctionArgs } from "react-router";
import { PERSONAL_PAGE_HEADERS, requirePageAccess } from "~/account/guard.server";
import { formFailure } from "~/forms/parse-form.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { isMultipart, readForm, readLimitedForm } from "~/lib/request-body.server";
import { site } from "~/lib/site-context.server";
import { IMAGE_UPLOAD_MAX_BYTES } from "~/markets/images/image-actions.server";
import { MarketStepForm } from "~/markets/submissions/components/MarketStepForm";
import { draftStepPath, ownDraft } from "~/markets/submissions/drafts.server";
import { IMAGES_STEP, isStepSlug } from "~/markets/submissions/form-steps";
import type { StepActionData } from "~/markets/submissions/step-page";
import { stepMeta } from "~/markets/submissions/step-meta";
import { stepAction, stepUpload, type StepOutcome } from "~/markets/submissions/step-actions.server";
import { checkReasonOf, STEP_FORM_MAX_BYTES, stepPageData, type FormContext } from "~/markets/submissions/step-page.server";
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
  const draft = await ownDraft(site().database.db, params.draftId, viewer.user.id);
  if (!draft) throw data(null, { status: 404 });
  if (draft.marketId) throw redirect(draftStepPath(draft, params.step), 302);
  return { mode: "create", viewer, step: params.step, draft, market: null };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const context = await formContext(request, params);
  return data(await stepPageData(site(), context, checkReasonOf(new URL(request.url))), { headers: PERSONAL_PAGE_HEADERS });
}

/** A step's fields, or on "Billeder" a picture's post: an upload is read with the pictures' own limit. */
export async function action({ request, params }: Route.ActionArgs) {
  const context = await formContext(request, params);
  if (context.step === IMAGES_STEP && isMultipart(request)) return answer(await stepUpload(site(), context, await readLimitedForm(request, IMAGE_UPLOAD_MAX_BYTES)));
  return answer(await stepAction(site(), context, await readForm(request, STEP_FORM_MAX_BYTES)));
}

/** 303 on, the page's save answered in place, the form again with its messages, 429 past the day's limit, or 404. */
function answer(outcome: StepOutcome) {
  switch (outcome.kind) {
    case "go":
      return outcome.toast ? redirectWithFlash(outcome.path, outcome.toast) : redirect(outcome.path, 303);
    case "saved":
      return data<StepActionData>({ saved: true, draftId: outcome.draftId }, { headers: PERSONAL_PAGE_HEADERS });
    case "limited":
      return data<StepActionData>({ sendError: outcome.message }, { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds), ...PERSONAL_PAGE_HEADERS } });
    case "refused": {
      const retry = outcome.retryAfterSeconds === undefined ? undefined : { "Retry-After": String(outcome.retryAfterSeconds) };
      return formFailure(outcome.form, outcome.submission, outcome.options, { status: outcome.status, headers: retry });
    }
    case "not_found":
      throw data(null, { status: 404 });
  }
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
