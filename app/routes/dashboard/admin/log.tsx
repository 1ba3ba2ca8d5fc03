import { data, Form, Link } from "react-router";
import { ADMIN_ACTION_KINDS, kindLabel, TARGET_TYPES, type AdminActionKind } from "~/admin-log/kinds";
import { adminLogPage, logActors } from "~/admin-log/read.server";
import { Pagination } from "~/components/Pagination";
import { buttonClass } from "~/components/ui/button";
import { fieldClass, labelClass } from "~/components/ui/form-fields";
import { access, PERSONAL_PAGE_HEADERS, refusedByGuard } from "~/http/access.server";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import { PAGE_PARAM, parsePageNumber } from "~/lib/page-number";
import { site } from "~/lib/site-context.server";
import { LogEntryList } from "~/people/components/LogEntryList";
import { adminLogPath, LOG_PARAMS, parseLogQuery } from "~/people/log-filter";
import { logEntryView } from "~/people/log-views.server";
import { ADMIN_LOG_PATH } from "~/people/people-paths";
import type { Route } from "./+types/log";

/** Entries per page: a week's work on a busy week. */
const PAGE_SIZE = 50;

const guard = access({ permission: "read:log:any", readOnly: true });
export const middleware: Route.MiddlewareFunction[] = [guard];
export const action = refusedByGuard;

const KINDS = Object.keys(ADMIN_ACTION_KINDS) as AdminActionKind[];

// Written out: a key chosen at run time cannot be inlined into the page's JavaScript.
const TARGET_TYPE_NAMES: Record<string, string> = {
  market: t("adminLog.targetTypesPlural.market"),
  user: t("adminLog.targetTypesPlural.user"),
  image: t("adminLog.targetTypesPlural.image"),
  post: t("adminLog.targetTypesPlural.post"),
  topic: t("adminLog.targetTypesPlural.topic"),
};

/** /dashboard/admin/log: every admin action, newest first, narrowed by kind, by who did it and by what it was done to. Never written from here. */
export async function loader({ url, context }: Route.LoaderArgs) {
  guard.allowed(context);
  const query = parseLogQuery(url.searchParams);
  const page = parsePageNumber(url.searchParams.get(PAGE_PARAM));
  if (page === null) throw data(null, { status: 404 });
  const db = site().database.db;
  const [{ total, entries }, actors] = await Promise.all([adminLogPage(db, query, { offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE }), logActors(db)]);
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (page > pages) throw data(null, { status: 404 });
  const views = entries.map(logEntryView);
  // The one target the log is narrowed to, by the name its newest entry gives it.
  const target = query.target?.id ? { type: query.target.type, id: query.target.id, label: entries[0]?.targetLabel ?? query.target.id } : null;
  const filtered = Boolean(query.kind || query.actorId || query.target);
  const filterWords = [
    query.kind ? kindLabel(query.kind) : null,
    actors.find((actor) => actor.id === query.actorId)?.label ?? null,
    target?.label ?? (query.target ? TARGET_TYPE_NAMES[query.target.type] : null),
  ].filter(Boolean);
  return data(
    {
      query: { kind: query.kind ?? "", actorId: query.actorId ?? "", targetType: query.target?.type ?? "" },
      target,
      filtered,
      filterText: filterWords.join(", "),
      total,
      page,
      pages,
      entries: views,
      actors,
      pathOfPage: Object.fromEntries([page - 1, page + 1].map((to) => [to, adminLogPath({ ...query, page: to })])),
      targetCleared: adminLogPath({ kind: query.kind, actorId: query.actorId }),
    },
    { headers: PERSONAL_PAGE_HEADERS },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const page = loaderData?.page ?? 1;
  const filter = loaderData?.filterText ?? "";
  const title = filter
    ? page > 1
      ? t("adminLog.titleFilteredPage", { filter, page })
      : t("adminLog.titleFiltered", { filter })
    : page > 1
      ? t("adminLog.titlePage", { page })
      : t("adminLog.title");
  return seoMeta(matches, {
    title,
    description: t("adminLog.description"),
    path: `${ADMIN_LOG_PATH}${location.search}`,
    robots: "noindex,nofollow",
  });
}

function countText(total: number, filtered: boolean): string {
  if (total === 0) return filtered ? t("adminLog.count.noneFiltered") : t("adminLog.count.none");
  return total === 1 ? t("adminLog.count.one") : t("adminLog.count.many", { count: total.toLocaleString("da-DK") });
}

export default function AdminLogPage({ loaderData }: Route.ComponentProps) {
  const { query, target, filtered, total, page, pages, entries, actors, pathOfPage, targetCleared } = loaderData;
  return (
    <>
      <h1 className="text-3xl font-bold break-words hyphens-auto sm:text-4xl">{t("adminLog.heading")}</h1>
      <p className="mt-2 max-w-2xl text-lg text-stone-700 dark:text-stone-300">{t("adminLog.intro")}</p>
      <Form method="get" action={ADMIN_LOG_PATH} className="mt-6 rounded-2xl border border-stone-300 bg-white p-4 dark:border-stone-700 dark:bg-stone-900">
        <fieldset className="min-w-0">
          <legend className="text-lg font-bold">{t("adminLog.filter.legend")}</legend>
          <div className="mt-2 grid gap-3 sm:grid-cols-3">
            <div>
              <label htmlFor="handling" className={labelClass}>
                {t("adminLog.filter.kind")}
              </label>
              <select id="handling" name={LOG_PARAMS.kind} defaultValue={query.kind} className={fieldClass}>
                <option value="">{t("adminLog.filter.allKinds")}</option>
                {KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {kindLabel(kind)}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="af" className={labelClass}>
                {t("adminLog.filter.actor")}
              </label>
              <select id="af" name={LOG_PARAMS.actor} defaultValue={query.actorId} className={fieldClass}>
                <option value="">{t("adminLog.filter.allActors")}</option>
                {actors.map((actor) => (
                  <option key={actor.id} value={actor.id}>
                    {actor.label}
                  </option>
                ))}
              </select>
            </div>
            {target ? (
              <div>
                <input type="hidden" name={LOG_PARAMS.target} value={`${target.type}:${target.id}`} />
                <p className={labelClass}>{t("adminLog.filter.targetType")}</p>
                <p className="mt-1 break-words">
                  {target.label} <Link to={targetCleared}>({t("adminLog.filter.targetRemove")})</Link>
                </p>
              </div>
            ) : (
              <div>
                <label htmlFor="gaelder" className={labelClass}>
                  {t("adminLog.filter.targetType")}
                </label>
                <select id="gaelder" name={LOG_PARAMS.target} defaultValue={query.targetType} className={fieldClass}>
                  <option value="">{t("adminLog.targetTypesPlural.all")}</option>
                  {TARGET_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {TARGET_TYPE_NAMES[type]}
                    </option>
                  ))}
                </select>
              </div>
            )}
          </div>
          <div className="mt-3 flex flex-wrap items-center gap-4">
            <button type="submit" className={buttonClass()}>
              {t("adminLog.filter.submit")}
            </button>
            {filtered ? <Link to={ADMIN_LOG_PATH}>{t("adminLog.filter.reset")}</Link> : null}
          </div>
        </fieldset>
      </Form>
      <p className="mt-6 font-semibold" role="status">
        {countText(total, filtered)}
      </p>
      {entries.length ? (
        <div className="mt-3">
          <LogEntryList entries={entries} label={t("adminLog.tableLabel")} />
        </div>
      ) : null}
      <Pagination page={page} pages={pages} hrefFor={(to) => pathOfPage[to] ?? ADMIN_LOG_PATH} />
    </>
  );
}
