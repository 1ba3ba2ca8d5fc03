import { matchPath } from "react-router";
import { t } from "~/lib/i18n";

/**
 * A signed-in page that a later issue builds: its texts until then. Who may open it is declared
 * by the route that shows it (its access() middleware).
 */
export interface PlannedPage {
  pattern: string;
  title: string;
  heading: string;
  description: string;
  body: string;
}

// Literal keys throughout: the texts are looked up once, here, on the server.
const DASHBOARD_PAGES: PlannedPage[] = [
  {
    pattern: "/dashboard/aktivitet",
    title: t("dashboard.planned.activity.title"),
    heading: t("dashboard.planned.activity.heading"),
    description: t("dashboard.planned.activity.description"),
    body: t("dashboard.planned.activity.body"),
  },
  {
    pattern: "/dashboard/community",
    title: t("dashboard.planned.community.title"),
    heading: t("dashboard.planned.community.heading"),
    description: t("dashboard.planned.community.description"),
    body: t("dashboard.planned.community.body"),
  },
  {
    pattern: "/dashboard/community/discussions",
    title: t("dashboard.planned.discussions.title"),
    heading: t("dashboard.planned.discussions.heading"),
    description: t("dashboard.planned.discussions.description"),
    body: t("dashboard.planned.discussions.body"),
  },
  {
    pattern: "/dashboard/community/new",
    title: t("dashboard.planned.newPost.title"),
    heading: t("dashboard.planned.newPost.heading"),
    description: t("dashboard.planned.newPost.description"),
    body: t("dashboard.planned.newPost.body"),
  },
  {
    pattern: "/dashboard/community/edit/:postId",
    title: t("dashboard.planned.editPost.title"),
    heading: t("dashboard.planned.editPost.heading"),
    description: t("dashboard.planned.editPost.description"),
    body: t("dashboard.planned.editPost.body"),
  },
];

/** The page app/routes.ts sends to routes/dashboard/planned.tsx for this path, if any. */
export function plannedDashboardPage(pathname: string): PlannedPage | null {
  return DASHBOARD_PAGES.find((page) => matchPath(page.pattern, pathname)) ?? null;
}

const GUARDED_PAGES: PlannedPage[] = [
  {
    pattern: "/community/new",
    title: t("dashboard.guarded.newDiscussion.title"),
    heading: t("dashboard.guarded.newDiscussion.heading"),
    description: t("dashboard.guarded.newDiscussion.description"),
    body: t("dashboard.guarded.newDiscussion.body"),
  },
];

/** /community/new (routes/guarded-planned.tsx). */
export function plannedGuardedPage(pathname: string): PlannedPage | null {
  return GUARDED_PAGES.find((page) => matchPath(page.pattern, pathname)) ?? null;
}
