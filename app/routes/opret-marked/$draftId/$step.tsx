import leafletStyles from "leaflet/dist/leaflet.css?url";
import { data, redirect, useActionData, type RouterContextProvider, type ShouldRevalidateFunctionArgs } from "react-router";
import { isMultipart, readForm, readLimitedForm } from "~/http/request-body.server";
import { site } from "~/lib/site-context.server";
import { IMAGE_UPLOAD_MAX_BYTES } from "~/organiser/pictures/image-actions.server";
import { MarketStepForm } from "~/organiser/form/components/MarketStepForm";
import { draftStepPath } from "~/organiser/form/drafts.server";
import { IMAGES_STEP, isStepSlug } from "~/organiser/form/form-steps";
import type { StepActionData } from "~/organiser/form/step-page";
import { stepMeta } from "~/organiser/form/step-meta";
import { stepAction, stepUpload } from "~/organiser/form/step-actions.server";
import { checkReasonOf, returnPathOf, STEP_FORM_MAX_BYTES, stepPageData, type FormContext } from "~/organiser/form/step-page.server";
import { access, PERSONAL_PAGE_HEADERS } from "~/http/access.server";
import { answerStep } from "~/http/post-answers.server";
import { ownDraft } from "~/http/url-things.server";
import type { Route } from "./+types/$step";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: leafletStyles }];

/**
 * The person's draft at this step. Someone else's draft, an unknown one and an unknown step are
 * all simply not found (404): nothing tells whether a draft exists. An edit's draft continues on
 * the edit page.
 */
const guard = access({ permission: "create:market", thing: ownDraft });
export const middleware: Route.MiddlewareFunction[] = [guard];

/** The draft at this step; ?tilbage=… opens it on its own, to return there once saved (returnPathOf). */
function formContext(context: Readonly<RouterContextProvider>, params: Route.LoaderArgs["params"], url: URL): FormContext {
  const { viewer, thing: draft } = guard.allowed(context);
  if (!isStepSlug(params.step)) throw data(null, { status: 404 });
  if (draft.marketId) throw redirect(draftStepPath(draft, params.step), 302);
  return { mode: "create", viewer, step: params.step, draft, market: null, returnTo: returnPathOf(url) };
}

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const form = formContext(context, params, url);
  return data(await stepPageData(site(), form, checkReasonOf(url)), { headers: PERSONAL_PAGE_HEADERS });
}

/** A step's fields, or on "Billeder" a picture's post: an upload is read with the pictures' own limit. */
export async function action({ url, request, params, context }: Route.ActionArgs) {
  const form = formContext(context, params, url);
  if (form.step === IMAGES_STEP && isMultipart(request)) return answerStep(await stepUpload(site(), form, await readLimitedForm(request, IMAGE_UPLOAD_MAX_BYTES)));
  return answerStep(await stepAction(site(), form, await readForm(request, STEP_FORM_MAX_BYTES)));
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
