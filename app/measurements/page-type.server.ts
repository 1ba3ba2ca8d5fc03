import { resolveLandingPath } from "~/landing/paths";

/**
 * The kind of page a measurement came from. Only this is stored, never the path: a path can
 * name a person's own page (/manage-market/{id}) and there would be thousands of them, while
 * the admin page wants to compare kinds of pages.
 */
export const PAGE_TYPES = ["home", "landing", "market", "register", "calendar", "map", "article", "content", "account", "other"] as const;
export type PageType = (typeof PAGE_TYPES)[number];

/** The information pages and the article and blog lists (app/routes.ts INFORMATION_PAGES). */
const CONTENT_PAGES = new Set(["artikler", "blog", "faq", "priser", "kontakt", "features", "om-os", "partner", "privatlivspolitik", "betingelser", "cookies", "sitemap"]);
const ACCOUNT_PREFIXES = new Set(["dashboard", "sign-in", "sign-up", "sign-out", "forgot-password", "reset-password", "auth", "opret-marked", "manage-market"]);

export function pageTypeOf(path: string): PageType {
  const segments = path.split(/[?#]/)[0]!.split("/").filter(Boolean);
  const [first, second, ...rest] = segments;
  if (first === undefined) return "home";
  if (ACCOUNT_PREFIXES.has(first) || (first === "community" && second === "new")) return "account";
  if (rest.length > 0) return "other";
  if (second === undefined) {
    if (first === "register") return "register";
    if (first === "kalender") return "calendar";
    if (first === "markeder") return "map";
    if (CONTENT_PAGES.has(first)) return "content";
    return resolveLandingPath(first).kind === "page" ? "landing" : "other";
  }
  if (first === "markeder") return "market";
  if (first === "artikler" || first === "blog") return "article";
  return "other";
}
