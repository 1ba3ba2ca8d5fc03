import { Outlet, data, useRouteLoaderData } from "react-router";
import { DashboardShell } from "~/account/components/DashboardShell";
import { avatarImage } from "~/lib/images/avatar-url";
import { RouteErrorScreen } from "~/errors/boundaries";
import type { Route } from "./+types/layout";
import { access, PERSONAL_PAGE_HEADERS } from "~/http/access.server";

const DASHBOARD_LAYOUT_ID = "routes/dashboard/layout";

const guard = access({});
export const middleware: Route.MiddlewareFunction[] = [guard];

/** Every page under /dashboard is for a signed-in user; each child checks again for itself. */
export function loader({ context }: Route.LoaderArgs) {
  const { viewer } = guard.allowed(context);
  const shell = {
    id: viewer.user.id,
    roles: viewer.roles,
    name: viewer.user.name,
    email: viewer.user.email,
    avatar: avatarImage(viewer.profile?.avatarUrl ?? viewer.user.image),
  };
  return data(shell, { headers: PERSONAL_PAGE_HEADERS });
}

/** Children without headers of their own answer with these (RR uses the nearest route's). */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardShell viewer={loaderData}>
      <Outlet />
    </DashboardShell>
  );
}

/** A child that fails (403 on an admin page for a member) keeps the dashboard's menu around it. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const viewer = useRouteLoaderData<typeof loader>(DASHBOARD_LAYOUT_ID);
  if (!viewer) return <RouteErrorScreen error={error} level="page" />;
  return (
    <DashboardShell viewer={viewer}>
      <RouteErrorScreen error={error} level="page" />
    </DashboardShell>
  );
}
