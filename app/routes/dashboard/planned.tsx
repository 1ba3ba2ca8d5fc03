import { data } from "react-router";
import { PlannedPageView } from "~/account/components/PlannedPageView";
import { refusePost, requirePageAccess } from "~/account/guard.server";
import { plannedDashboardPage } from "~/account/planned-pages.server";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import type { Route } from "./+types/planned";

export async function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  // A visitor is sent to sign in before anything about the page is told, even that it is not here.
  await requirePageAccess(request);
  const page = plannedDashboardPage(pathname);
  if (!page) throw data(null, { status: 404 });
  return { title: page.title, description: page.description, heading: page.heading, body: page.body, path: pathname };
}

export async function action({ request }: Route.ActionArgs) {
  return refusePost(request);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  return seoMeta(matches, { title: loaderData.title, description: loaderData.description, path: loaderData.path, robots: "noindex,follow" });
}

export default function PlannedDashboardPage({ loaderData }: Route.ComponentProps) {
  return <PlannedPageView heading={loaderData.heading} body={loaderData.body} back={{ to: "/dashboard", label: t("dashboard.backToOverview") }} />;
}
