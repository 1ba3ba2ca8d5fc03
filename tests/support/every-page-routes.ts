import { contentPagePaths } from "../../scripts/site-audit/seeds";

/**
 * The pages a visitor reaches from the menus, the landing pages of each kind and every article and
 * blog post: what the server sends for each is checked at request level
 * (tests/integration/page-shell.test.ts), how each stands in a browser by tests/e2e/every-page.ts.
 */
export const EVERY_PAGE = [
  "/",
  "/markeder",
  "/kalender",
  "/register",
  "/artikler",
  "/community",
  "/priser",
  "/faq",
  "/om-os",
  "/kontakt",
  "/features",
  "/partner",
  "/privatlivspolitik",
  "/betingelser",
  "/cookies",
  "/sitemap",
  "/sign-in",
  "/sign-up",
  "/loppemarkeder",
  "/loppemarkeder-i-aarhus",
  "/antikmarkeder-paa-fyn",
  // Every article and blog post.
  ...contentPagePaths(),
];
