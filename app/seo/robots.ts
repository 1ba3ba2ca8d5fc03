/**
 * /robots.txt (RFC 9309). Rules match path prefixes, so each one is written to block only what it
 * names: "/tema" alone would also block /tematiske-events and every themed-event landing page, hence
 * the `$` (end of path) and `?` forms for the theme endpoint.
 */
export const DISALLOWED_PATHS: readonly string[] = [
  // Signed-in areas and the admin
  "/dashboard",
  "/admin",
  "/manage-market/",
  "/opret-marked",
  // "Gem" (a form post) and the private calendar feeds of saved markets
  "/gem/",
  "/gemte-markeder",
  // Account screens
  "/sign-in",
  "/sign-up",
  "/sign-out",
  "/forgot-password",
  "/reset-password",
  "/auth/",
  // JSON and other endpoints that are not pages
  "/api/",
  "/locales/",
  "/healthz",
  "/tema$",
  "/tema?",
  // Calendar files (/register.ics?…, /markeder/{slug}.ics): one per filter, nothing to index.
  "/*.ics",
  // Routes that exist for the test suite
  "/test/",
];

export function robotsTxt(baseUrl: string): string {
  return ["User-agent: *", "Allow: /", ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`), "", `Sitemap: ${baseUrl}/sitemap.xml`, ""].join("\n");
}
