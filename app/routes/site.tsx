import type { ReactNode } from "react";
import { Outlet, isRouteErrorResponse, useRouteLoaderData } from "react-router";
import { PendingNavigation, ScrollToTopOnNavigate } from "~/components/NavigationFeedback";
import { SiteFooter } from "~/shell/SiteFooter";
import { SiteHeader } from "~/shell/SiteHeader";
import { RouteErrorScreen } from "~/errors/boundaries";
import { t } from "~/lib/i18n";
import { pageMeta } from "~/lib/meta";
import type { loader as rootLoader } from "../root";
import type { Route } from "./+types/site";

function Shell({ children }: { children: ReactNode }) {
  const rootData = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <>
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow-lg dark:focus:bg-stone-900"
      >
        {t("shell.skipLink")}
      </a>
      <SiteHeader theme={rootData?.theme ?? "system"} signedIn={Boolean(rootData?.signedIn)} forumUnread={rootData?.forumUnread ?? 0} />
      <main id="main-content" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-8 outline-none">
        {children}
      </main>
      <SiteFooter hasDemoData={rootData?.hasDemoData ?? false} />
      <ScrollToTopOnNavigate />
      <PendingNavigation />
    </>
  );
}

/** Header, footer and skip link around every page. */
export default function SiteLayout() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function meta({ error }: Route.MetaArgs) {
  if (!error) return [];
  if (isRouteErrorResponse(error) && error.status === 404) {
    return pageMeta(t("errors.notFound.title"), t("errors.notFound.body"));
  }
  if (isRouteErrorResponse(error) && error.status === 403) {
    return pageMeta(t("errors.unauthorized.title"), t("errors.unauthorized.body"));
  }
  return pageMeta(t("errors.page.heading"), t("errors.page.body"));
}

/** The page-level boundary: an error in any page keeps the header and footer around it. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <Shell>
      <RouteErrorScreen error={error} level="page" />
    </Shell>
  );
}
