import { site } from "~/lib/site-context.server";
import { useEffect } from "react";
import { Links, Meta, Outlet, Scripts, data, useMatches, useRouteLoaderData, type LinksFunction, type ShouldRevalidateFunction } from "react-router";
import { LazySessionWatcher } from "~/auth/LazySessionWatcher";
import { isSignOutPending } from "~/auth/session-flags";
import { Toaster } from "~/components/ui/Toaster";
import { RouteErrorScreen } from "~/errors/boundaries";
import { installGlobalErrorHandlers } from "~/errors/reporter";
import { MeasurementsMount } from "~/measurements/MeasurementsMount";
import { checkStorageAvailability, installStaleBuildRecovery } from "~/errors/client-storage";
import { LANGUAGE, t } from "~/lib/i18n";
import { readSessionMiddleware, sessionCookiesIn, viewerIn } from "~/http/session.server";
import { DEMO_DATA_BANNER_ID, isBannerClosed, parseConsent } from "~/consent/consent";
import { CookieConsent } from "~/consent/CookieBanner";
import { readFlash } from "~/http/flash.server";
import { pageMeta } from "~/lib/meta";
import { pageHydrates } from "~/lib/route-handle";
import { useScriptMark } from "~/lib/script-mark";
import { hasPublishedDemoData } from "~/register/home.server";
import { savedMarketIds } from "~/saved/saved-markets.server";
import { themeFromCookieHeader, type Theme } from "~/theme/theme";
import { useTheme } from "~/theme/use-theme";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
// Built as a bundle of its own, without React: the script of pages that do not hydrate.
import progressiveScript from "./progressive/progressive.ts?worker&url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/** Every route below reads the session this put in the context, once per request. */
export const middleware: Route.MiddlewareFunction[] = [readSessionMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await viewerIn(context);
  // Set-Cookie from a loader of a parent route reaches the response without a headers export.
  const headers = new Headers();
  for (const cookie of await sessionCookiesIn(context)) headers.append("Set-Cookie", cookie);
  const cookieHeader = request.headers.get("Cookie");
  const consent = parseConsent(cookieHeader);
  return data(
    {
      // A toast from the previous request (a form post's redirect), shown also without JavaScript.
      flash: readFlash(cookieHeader),
      // What the header needs; the rest of the viewer stays on the server.
      signedIn: viewer ? { name: viewer.user.name } : null,
      // The markets a signed-in person saved, for every "Gem" button; such pages are never cached
      // for others (decision 0026). A visitor's page has none.
      savedMarketIds: viewer ? await savedMarketIds(site().database.db, viewer.user.id) : null,
      theme: themeFromCookieHeader(cookieHeader),
      // For absolute canonical and Open Graph URLs (app/lib/meta.ts), also after client navigation.
      baseUrl: site().config.baseUrl,
      // The demo-data notice, unless the visitor closed it (/luk-banner).
      hasDemoData: !isBannerClosed(cookieHeader, DEMO_DATA_BANNER_ID) && (await hasPublishedDemoData(site().database.db)),
      // Only the three choices, never the timestamp: a cached page is shared by everyone with the same choice.
      consent: consent && { preferences: consent.preferences, analytics: consent.analytics, marketing: consent.marketing },
      gaMeasurementId: site().config.gaMeasurementId,
    },
    { headers },
  );
}

// The root loads the theme, whether demo data is shown, who is signed in and the flash message;
// only a form post (or a full page load) can change any of them, or a session that ended while
// the page was open (app/auth/SessionWatcher.tsx).
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) => isSignOutPending() || (formMethod ? defaultShouldRevalidate : false);

export function meta() {
  return pageMeta(t("site.tagline"), t("site.defaultDescription"));
}

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const theme: Theme = useTheme(rootData?.theme ?? "system");
  const scriptMark = useScriptMark();
  const hydrates = pageHydrates(useMatches().map((match) => match.handle));
  return (
    <html lang={LANGUAGE} className={theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <Meta />
        <Links />
      </head>
      {/* What app/progressive/ reads on a page without React; React pages have it in the root's data. */}
      <body data-signed-in={rootData?.signedIn ? "" : undefined} data-measurement-id={rootData?.gaMeasurementId ?? undefined}>
        {children}
        {rootData ? <CookieConsent serverChoices={rootData.consent} measurementId={rootData.gaMeasurementId} /> : null}
        <Toaster flash={rootData?.flash ?? null} />
        {hydrates ? <Scripts nonce={scriptMark} /> : <script type="module" src={progressiveScript} />}
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  useEffect(installGlobalErrorHandlers, []);
  useEffect(checkStorageAvailability, []);
  useEffect(installStaleBuildRecovery, []);
  return (
    <>
      <Outlet />
      <LazySessionWatcher signedIn={loaderData.signedIn !== null} />
      <MeasurementsMount />
    </>
  );
}

/** Reached only when the shell itself failed: pages have their own boundary inside the shell. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main id="main-content" className="px-4">
      <RouteErrorScreen error={error} level="root" />
    </main>
  );
}
