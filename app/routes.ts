import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/*
 * Where a route's file is: its path under routes/ is the URL's path, segment for segment, spelt
 * as in the URL (routes/kalender.tsx serves /kalender, routes/dashboard/admin/maalinger.tsx serves
 * /dashboard/admin/maalinger, routes/robots.txt.ts serves /robots.txt). A `:name` segment is a
 * `$name` file or folder (routes/opret-marked/sendt/$id.tsx), and a URL with further segments under it is
 * a folder whose own page is index.tsx (routes/markeder/index.tsx serves /markeder,
 * routes/markeder/$slug/index.tsx /markeder/{slug}, routes/index.tsx serves /). Resource routes (no page, only a loader or an action) are .ts, pages .tsx.
 *
 * Routes that no one URL names keep names that say what they are, because their file serves many
 * URLs or none of its own: the layouts (routes/site.tsx around every page, routes/dashboard/layout.tsx
 * around /dashboard), the catch-all not-found.tsx, permanent-redirect.ts for every moved URL, the
 * placeholders of pages still to come (dashboard/planned.tsx), and
 * the pages under test/ that only the test suites open.
 *
 * Route modules import from the domain folders, never the other way round, and nothing but a route
 * lives in routes/ (app/route-imports.test.ts).
 */

/** The information pages (content/ and app/content/): path → route module under routes/. */
const INFORMATION_PAGES: [path: string, file: string][] = [
  ["artikler", "artikler/index.tsx"],
  ["artikler/:slug", "artikler/$slug.tsx"],
  ["blog", "blog/index.tsx"],
  ["blog/:slug", "blog/$slug.tsx"],
  ["faq", "faq.tsx"],
  ["priser", "priser.tsx"],
  ["kontakt", "kontakt.tsx"],
  ["features", "features.tsx"],
  ["om-os", "om-os.tsx"],
  ["partner", "partner.tsx"],
  ["privatlivspolitik", "privatlivspolitik.tsx"],
  ["betingelser", "betingelser.tsx"],
  ["cookies", "cookies.tsx"],
];

/** Children of /dashboard that later issues build; each shows its heading and what will come. */
const DASHBOARD_PLANNED = ["aktivitet"];

/** URLs that moved for good (product §2): one resource route answers them all with a 301. */
const PERMANENT_REDIRECTS = ["en", "en/*", "marked/:slug", "markeder/alle", "pricing", "gemte-markeder"];

