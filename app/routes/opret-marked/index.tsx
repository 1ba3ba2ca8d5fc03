import leafletStyles from "leaflet/dist/leaflet.css?url";
import { data, redirect, useActionData, type ShouldRevalidateFunctionArgs } from "react-router";
import { PERSONAL_PAGE_HEADERS, requirePageAccess } from "~/account/guard.server";
import { formFailure } from "~/forms/parse-form.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { readForm } from "~/lib/request-body.server";
import { site } from "~/lib/site-context.server";
import { MarketStepForm } from "~/markets/submissions/components/MarketStepForm";
import { FIRST_STEP } from "~/markets/submissions/form-steps";
import type { StepActionData } from "~/markets/submissions/step-page";
import { stepMeta } from "~/markets/submissions/step-meta";
import { stepAction, type StepOutcome } from "~/markets/submissions/step-actions.server";
import { checkReasonOf, STEP_FORM_MAX_BYTES, stepPageData, type FormContext } from "~/markets/submissions/step-page.server";
import type { Route } from "./+types/index";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: leafletStyles }];

/** /opret-marked: the first step of a new market, before anything is saved. Its post makes the draft. */
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requirePageAccess(request);
  const page = await stepPageData(site(), firstStep(viewer), checkReasonOf(new URL(request.url)));
  return data(page, { headers: PERSONAL_PAGE_HEADERS });
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requirePageAccess(request);
  const form = await readForm(request, STEP_FORM_MAX_BYTES);
  return answer(await stepAction(site(), firstStep(viewer), form));
}

function firstStep(viewer: FormContext["viewer"]): FormContext {
  return { mode: "create", viewer, step: FIRST_STEP, draft: null, market: null };
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

export default function CreateMarketPage({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<StepActionData>();
  return <MarketStepForm key={`ny:${loaderData.step}`} page={loaderData} actionData={actionData} />;
}
