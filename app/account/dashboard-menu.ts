import { scopeOf, userCan, type Permission, type PermissionHolder } from "~/auth/permissions";
import { t } from "~/lib/i18n";
import { DISCUSSIONS_PATH, FORUM_QUEUE_PATH } from "~/forum/paths";
import { INBOX_PATH } from "~/inbox/inbox-paths";
import { ALL_MARKETS_PATH, RECENT_CHANGES_PATH } from "~/review/review-paths";
import { ADMIN_LOG_PATH, PEOPLE_PATH } from "~/people/people-paths";

/** One page of /dashboard as the navigation and the overview show it. */
export interface DashboardLink {
  to: string;
  /** What its route declares (its access() middleware); tests/integration/access.test.ts holds the two alike. */
  permission: Permission;
  label: string;
  description: string;
}

/**
 * Everything built under /dashboard that a person can open without an id, in the order the menu
 * shows it. The activity page answers at its address (not-built-pages.server.ts) but gets its
 * entry only when it is built: no menu leads to a page that is not.
 */
export const DASHBOARD_LINKS: DashboardLink[] = [
  { to: "/dashboard/mine-markeder", permission: "read:dashboard:own", label: t("dashboard.pages.myMarkets.label"), description: t("dashboard.pages.myMarkets.summary") },
  { to: "/dashboard/community", permission: "read:dashboard:own", label: t("dashboard.pages.community.label"), description: t("dashboard.pages.community.summary") },
  { to: DISCUSSIONS_PATH, permission: "read:dashboard:own", label: t("dashboard.pages.discussions.label"), description: t("dashboard.pages.discussions.summary") },
  { to: "/dashboard/gemte-markeder", permission: "save:market", label: t("dashboard.pages.savedMarkets.label"), description: t("dashboard.pages.savedMarkets.summary") },
  { to: "/dashboard/indstillinger", permission: "read:dashboard:own", label: t("dashboard.pages.settings.label"), description: t("dashboard.pages.settings.summary") },
  { to: "/dashboard/admin", permission: "read:dashboard:any", label: t("dashboard.pages.admin.label"), description: t("dashboard.pages.admin.summary") },
  { to: ALL_MARKETS_PATH, permission: "update:market:any", label: t("dashboard.pages.allMarkets.label"), description: t("dashboard.pages.allMarkets.summary") },
  { to: "/dashboard/admin/godkendelser", permission: "moderate:market:any", label: t("admin.review.menu.label"), description: t("admin.review.menu.summary") },
  { to: RECENT_CHANGES_PATH, permission: "moderate:market:any", label: t("dashboard.pages.recentChanges.label"), description: t("dashboard.pages.recentChanges.summary") },
  { to: PEOPLE_PATH, permission: "read:user:any", label: t("dashboard.pages.people.label"), description: t("dashboard.pages.people.summary") },
  { to: FORUM_QUEUE_PATH, permission: "hide:post:any", label: t("dashboard.pages.forumQueue.label"), description: t("dashboard.pages.forumQueue.summary") },
  { to: INBOX_PATH, permission: "read:message:any", label: t("dashboard.pages.inbox.label"), description: t("dashboard.pages.inbox.summary") },
  { to: ADMIN_LOG_PATH, permission: "read:log:any", label: t("dashboard.pages.adminLog.label"), description: t("dashboard.pages.adminLog.summary") },
  { to: "/dashboard/admin/maalinger", permission: "read:measurements:any", label: t("measurements.dashboardLink.label"), description: t("measurements.dashboardLink.summary") },
  { to: "/dashboard/market-claims", permission: "moderate:claim:any", label: t("dashboard.pages.marketClaims.label"), description: t("dashboard.pages.marketClaims.summary") },
  { to: "/dashboard/image-cleanup", permission: "delete:image:any", label: t("dashboard.pages.imageCleanup.label"), description: t("dashboard.pages.imageCleanup.summary") },
];

/**
 * The links a person may follow, as the menu and the overview group them: the person's own pages,
 * and the administration, which is the pages about everyone's things (an `:any` permission).
 * The pages check the same permission on the server, so hiding a link is a courtesy, not a lock.
 */
export function dashboardLinksFor(user: PermissionHolder): { member: DashboardLink[]; admin: DashboardLink[] } {
  const open = DASHBOARD_LINKS.filter((link) => userCan(user, link.permission));
  return {
    member: open.filter((link) => scopeOf(link.permission) !== "any"),
    admin: open.filter((link) => scopeOf(link.permission) === "any"),
  };
}

/** The download of one's own data (routes/dashboard/indstillinger/mine-data.ts). */
export const DATA_EXPORT_PATH = "/dashboard/indstillinger/mine-data";
