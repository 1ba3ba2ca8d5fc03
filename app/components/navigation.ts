import { t } from "~/lib/i18n";

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

/** The information pages of SPEC §2, linked from every footer. */
export const FOOTER_NAVIGATION: NavItem[] = [
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
