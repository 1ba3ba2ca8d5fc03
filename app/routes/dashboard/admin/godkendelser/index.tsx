import { data, Link } from "react-router";
import { Pagination } from "~/components/Pagination";
import { PAGE_PARAM, parsePageNumber } from "~/lib/page-number";
import { site } from "~/lib/site-context.server";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import { ReviewAuthorLine } from "~/review/components/ReviewAuthorLine";
import { KindBadge, MissingCoordinatesNote } from "~/review/components/review-badges";
import { changedFieldsText } from "~/revisions/field-changes";
import { DECIDED_PARAM, REVIEW_QUEUE_PATH, reviewItemPath } from "~/review/review-paths";
import { reviewItem, reviewQueue } from "~/review/review-queue.server";
import { isListed } from "~/markets/query/visibility.server";
import { isUuid } from "~/lib/uuid";
import { accountAgeText, marketCountText, sentAtText } from "~/claims/sender-texts";
import type { Route } from "./+types/index";
import { access, refusedByGuard } from "~/http/access.server";

/** Enough to see the day's work at a glance; more are a page further on. */
const PAGE_SIZE = 25;

const guard = access({ permission: "moderate:market:any", readOnly: true });
export const middleware: Route.MiddlewareFunction[] = [guard];
export const action = refusedByGuard;

/** /dashboard/admin/godkendelser: the submissions and edits that wait, oldest first, each a link to its own page. */
export async function loader({ url, context }: Route.LoaderArgs) {
  guard.allowed(context);
  const page = parsePageNumber(url.searchParams.get(PAGE_PARAM));
  if (page === null) throw data(null, { status: 404 });
  const db = site().database.db;
  const decidedId = url.searchParams.get(DECIDED_PARAM);
  const [{ total, items }, decided] = await Promise.all([
    reviewQueue(db, { offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE }),
    decidedId && isUuid(decidedId) ? reviewItem(db, decidedId.toLowerCase()) : null,
  ]);
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (page > pages) throw data(null, { status: 404 });
  const now = new Date();
  return {
    total,
    page,
    pages,
    // What was just decided, with its public page once it is out there; nothing for one still waiting.
    decided:
      decided && decided.revision.state !== "pending"
        ? {
            // Written out here: a key chosen at run time cannot be inlined into the page's JavaScript.
            text:
              decided.revision.state !== "applied"
                ? t("admin.review.queue.justRejected", { name: decided.revision.after.name })
                : decided.revision.kind === "edit"
                  ? t("admin.review.queue.justApprovedEdit", { name: decided.revision.after.name })
                  : t("admin.review.queue.justApproved", { name: decided.revision.after.name }),
            livePath: isListed(decided.market.status) ? `/markeder/${decided.market.slug}` : null,
            itemPath: reviewItemPath(decided.revision.id),
          }
        : null,
    items: items.map((item) => ({
      href: reviewItemPath(item.revisionId),
      kind: item.kind,
      name: item.name,
      city: item.city,
      when: sentAtText(item.createdAt),
      changed: item.kind === "edit" ? changedFieldsText(item.changedFields) : null,
      missingCoordinates: item.missingCoordinates,
      author: item.author
        ? { name: item.author.name, email: item.author.email, age: accountAgeText(item.author.createdAt, now), markets: marketCountText(item.author.marketCount) }
        : null,
    })),
  };
}

/** Nothing to post here; the guard answers first, so a visitor or a member learns nothing. */

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const page = loaderData?.page ?? 1;
  return seoMeta(matches, {
    title: page > 1 ? t("admin.review.queue.titlePage", { page }) : t("admin.review.queue.title"),
    description: t("admin.review.queue.description"),
    path: page > 1 ? `${REVIEW_QUEUE_PATH}?side=${page}` : REVIEW_QUEUE_PATH,
    robots: "noindex,follow",
  });
}

/** The decision just made, and the way to the market's public page: the toast goes, this stays. */
function JustDecided({ decided }: { decided: { text: string; livePath: string | null; itemPath: string } }) {
  return (
    <div className="mt-4 rounded-2xl border border-emerald-700 bg-emerald-50 p-4 dark:border-emerald-400 dark:bg-emerald-950">
      <p className="font-semibold break-words">{decided.text}</p>
      <p className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
        {decided.livePath ? <Link to={decided.livePath}>{t("admin.review.item.seeLive")}</Link> : null}
        <Link to={decided.itemPath}>{t("admin.review.queue.seeDecision")}</Link>
      </p>
    </div>
  );
}

export default function ReviewQueue({ loaderData }: Route.ComponentProps) {
  const { total, items, page, pages } = loaderData;
  return (
    <>
      <h1 className="text-3xl font-bold sm:text-4xl">{t("admin.review.queue.heading")}</h1>
      <p className="mt-2 max-w-2xl text-lg text-stone-700 dark:text-stone-300">{t("admin.review.queue.intro")}</p>
      {loaderData.decided ? <JustDecided decided={loaderData.decided} /> : null}
      <p className="mt-4 font-semibold" role="status">
        {total === 0 ? t("admin.review.queue.empty") : total === 1 ? t("admin.review.queue.countOne") : t("admin.review.queue.count", { count: total.toLocaleString("da-DK") })}
      </p>
      {items.length ? (
        <ol className="mt-4 grid grid-cols-1 gap-3">
          {items.map((item) => (
            <li key={item.href} className="rounded-2xl border border-stone-300 bg-white p-4 sm:p-5 dark:border-stone-700 dark:bg-stone-900">
              <div className="flex flex-wrap items-center gap-2">
                <KindBadge kind={item.kind} />
                <span className="text-sm text-stone-700 dark:text-stone-300">{t("admin.review.queue.sentAt", { when: item.when })}</span>
              </div>
              <h2 className="mt-2 text-xl font-bold break-words">
                <Link to={item.href}>{item.name}</Link>
                <span className="font-normal text-stone-700 dark:text-stone-300">, {item.city}</span>
              </h2>
              {item.changed ? <p className="mt-1 break-words">{t("admin.review.queue.changed", { fields: item.changed })}</p> : null}
              <ReviewAuthorLine author={item.author} className="mt-2 text-stone-700 dark:text-stone-300" />
              {item.missingCoordinates ? <MissingCoordinatesNote className="mt-3" compact /> : null}
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-4">
          <Link to="/dashboard/admin">{t("admin.review.backToAdmin")}</Link>
        </p>
      )}
      <Pagination page={page} pages={pages} hrefFor={(target) => (target > 1 ? `${REVIEW_QUEUE_PATH}?side=${target}` : REVIEW_QUEUE_PATH)} />
    </>
  );
}
