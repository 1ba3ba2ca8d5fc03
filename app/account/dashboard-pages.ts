import { t } from "~/lib/i18n";

/** One page of /dashboard as the navigation and the overview show it. */
export interface DashboardLink {
  to: string;
  label: string;
  description: string;
  /** Shown only to admins; the page itself checks the role on the server (requireRole). */
  adminOnly: boolean;
}

/** Everything under /dashboard a person can open without an id, in the order the menu shows it. */
export const DASHBOARD_LINKS: DashboardLink[] = [
  { to: "/dashboard/mine-markeder", label: t("dashboard.pages.myMarkets.label"), description: t("dashboard.pages.myMarkets.summary"), adminOnly: false },
  { to: "/dashboard/gemte-markeder", label: t("dashboard.pages.savedMarkets.label"), description: t("dashboard.pages.savedMarkets.summary"), adminOnly: false },
  { to: "/dashboard/aktivitet", label: t("dashboard.pages.activity.label"), description: t("dashboard.pages.activity.summary"), adminOnly: false },
  { to: "/dashboard/community", label: t("dashboard.pages.community.label"), description: t("dashboard.pages.community.summary"), adminOnly: false },
  { to: "/dashboard/community/discussions", label: t("dashboard.pages.discussions.label"), description: t("dashboard.pages.discussions.summary"), adminOnly: false },
  { to: "/dashboard/community/new", label: t("dashboard.pages.newPost.label"), description: t("dashboard.pages.newPost.summary"), adminOnly: false },
  { to: "/dashboard/indstillinger", label: t("dashboard.pages.settings.label"), description: t("dashboard.pages.settings.summary"), adminOnly: false },
  { to: "/dashboard/admin", label: t("dashboard.pages.admin.label"), description: t("dashboard.pages.admin.summary"), adminOnly: true },
  { to: "/dashboard/admin/maalinger", label: t("measurements.dashboardLink.label"), description: t("measurements.dashboardLink.summary"), adminOnly: true },
  { to: "/dashboard/market-claims", label: t("dashboard.pages.marketClaims.label"), description: t("dashboard.pages.marketClaims.summary"), adminOnly: true },
  { to: "/dashboard/image-cleanup", label: t("dashboard.pages.imageCleanup.label"), description: t("dashboard.pages.imageCleanup.summary"), adminOnly: true },
];

export function dashboardLinksFor(isAdmin: boolean): { member: DashboardLink[]; admin: DashboardLink[] } {
  return {
    member: DASHBOARD_LINKS.filter((link) => !link.adminOnly),
    admin: isAdmin ? DASHBOARD_LINKS.filter((link) => link.adminOnly) : [],
  };
}

/** The download of one's own data (routes/dashboard/data-export.ts). */
export const DATA_EXPORT_PATH = "/dashboard/indstillinger/mine-data";
