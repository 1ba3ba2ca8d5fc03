import { site } from "~/lib/site-context.server";
import { useEffect, useRef } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  data,
  useLocation,
  useMatches,
  useNavigation,
  useRevalidator,
  useRouteLoaderData,
  type LinksFunction,
  type ShouldRevalidateFunction,
} from "react-router";
import { clearSignOutPending, isSignOutPending, markSignOutPending } from "~/auth/session-flags";
import { Toaster } from "~/components/ui/Toaster";
import { RouteErrorScreen } from "~/errors/boundaries";
import { installStaleBuildRecovery } from "~/errors/client-storage";
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
import { unreadFollowedTopics } from "~/forum/following/reading.server";
import { personChannel } from "~/lib/realtime/channels";
import { latestEventId } from "~/lib/realtime/events.server";
import { isLiveRefreshPending, useLiveRevalidation } from "~/lib/realtime/use-live";
import { pageViewed } from "~/progressive/measurements";
import { followSession, sessionNavigationStarted } from "~/progressive/session";
import { themeFromCookieHeader } from "~/theme/theme";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
// Built as a bundle of its own, without React: the script of every page's browser behaviours.
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
  const db = site().database.db;
  const personal = viewer
    ? await Promise.all([savedMarketIds(db, viewer.user.id), unreadFollowedTopics(db, viewer.user.id), latestEventId(db)]).then(([saved, unread, since]) => ({
        saved,
        unread,
        since,
      }))
    : null;
  return data(
    {
      // A toast from the previous request (a form post's redirect), shown also without JavaScript.
      flash: readFlash(cookieHeader),
      // What the header needs; the rest of the viewer stays on the server.
      signedIn: viewer ? { name: viewer.user.name } : null,
      // The markets a signed-in person saved, for every "Gem" button; such pages are never cached
      // for others (decision 0026). A visitor's page has none.
      savedMarketIds: personal?.saved ?? null,
      // Followed topics with posts the person has not read, by "Community" in the header; likewise
      // only on a signed-in person's pages, which are never cached.
      forumUnread: personal?.unread ?? null,
      // A signed-in page with React follows its person's channel from here (the count above changes).
      live: viewer && personal ? { channel: personChannel(viewer.user.id), since: personal.since } : null,
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
// the page was open (useSessionWatch below).
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  isSignOutPending() || isLiveRefreshPending() || (formMethod ? defaultShouldRevalidate : false);

export function meta() {
  return pageMeta(t("site.tagline"), t("site.defaultDescription"));
}

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const scriptMark = useScriptMark();
  const hydrates = pageHydrates(useMatches().map((match) => match.handle));
  return (
    // app/progressive/theme.ts changes the class in place; the next load of this data renders the stored theme.
    <html lang={LANGUAGE} className={rootData?.theme ?? "system"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <Meta />
        <Links />
      </head>
      {/* What app/progressive/ reads; on a page with React each new load of this data renders it again. */}
      <body
        data-signed-in={rootData?.signedIn ? "" : undefined}
        data-measurement-id={rootData?.gaMeasurementId ?? undefined}
        // A page without React follows its person's channel from here (app/progressive/live-person.ts).
        data-live-person={!hydrates && rootData?.live ? rootData.live.channel : undefined}
        data-live-since={!hydrates && rootData?.live ? rootData.live.since : undefined}
      >
        {children}
        {rootData ? <CookieConsent serverChoices={rootData.consent} /> : null}
        <Toaster flash={rootData?.flash ?? null} />
        {/* The browser behaviours of every page (decision 0022): from 'self', so the policy needs no hash for it. */}
        <script type="module" src={progressiveScript} />
        {hydrates ? <Scripts nonce={scriptMark} /> : null}
      </body>
    </html>
  );
}

/**
 * What a page with React hands the session watch (app/progressive/session.ts) as its data loads
 * again: whether it is still signed in, its own way to show a session that ended (loading the data
 * again: the header signs out, a guarded page's loader sends the visitor on to /sign-in?next=…),
 * and each navigation, whose data says more than a check sent before it.
 */
function useSessionWatch(signedIn: boolean): void {
  const { revalidate } = useRevalidator();
  const latestRevalidate = useRef(revalidate);
  latestRevalidate.current = revalidate;
  const navigating = useNavigation().state !== "idle";
  useEffect(() => {
    if (navigating) sessionNavigationStarted();
  }, [navigating]);
  useEffect(() => {
    if (!signedIn) clearSignOutPending();
    followSession(signedIn, () => {
      markSignOutPending();
      void latestRevalidate.current();
    });
  }, [signedIn]);
}

export default function App({ loaderData }: Route.ComponentProps) {
  useEffect(installStaleBuildRecovery, []);
  useSessionWatch(loaderData.signedIn !== null);
  useLiveRevalidation(loaderData.live ? [loaderData.live.channel] : [], loaderData.live?.since ?? 0);
  // A client-side navigation is a page view for the measurements (app/progressive/measurements.ts).
  const { pathname } = useLocation();
  useEffect(() => pageViewed(pathname), [pathname]);
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
