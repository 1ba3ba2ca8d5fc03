import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/** Pages that later work fills in; until then each shows its heading and what will be there. */
const PLANNED_PAGES = ["community"];

/** The information pages (content/ and app/content/): path → route module under routes/content/. */
const INFORMATION_PAGES: [path: string, file: string][] = [
  ["artikler", "articles.tsx"],
  ["artikler/:slug", "article.tsx"],
  ["blog", "blog.tsx"],
  ["blog/:slug", "blog-post.tsx"],
  ["faq", "faq.tsx"],
  ["priser", "pricing.tsx"],
  ["kontakt", "contact.tsx"],
  ["features", "features.tsx"],
  ["om-os", "about.tsx"],
  ["partner", "partner.tsx"],
  ["privatlivspolitik", "privacy.tsx"],
  ["betingelser", "terms.tsx"],
  ["cookies", "cookies.tsx"],
];

/** Children of /dashboard that later issues build; each shows its heading and what will come. */
const DASHBOARD_PLANNED = [
  "mine-markeder",
  "mine-markeder/edit/:id",
  "aktivitet",
  "gemte-markeder",
  "community",
  "community/discussions",
  "community/new",
  "community/edit/:postId",
  "market-claims",
  "image-cleanup",
  "admin",
];

/** URLs that moved for good (SPEC §2): one resource route answers them all with a 301. */
const PERMANENT_REDIRECTS = ["en", "en/*", "marked/:slug", "markeder/alle", "pricing", "gemte-markeder"];

export default [
  route("tema", "routes/theme.ts"),
  route("test/kortflise/:z/:x/:y", "routes/test/map-tile.ts"),
  // Outside the site layout, so that its error reaches the root's critical screen.
  route("test/kritisk", "routes/test/critical-error.tsx"),
  route("api/markers", "routes/api.markers.ts"),
  route("api/session", "routes/api.session.ts"),
  route("api/maalinger", "routes/api.measurements.ts"),
  route("samtykke", "routes/consent.ts"),
  route("luk-banner", "routes/close-banner.ts"),
  route("register.ics", "routes/register-ics.ts"),
  route("blog/rss.xml", "routes/content/blog-rss.ts"),
  route("robots.txt", "routes/robots-txt.ts"),
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  route("sitemaps/:file", "routes/sitemap-part.ts"),
  ...PERMANENT_REDIRECTS.map((path) => route(path, "routes/permanent-redirect.ts", { id: `redirect:${path}` })),
  layout("routes/site.tsx", [
    index("routes/home.tsx"),
    route("register", "routes/register.tsx"),
    route("kalender", "routes/calendar.tsx"),
    route("markeder", "routes/map.tsx"),
    route("markeder/:slug", "routes/market.tsx"),
    route("sitemap", "routes/sitemap-page.tsx"),
    // /loppemarkeder, /loppemarkeder-i-aarhus …: one segment, parsed by app/markets/landing-paths.ts.
    route(":landing", "routes/landing.tsx"),
    ...PLANNED_PAGES.map((path) => route(path, "routes/planned.tsx", { id: `planned:${path}` })),
    ...INFORMATION_PAGES.map(([path, file]) => route(path, `routes/content/${file}`)),

    // Accounts. SPEC §2: /sign-in/... and /sign-up/... show the same screens.
    route("sign-in", "routes/auth/sign-in.tsx"),
    route("sign-in/*", "routes/auth/sign-in.tsx", { id: "sign-in/*" }),
    route("sign-up", "routes/auth/sign-up.tsx"),
    route("sign-up/*", "routes/auth/sign-up.tsx", { id: "sign-up/*" }),
    route("sign-out", "routes/auth/sign-out.tsx"),
    route("forgot-password", "routes/auth/forgot-password.tsx"),
    route("reset-password", "routes/auth/reset-password.tsx"),
    route("auth/callback", "routes/auth/callback.tsx"),
    route("auth/google", "routes/auth/google.tsx"),

    // Signed-in pages: every loader and action checks the session (app/auth/session.server.ts).
    route("dashboard", "routes/dashboard/layout.tsx", [
      index("routes/dashboard/overview.tsx"),
      route("indstillinger", "routes/dashboard/settings.tsx"),
      // The data download is a file, not a page: a resource route.
      route("indstillinger/mine-data", "routes/dashboard/data-export.ts"),
      route("admin/maalinger", "routes/dashboard/measurements.tsx"),
      ...DASHBOARD_PLANNED.map((path) => route(path, "routes/dashboard/planned.tsx", { id: `dashboard:${path}` })),
    ]),
    route("opret-marked", "routes/guarded-planned.tsx", { id: "guarded:opret-marked" }),
    route("community/new", "routes/guarded-planned.tsx", { id: "guarded:community/new" }),
    route("manage-market/:id", "routes/guarded-planned.tsx", { id: "guarded:manage-market" }),
    route("500", "routes/server-error.tsx"),
    route("unauthorized", "routes/unauthorized.tsx"),
    route("test/fejl", "routes/test/loader-error.tsx"),
    route("test/komponentfejl", "routes/test/component-error.tsx"),
    route("test/html-injektion", "routes/test/html-injection.tsx"),
    route("test/langsom", "routes/test/slow.ts"),
    route("test/geolocation", "routes/test/geolocation.tsx"),
    route("test/auth-debug", "routes/test/auth-debug.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
