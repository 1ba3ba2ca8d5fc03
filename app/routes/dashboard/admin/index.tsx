import { site } from "~/lib/site-context.server";
import { Link } from "react-router";
import { dashboardLinksFor } from "~/account/dashboard-menu";
import { buttonClass } from "~/components/ui/button";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import { marketsByStatus } from "~/markets/market-counts.server";
import { ADMIN_HOME_PATH, REVIEW_QUEUE_PATH } from "~/review/review-paths";
import { queueCounts } from "~/review/review-queue.server";
import { MARKET_STATUSES, type MarketStatus } from "~/markets/types";
import type { Route } from "./+types/index";
import { access, refusedByGuard } from "~/http/access.server";
import { permissionHolder } from "~/auth/viewer";

const guard = access({ permission: "read:dashboard:any", readOnly: true });
export const middleware: Route.MiddlewareFunction[] = [guard];
export const action = refusedByGuard;

/** /dashboard/admin: what waits for an admin, the markets by status, and the way to the other admin pages. */
export async function loader({ context }: Route.LoaderArgs) {
  const { viewer } = guard.allowed(context);
  const db = site().database.db;
  const [waiting, statuses] = await Promise.all([queueCounts(db), marketsByStatus(db)]);
  return { holder: permissionHolder(viewer), waiting, statuses };
}

/** Nothing to post here; the guard answers first, so a visitor or a member learns nothing. */

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta(matches, {
    title: t("admin.home.title"),
    description: t("admin.home.description"),
    path: ADMIN_HOME_PATH,
    robots: "noindex,follow",
  });
}

const STATUS_LABELS: Record<MarketStatus, string> = {
  draft: t("admin.home.statuses.draft"),
  pending: t("admin.home.statuses.pending"),
  published: t("admin.home.statuses.published"),
  rejected: t("admin.home.statuses.rejected"),
  archived: t("admin.home.statuses.archived"),
};

const number = new Intl.NumberFormat("da-DK");

function Figure({ label, value, warn = false }: { label: string; value: number; warn?: boolean }) {
  const look = warn && value > 0 ? "border-amber-600 bg-amber-50 dark:border-amber-400 dark:bg-amber-950" : "border-stone-300 bg-white dark:border-stone-700 dark:bg-stone-900";
  return (
    <div className={`rounded-2xl border p-4 ${look}`}>
      <dt className="text-sm font-semibold text-stone-700 dark:text-stone-300">{label}</dt>
      <dd className="mt-1 text-3xl font-bold tabular-nums">{number.format(value)}</dd>
    </div>
  );
}

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { waiting, statuses } = loaderData;
  const total = waiting.submissions + waiting.edits;
  const marketTotal = MARKET_STATUSES.reduce((sum, status) => sum + statuses[status], 0);
  const otherPages = dashboardLinksFor(loaderData.holder).admin.filter((link) => link.to !== ADMIN_HOME_PATH && link.to !== REVIEW_QUEUE_PATH);
  return (
    <>
      <h1 className="text-3xl font-bold sm:text-4xl">{t("admin.home.heading")}</h1>
      <p className="mt-2 max-w-2xl text-lg text-stone-700 dark:text-stone-300">{t("admin.home.intro")}</p>

      <section aria-labelledby="venter" className="mt-8">
        <h2 id="venter" className="text-2xl font-bold">
          {t("admin.home.waiting.heading")}
        </h2>
        <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
          <Figure label={t("admin.home.waiting.submissions")} value={waiting.submissions} />
          <Figure label={t("admin.home.waiting.edits")} value={waiting.edits} />
          <Figure label={t("admin.home.waiting.missingCoordinates")} value={waiting.missingCoordinates} warn />
        </dl>
        {waiting.missingCoordinates > 0 ? <p className="mt-3 max-w-2xl text-stone-700 dark:text-stone-300">{t("admin.home.waiting.missingCoordinatesNote")}</p> : null}
        <p className="mt-4">
          {total > 0 ? (
            <Link to={REVIEW_QUEUE_PATH} className={buttonClass("primary")}>
              {t("admin.home.waiting.open", { count: number.format(total) })}
            </Link>
          ) : (
            <>
              {t("admin.home.waiting.empty")} <Link to={REVIEW_QUEUE_PATH}>{t("admin.home.waiting.openEmpty")}</Link>
            </>
          )}
        </p>
      </section>

      <section aria-labelledby="markeder-efter-status" className="mt-10">
        <h2 id="markeder-efter-status" className="text-2xl font-bold">
          {t("admin.home.statuses.heading")}
        </h2>
        <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
          {MARKET_STATUSES.map((status) => (
            <Figure key={status} label={STATUS_LABELS[status]} value={statuses[status]} />
          ))}
          <Figure label={t("admin.home.statuses.total")} value={marketTotal} />
        </dl>
      </section>

      {otherPages.length ? (
        <section aria-labelledby="andre-sider" className="mt-10">
          <h2 id="andre-sider" className="text-2xl font-bold">
            {t("admin.home.pages.heading")}
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2">
            {otherPages.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="block h-full rounded-2xl border border-stone-300 bg-white p-4 text-stone-900 no-underline hover:border-emerald-800 hover:bg-emerald-50 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-50 dark:hover:border-emerald-300 dark:hover:bg-stone-800"
                >
                  <h3 className="text-lg font-bold text-emerald-800 underline underline-offset-4 dark:text-emerald-300">{link.label}</h3>
                  <p className="mt-1 text-stone-700 dark:text-stone-300">{link.description}</p>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
