import leafletStyles from "leaflet/dist/leaflet.css?url";
import { data, useActionData, type ShouldRevalidateFunctionArgs } from "react-router";
import { readForm } from "~/http/request-body.server";
import { site } from "~/lib/site-context.server";
import { MarketStepForm } from "~/organiser/form/components/MarketStepForm";
import { FIRST_STEP } from "~/organiser/form/form-steps";
import type { StepActionData } from "~/organiser/form/step-page";
import { stepMeta } from "~/organiser/form/step-meta";
import { stepAction } from "~/organiser/form/step-actions.server";
import { checkReasonOf, STEP_FORM_MAX_BYTES, stepPageData, type FormContext } from "~/organiser/form/step-page.server";
import { answerStep } from "~/http/post-answers.server";
import type { Route } from "./+types/index";
import { access, PERSONAL_PAGE_HEADERS } from "~/http/access.server";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: leafletStyles }];

const guard = access({ permission: "create:market" });
export const middleware: Route.MiddlewareFunction[] = [guard];

/** /opret-marked: the first step of a new market, before anything is saved. Its post makes the draft. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { viewer } = guard.allowed(context);
  const page = await stepPageData(site(), firstStep(viewer), checkReasonOf(url));
  return data(page, { headers: PERSONAL_PAGE_HEADERS });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { viewer } = guard.allowed(context);
  const form = await readForm(request, STEP_FORM_MAX_BYTES);
  return answerStep(await stepAction(site(), firstStep(viewer), form));
}

function firstStep(viewer: FormContext["viewer"]): FormContext {
  return { mode: "create", viewer, step: FIRST_STEP, draft: null, market: null, returnTo: null };
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