export default [
  route("tema", "routes/tema.ts"),
  route("test/kortflise/:z/:x/:y", "routes/test/map-tile.ts"),
  // Outside the site layout, so that its error reaches the root's critical screen.
  route("test/kritisk", "routes/test/critical-error.tsx"),
  route("api/markers", "routes/api/markers.ts"),
  route("api/session", "routes/api/session.ts"),
  route("api/community/ulaeste", "routes/api/community/ulaeste.ts"),
  route("api/maalinger", "routes/api/maalinger.ts"),
  // Before any /opret-marked/:step route, which would otherwise take this URL for a step.
  route("opret-marked/forhaandsvisning", "routes/opret-marked/forhaandsvisning.ts"),
  route("samtykke", "routes/samtykke.ts"),
  route("luk-banner", "routes/luk-banner.ts"),
  route("register.ics", "routes/register.ics.ts"),
  // "Gem" on a market (a form post) and the private calendar feed of one's saved markets.
  route("gem/:id", "routes/gem/$id.ts"),
  route("gemte-markeder/kalender/:file", "routes/gemte-markeder/kalender/$file.ts"),
  route("blog/rss.xml", "routes/blog/rss.xml.ts"),
  route("community/rss.xml", "routes/community/rss.xml.ts"),
  route("community/kategori/:slug/rss.xml", "routes/community/kategori/$slug/rss.xml.ts"),
  route("robots.txt", "routes/robots.txt.ts"),
  route("sitemap.xml", "routes/sitemap.xml.ts"),
  route("sitemaps/:file", "routes/sitemaps/$file.ts"),
  ...PERMANENT_REDIRECTS.map((path) => route(path, "routes/permanent-redirect.ts", { id: `redirect:${path}` })),
  layout("routes/site.tsx", [
    index("routes/index.tsx"),
    route("register", "routes/register.tsx"),
    route("kalender", "routes/kalender.tsx"),
    route("markeder", "routes/markeder/index.tsx"),
    route("markeder/:slug", "routes/markeder/$slug/index.tsx"),
    // "Er det dit marked?": signed in, with React (the market page itself is read without it).
    route("markeder/:slug/ejerskab", "routes/markeder/$slug/ejerskab.tsx"),
    route("sitemap", "routes/sitemap.tsx"),
    // /loppemarkeder, /loppemarkeder-i-aarhus …: one segment, parsed by app/landing/paths.ts.
    route(":landing", "routes/$landing.tsx"),
    // The forum (app/forum/): read without React; writing is signed in.
    route("community", "routes/community/index.tsx"),
    route("community/soeg", "routes/community/soeg.tsx"),
    route("community/kategori/:slug", "routes/community/kategori/$slug.tsx"),
    route("community/topic/:topicId", "routes/community/topic/$topicId.tsx"),
    route("community/indlaeg/:postId", "routes/community/indlaeg/$postId/index.ts"),
    route("community/indlaeg/:postId/anmeld", "routes/community/indlaeg/$postId/anmeld.tsx"),
    // The id marks them as information pages for the site audit (scripts/site-audit/seeds.ts).
    ...INFORMATION_PAGES.map(([path, file]) => route(path, `routes/${file}`, { id: `information:${path}` })),

    // Accounts. product §2: /sign-in/... and /sign-up/... show the same screens.
    route("sign-in", "routes/sign-in.tsx"),
    route("sign-in/*", "routes/sign-in.tsx", { id: "sign-in/*" }),
    route("sign-up", "routes/sign-up.tsx"),
    route("sign-up/*", "routes/sign-up.tsx", { id: "sign-up/*" }),
    route("sign-out", "routes/sign-out.tsx"),
    route("forgot-password", "routes/forgot-password.tsx"),
    route("reset-password", "routes/reset-password.tsx"),
    route("auth/callback", "routes/auth/callback.tsx"),
    route("auth/google", "routes/auth/google.tsx"),

    // Signed-in pages: each declares who may use it, its access() middleware (app/http/access.server.ts).
    route("dashboard", "routes/dashboard/layout.tsx", [
      index("routes/dashboard/index.tsx"),
      route("indstillinger", "routes/dashboard/indstillinger/index.tsx"),
      // The data download is a file, not a page: a resource route.
      route("indstillinger/mine-data", "routes/dashboard/indstillinger/mine-data.ts"),
      route("admin", "routes/dashboard/admin/index.tsx"),
      route("admin/godkendelser", "routes/dashboard/admin/godkendelser/index.tsx"),
      route("admin/godkendelser/:id", "routes/dashboard/admin/godkendelser/$id.tsx"),
      route("admin/maalinger", "routes/dashboard/admin/maalinger.tsx"),
      route("admin/brugere", "routes/dashboard/admin/brugere/index.tsx"),
      route("admin/brugere/:id", "routes/dashboard/admin/brugere/$id.tsx"),
      route("admin/log", "routes/dashboard/admin/log.tsx"),
      route("admin/markeder", "routes/dashboard/admin/markeder.tsx"),
      route("admin/markeder/:id/sammenlaeg", "routes/dashboard/admin/markeder/$id/sammenlaeg.tsx"),
      route("admin/aendringer", "routes/dashboard/admin/aendringer.tsx"),
      route("admin/beskeder", "routes/dashboard/admin/beskeder/index.tsx"),
      route("admin/beskeder/:id", "routes/dashboard/admin/beskeder/$id.tsx"),
      route("admin/community", "routes/dashboard/admin/community/index.tsx"),
      route("admin/community/indlaeg/:postId", "routes/dashboard/admin/community/indlaeg/$postId.tsx"),
      route("admin/community/emne/:topicId", "routes/dashboard/admin/community/emne/$topicId.tsx"),
      route("community", "routes/dashboard/community/index.tsx"),
      route("community/discussions", "routes/dashboard/community/discussions.tsx"),
      // The same page as /community/new, inside the dashboard.
      route("community/new", "routes/community/new.tsx", { id: "dashboard:community/new" }),
      route("community/edit/:postId", "routes/dashboard/community/edit/$postId.tsx"),
      route("mine-markeder", "routes/dashboard/mine-markeder.tsx"),
      route("gemte-markeder", "routes/dashboard/gemte-markeder.tsx"),
      route("mine-markeder/edit/:id", "routes/dashboard/mine-markeder/edit/$id.tsx"),
      route("market-claims", "routes/dashboard/market-claims.tsx"),
      route("image-cleanup", "routes/dashboard/image-cleanup.tsx"),
      ...DASHBOARD_PLANNED.map((path) => route(path, "routes/dashboard/planned.tsx", { id: `dashboard:${path}` })),
    ]),
    // The market form (app/organiser/form/): step 1, a draft's steps, and the page after sending.
    route("opret-marked", "routes/opret-marked/index.tsx"),
    route("opret-marked/sendt/:id", "routes/opret-marked/sendt/$id.tsx"),
    route("opret-marked/:draftId", "routes/opret-marked/$draftId/index.ts"),
    route("opret-marked/:draftId/:step", "routes/opret-marked/$draftId/$step.tsx"),
    route("community/new", "routes/community/new.tsx"),
    route("manage-market/:id", "routes/manage-market/$id/index.tsx"),
    route("manage-market/:id/forhaandsvisning", "routes/manage-market/$id/forhaandsvisning.tsx"),
    route("500", "routes/500.tsx"),
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
