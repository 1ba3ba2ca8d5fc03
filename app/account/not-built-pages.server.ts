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
];

/** The page app/routes.ts sends to routes/dashboard/planned.tsx for this path, if any. */
export function plannedDashboardPage(pathname: string): PlannedPage | null {
  return DASHBOARD_PAGES.find((page) => matchPath(page.pattern, pathname)) ?? null;
}
