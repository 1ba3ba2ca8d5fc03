import { data } from "react-router";
import { PlannedPageView } from "~/account/components/PlannedPageView";
import { access, PERSONAL_PAGE_HEADERS, refusedByGuard } from "~/http/access.server";
import { plannedGuardedPage } from "~/account/not-built-pages.server";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import type { Route } from "./+types/guarded-planned";

/** /community/new: a signed-in page that a later issue builds. */
const guard = access({ permission: "post:forum", readOnly: true });
export const middleware: Route.MiddlewareFunction[] = [guard];
export const action = refusedByGuard;

export function loader({ url, context }: Route.LoaderArgs) {
  guard.allowed(context);
  const { pathname } = url;
  const page = plannedGuardedPage(pathname);
  if (!page) throw data(null, { status: 404 });
  return data({ title: page.title, description: page.description, heading: page.heading, body: page.body, path: pathname }, { headers: PERSONAL_PAGE_HEADERS });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  return seoMeta(matches, { title: loaderData.title, description: loaderData.description, path: loaderData.path, robots: "noindex,follow" });
}

export default function GuardedPlannedPage({ loaderData }: Route.ComponentProps) {
  return <PlannedPageView heading={loaderData.heading} body={loaderData.body} back={{ to: "/dashboard", label: t("dashboard.backToDashboard") }} />;
}
