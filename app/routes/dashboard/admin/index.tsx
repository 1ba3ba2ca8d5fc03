import { site } from "~/lib/site-context.server";
import { adminHomeFigures } from "~/account/admin-home.server";
import { Link } from "react-router";
import { dashboardLinksFor } from "~/account/dashboard-menu";
import { buttonClass } from "~/components/ui/button";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import { CLAIMS_QUEUE_PATH } from "~/claims/claim-paths";
import { sentAtText } from "~/claims/sender-texts";
import { FORUM_QUEUE_PATH } from "~/forum/paths";
import { INBOX_PATH } from "~/inbox/inbox-paths";
import { userCan, type Permission } from "~/auth/permissions";
import { ADMIN_HOME_PATH, RECENT_CHANGES_PATH, REVIEW_QUEUE_PATH } from "~/review/review-paths";
import { MARKET_STATUSES, type MarketStatus } from "~/markets/types";
import type { Route } from "./+types/index";
import { ADMIN_QUEUES_CHANNEL } from "~/lib/realtime/channels";
import { latestEventId } from "~/lib/realtime/events.server";
import { useLiveRevalidation } from "~/lib/realtime/use-live";
import { access, refusedByGuard } from "~/http/access.server";
import { permissionHolder } from "~/auth/viewer";

const guard = access({ permission: "read:dashboard:any", readOnly: true });
export const middleware: Route.MiddlewareFunction[] = [guard];
export const action = refusedByGuard;

interface Queue {
  label: string;
  size: number;
  /** The size is a floor: counting stopped there. */
  more?: boolean;
  oldest: string | null;
  to: string;
  permission: Permission;
}

/**
 * /dashboard/admin: every queue with its size, the one whose oldest item has waited longest first,
 * each a link to it; the markets by status, the people, what is new this week, and the way to the
 * other admin pages.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { viewer } = guard.allowed(context);
  const db = site().database.db;
  const [{ waiting, changes, claims, forum, messages, statuses, newMarkets, people }, liveSince] = await Promise.all([adminHomeFigures(db), latestEventId(db)]);
  const holder = permissionHolder(viewer);
  const queues: Queue[] = [
    { label: t("admin.home.queues.submissions"), size: waiting.submissions, oldest: waiting.oldestSubmission, to: REVIEW_QUEUE_PATH, permission: "moderate:market:any" },
    { label: t("admin.home.queues.edits"), size: waiting.edits, oldest: waiting.oldestEdit, to: REVIEW_QUEUE_PATH, permission: "moderate:market:any" },
    { label: t("admin.home.queues.recentChanges"), size: changes.size, more: changes.more, oldest: changes.oldest, to: RECENT_CHANGES_PATH, permission: "moderate:market:any" },
    { label: t("admin.home.queues.claims"), size: claims.size, oldest: claims.oldest, to: CLAIMS_QUEUE_PATH, permission: "moderate:claim:any" },
    { label: t("admin.home.queues.forumReports"), size: forum.reported.size, oldest: forum.reported.oldest, to: FORUM_QUEUE_PATH, permission: "hide:post:any" },
    { label: t("admin.home.queues.forumWaiting"), size: forum.waiting.size, oldest: forum.waiting.oldest, to: FORUM_QUEUE_PATH, permission: "hide:post:any" },
    { label: t("admin.home.queues.messages"), size: messages.new, oldest: messages.oldestNew, to: INBOX_PATH, permission: "read:message:any" },
  ];
  return {
    holder,
    waiting,
    queues: queues
      .filter((queue) => userCan(holder, queue.permission))
      // The longest wait first; empty queues last, in the order above.
      .sort((a, b) => (a.oldest === b.oldest ? 0 : a.oldest === null ? 1 : b.oldest === null ? -1 : a.oldest < b.oldest ? -1 : 1))
      .map(({ permission: _permission, ...queue }) => ({ ...queue, since: queue.oldest ? sentAtText(queue.oldest) : null })),
    statuses,
    newMarkets,
    people,
    liveSince,
  };
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
  const { waiting, queues, statuses, people } = loaderData;
  // The queues' sizes follow as things enter and leave them.
  useLiveRevalidation([ADMIN_QUEUES_CHANNEL], loaderData.liveSince);
  const total = waiting.submissions + waiting.edits;
  const marketTotal = MARKET_STATUSES.reduce((sum, status) => sum + statuses[status], 0);
  const otherPages = dashboardLinksFor(loaderData.holder).admin.filter((link) => link.to !== ADMIN_HOME_PATH && link.to !== REVIEW_QUEUE_PATH);
  return (
    <>
      <h1 className="text-3xl font-bold sm:text-4xl">{t("admin.home.heading")}</h1>
      <p className="mt-2 max-w-2xl text-lg text-stone-700 dark:text-stone-300">{t("admin.home.intro")}</p>

      <section aria-labelledby="koeer" className="mt-8">
        <h2 id="koeer" className="text-2xl font-bold">
          {t("admin.home.queues.heading")}
        </h2>
        <ul className="mt-4 divide-y divide-stone-200 rounded-2xl border border-stone-300 bg-white dark:divide-stone-700 dark:border-stone-700 dark:bg-stone-900">
          {queues.map((queue) => (
            <li key={queue.label} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 p-4">
              <Link to={queue.to} className="font-semibold">
                {queue.label}
              </Link>
              <span className="text-stone-700 dark:text-stone-300">
                <strong className="text-stone-900 tabular-nums dark:text-stone-50">
                  {number.format(queue.size)}
                  {queue.more ? "+" : null}
                </strong>
                {" · "}
                {queue.since ? t("admin.home.queues.since", { when: queue.since }) : t("admin.home.queues.empty")}
              </span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="venter" className="mt-10">
        <h2 id="venter" className="text-2xl font-bold">
          {t("admin.home.waiting.heading")}
        </h2>
        <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
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

      <section aria-labelledby="nyt" className="mt-10">
        <h2 id="nyt" className="text-2xl font-bold">
          {t("admin.home.counts.heading")}
        </h2>
        <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
          <Figure label={t("admin.home.counts.people")} value={people.people} />
          <Figure label={t("admin.home.counts.newPeople")} value={people.joinedSince} />
          <Figure label={t("admin.home.counts.newMarkets")} value={loaderData.newMarkets} />
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
