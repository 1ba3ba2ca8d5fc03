import { t } from "~/lib/i18n";

/**
 * The site's pages that are not generated from data (markets and landing pages are): one list for
 * /sitemap.xml and the human sitemap at /sitemap. Pure, so the sitemap page can import it.
 */
export interface SitePage {
  path: string;
  label: string;
  /**
   * In /sitemap.xml. A page that is still a placeholder answers `noindex,follow` (routes/planned.tsx)
   * and a search engine must not be sent to it; a written page sets this to true.
   */
  indexable: boolean;
  /**
   * The page shows market data, so it changes when a market does: its lastmod is the newest
   * market's updated_at. Other pages have no honest date, and get no lastmod, except the lists
   * of content below.
   */
  showsMarketData: boolean;
  /** The page lists the articles or the blog posts: its lastmod is the newest one's date. */
  listsContent?: "articles" | "blog";
  /** One line under the link on /sitemap. */
  description?: string;
}

/** Where visitors look for markets; all built from the market data. */
export const FINDING_PAGES: readonly SitePage[] = [
  { path: "/", label: t("sitemap.pages.home"), indexable: true, showsMarketData: true, description: t("sitemap.pageDescriptions.home") },
  {
    path: "/register",
    label: t("sitemap.pages.register"),
    indexable: true,
    showsMarketData: true,
    description: t("sitemap.pageDescriptions.register"),
  },
  {
    path: "/kalender",
    label: t("sitemap.pages.calendar"),
    indexable: true,
    showsMarketData: true,
    description: t("sitemap.pageDescriptions.calendar"),
  },
  { path: "/markeder", label: t("sitemap.pages.map"), indexable: true, showsMarketData: true, description: t("sitemap.pageDescriptions.map") },
];

/** The human sitemap lists the landing pages with their counts, so it changes with the markets too. */
export const SITEMAP_PAGE: SitePage = { path: "/sitemap", label: t("sitemap.pages.sitemap"), indexable: true, showsMarketData: true };

/** The information pages of product §2, in the order a visitor would look for them. */
export const INFORMATION_PAGES: readonly SitePage[] = [
  { path: "/artikler", label: t("sitemap.pages.articles"), indexable: true, showsMarketData: false, listsContent: "articles" },
  { path: "/blog", label: t("content.nav.blog"), indexable: true, showsMarketData: false, listsContent: "blog" },
  { path: "/community", label: t("sitemap.pages.community"), indexable: false, showsMarketData: false },
  { path: "/faq", label: t("sitemap.pages.faq"), indexable: true, showsMarketData: false },
  { path: "/features", label: t("sitemap.pages.features"), indexable: true, showsMarketData: false },
  { path: "/priser", label: t("sitemap.pages.pricing"), indexable: true, showsMarketData: false },
  { path: "/partner", label: t("sitemap.pages.partner"), indexable: true, showsMarketData: false },
  { path: "/om-os", label: t("sitemap.pages.about"), indexable: true, showsMarketData: false },
  { path: "/kontakt", label: t("sitemap.pages.contact"), indexable: true, showsMarketData: false },
  { path: "/privatlivspolitik", label: t("sitemap.pages.privacy"), indexable: true, showsMarketData: false },
  { path: "/betingelser", label: t("sitemap.pages.terms"), indexable: true, showsMarketData: false },
  { path: "/cookies", label: t("sitemap.pages.cookies"), indexable: true, showsMarketData: false },
];

/** Every page of this module that belongs in /sitemap.xml. */
export function indexableSitePages(): SitePage[] {
  return [...FINDING_PAGES, SITEMAP_PAGE, ...INFORMATION_PAGES].filter((page) => page.indexable);
}
