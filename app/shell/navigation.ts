import { withNext } from "~/auth/auth-paths";
import { t } from "~/lib/i18n";
import { MARKET_TYPE_INFO, typePagePath } from "~/markets/market-types";

export interface NavItem {
  to: string;
  label: string;
}

/**
 * A section of the site in the header: the pages it owns are paths, exact ("/markeder" is the map
 * and nothing under it) or, ending in "*", every path that starts with what comes before it
 * ("/markeder/*" is every market page).
 */
export interface SectionNavItem extends NavItem {
  owns: string[];
}

/** The landing pages of every type (/loppemarkeder, /loppemarkeder-i-aarhus, /antikmarkeder-paa-fyn). */
const LANDING_PAGES = MARKET_TYPE_INFO.flatMap((type) => {
  const path = typePagePath(type);
  return [path, `${path}-i-*`, `${path}-paa-*`];
});

export const MAIN_NAVIGATION: SectionNavItem[] = [
  { to: "/markeder", label: t("nav.map"), owns: ["/markeder"] },
  { to: "/kalender", label: t("nav.calendar"), owns: ["/kalender"] },
  // A market's own page and the lists by type and place belong to the markets, not to the map.
  { to: "/register", label: t("nav.markets"), owns: ["/register", "/markeder/*", ...LANDING_PAGES] },
  { to: "/artikler", label: t("nav.articles"), owns: ["/artikler", "/artikler/*"] },
  { to: "/community", label: t("nav.community"), owns: ["/community", "/community/*"] },
];

function owns(pattern: string, pathname: string): boolean {
  return pattern.endsWith("*") ? pathname.length >= pattern.length && pathname.startsWith(pattern.slice(0, -1)) : pathname === pattern;
}

/** The section a page belongs to, which the header marks as current; none for pages outside them. */
export function currentSection(pathname: string, items: SectionNavItem[] = MAIN_NAVIGATION): SectionNavItem | undefined {
  // "/register/" is "/register": React Router matches either.
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return items.find((item) => item.owns.some((pattern) => owns(pattern, path)));
}

/** The market form, for someone signed in. */
export const MARKET_FORM_PATH = "/opret-marked";

/**
 * The way to the market form from a page a visitor may see (and the page cache share): through
 * sign-in, which sends someone already signed in straight on, and keeps the form as the place a
 * new person comes back to after signing up. A link to the form itself would be a redirect.
 */
export const ADD_MARKET: NavItem = { to: withNext("/sign-in", MARKET_FORM_PATH), label: t("nav.addMarket") };

export const SIGN_IN: NavItem = { to: "/sign-in", label: t("nav.signIn") };
export const MY_PAGE: NavItem = { to: "/dashboard", label: t("nav.myPage") };

/** The information pages of product §2 and the reading (articles, news), linked from every footer. */
export const FOOTER_NAVIGATION: NavItem[] = [
  ADD_MARKET,
  { to: "/artikler", label: t("content.nav.articles") },
  { to: "/blog", label: t("content.nav.blog") },
  { to: "/features", label: t("footer.features") },
  { to: "/faq", label: t("footer.faq") },
  { to: "/priser", label: t("footer.pricing") },
  { to: "/partner", label: t("footer.partner") },
  { to: "/om-os", label: t("footer.about") },
  { to: "/kontakt", label: t("footer.contact") },
  { to: "/privatlivspolitik", label: t("footer.privacy") },
  { to: "/betingelser", label: t("footer.terms") },
  { to: "/cookies", label: t("footer.cookies") },
  { to: "/sitemap", label: t("footer.sitemap") },
];

/** Every type's landing page, so each is one link from any page of the site. */
export const TYPE_NAVIGATION: NavItem[] = MARKET_TYPE_INFO.map((type) => ({ to: typePagePath(type), label: type.plural }));
