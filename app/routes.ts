import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/** Pages that later work fills in; until then each shows its heading and what will be there. */
const PLANNED_PAGES = [
  "artikler",
  "community",
  "priser",
  "faq",
  "om-os",
  "kontakt",
  "features",
  "partner",
  "privatlivspolitik",
  "betingelser",
  "cookies",
  "sitemap",
  "sign-in",
  "sign-up",
];

/** URLs that moved for good (SPEC §2): one resource route answers them all with a 301. */
const PERMANENT_REDIRECTS = ["en", "en/*", "marked/:slug", "markeder/alle", "pricing", "gemte-markeder"];

export default [
  route("tema", "routes/theme.ts"),
  route("test/kortflise/:z/:x/:y", "routes/test/map-tile.ts"),
  route("api/markers", "routes/api.markers.ts"),
  route("register.ics", "routes/register-ics.ts"),
  ...PERMANENT_REDIRECTS.map((path) => route(path, "routes/permanent-redirect.ts", { id: `redirect:${path}` })),
  layout("routes/site.tsx", [
    index("routes/home.tsx"),
    route("register", "routes/register.tsx"),
    route("kalender", "routes/calendar.tsx"),
    route("markeder", "routes/map.tsx"),
    route("markeder/:slug", "routes/market.tsx"),
    ...PLANNED_PAGES.map((path) => route(path, "routes/planned.tsx", { id: `planned:${path}` })),
    // SPEC §2: /sign-in/... and /sign-up/... show the same screens.
    route("sign-in/*", "routes/planned.tsx", { id: "planned:sign-in/*" }),
    route("sign-up/*", "routes/planned.tsx", { id: "planned:sign-up/*" }),
    route("500", "routes/server-error.tsx"),
    route("unauthorized", "routes/unauthorized.tsx"),
    route("test/fejl", "routes/test/loader-error.tsx"),
    route("test/komponentfejl", "routes/test/component-error.tsx"),
    route("test/langsom", "routes/test/slow.ts"),
    route("test/geolocation", "routes/test/geolocation.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
