import { useEffect } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  data,
  useRouteLoaderData,
  type LinksFunction,
  type ShouldRevalidateFunction,
} from "react-router";
import { Toaster } from "~/components/ui/Toaster";
import { RouteErrorScreen } from "~/errors/boundaries";
import { installGlobalErrorHandlers } from "~/errors/reporter";
import { LANGUAGE, t } from "~/lib/i18n";
import { database } from "~/lib/db/database.server";
import { pageMeta } from "~/lib/meta";
import { hasPublishedDemoData } from "~/markets/home.server";
import { themeFromCookieHeader, type Theme } from "~/theme/theme";
import { useTheme } from "~/theme/use-theme";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request }: Route.LoaderArgs) {
  return data({
    theme: themeFromCookieHeader(request.headers.get("Cookie")),
    hasDemoData: await hasPublishedDemoData(database().db),
  });
}

// The root loads the theme and whether demo data is shown; only a form post can change either.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod ? defaultShouldRevalidate : false;

export function meta() {
  return pageMeta(t("site.tagline"), t("site.defaultDescription"));
}

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const theme: Theme = useTheme(rootData?.theme ?? "system");
  return (
    <html lang={LANGUAGE} className={theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <Toaster />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  useEffect(installGlobalErrorHandlers, []);
  return <Outlet />;
}

/** Reached only when the shell itself failed: pages have their own boundary inside the shell. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main id="main-content" className="px-4">
      <RouteErrorScreen error={error} level="root" />
    </main>
  );
}
