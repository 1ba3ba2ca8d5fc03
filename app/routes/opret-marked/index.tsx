import leafletStyles from "leaflet/dist/leaflet.css?url";
import { data, useActionData, type ShouldRevalidateFunctionArgs } from "react-router";
import { PERSONAL_PAGE_HEADERS, requirePageAccess } from "~/account/guard.server";
import { database } from "~/lib/db/database.server";
import { MarketStepForm } from "~/markets/submissions/components/MarketStepForm";
import { FIRST_STEP } from "~/markets/submissions/form-steps";
import type { StepActionData } from "~/markets/submissions/step-page";
import { stepMeta } from "~/markets/submissions/step-meta";
import { stepAction, stepPageData } from "~/markets/submissions/step-page.server";
import type { Route } from "./+types/index";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: leafletStyles }];

/** /opret-marked: the first step of a new market, before anything is saved. Its post makes the draft. */
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requirePageAccess(request);
  const page = await stepPageData(database().db, { mode: "create", viewer, step: FIRST_STEP, draft: null, market: null }, new URL(request.url));
  return data(page, { headers: PERSONAL_PAGE_HEADERS });
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requirePageAccess(request);
  return stepAction(database().db, { mode: "create", viewer, step: FIRST_STEP, draft: null, market: null }, request);
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
