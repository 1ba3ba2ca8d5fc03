import { data } from "react-router";
import { PlannedPageView } from "~/account/components/PlannedPageView";
import { plannedDashboardPage } from "~/account/not-built-pages.server";
import { accessByPattern, refusedByGuard } from "~/http/access.server";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import type { Route } from "./+types/planned";

// A visitor is sent to sign in before anything about the page is told, even that it is not here.
const guard = accessByPattern({
  "/dashboard/aktivitet": { permission: "read:dashboard:own", readOnly: true },
  "/dashboard/community/discussions": { permission: "read:dashboard:own", readOnly: true },
});
export const middleware: Route.MiddlewareFunction[] = [guard];
export const action = refusedByGuard;

export function loader({ url, context }: Route.LoaderArgs) {
  const { pathname } = url;
  guard.allowed(context);
  const page = plannedDashboardPage(pathname);
  if (!page) throw data(null, { status: 404 });
  return { title: page.title, description: page.description, heading: page.heading, body: page.body, path: pathname };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  return seoMeta(matches, { title: loaderData.title, description: loaderData.description, path: loaderData.path, robots: "noindex,follow" });
}

export default function PlannedDashboardPage({ loaderData }: Route.ComponentProps) {
  return <PlannedPageView heading={loaderData.heading} body={loaderData.body} back={{ to: "/dashboard", label: t("dashboard.backToOverview") }} />;
}
