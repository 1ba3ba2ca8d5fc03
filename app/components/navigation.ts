import { t } from "~/lib/i18n";
import { MARKET_TYPE_INFO, typePagePath } from "~/markets/market-types";

export interface NavItem {
  to: string;
  label: string;
}

export const MAIN_NAVIGATION: NavItem[] = [
  { to: "/markeder", label: t("nav.map") },
  { to: "/kalender", label: t("nav.calendar") },
  { to: "/register", label: t("nav.markets") },
  { to: "/artikler", label: t("nav.articles") },
  { to: "/community", label: t("nav.community") },
];

export const SIGN_IN: NavItem = { to: "/sign-in", label: t("nav.signIn") };
export const MY_PAGE: NavItem = { to: "/dashboard", label: t("nav.myPage") };

/** The information pages of SPEC §2 and the reading (articles, news), linked from every footer. */
export const FOOTER_NAVIGATION: NavItem[] = [
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
