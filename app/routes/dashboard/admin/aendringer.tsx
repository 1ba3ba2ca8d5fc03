import { data, Form, Link } from "react-router";
import { permissionHolder } from "~/auth/viewer";
import { sentAtText } from "~/claims/sender-texts";
import { Pagination } from "~/components/Pagination";
import { SubmitButton } from "~/components/ui/form-fields";
import { access, PERSONAL_PAGE_HEADERS } from "~/http/access.server";
import { redirectWithFlash } from "~/http/flash.server";
import { readForm } from "~/http/request-body.server";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import { PAGE_PARAM, parsePageNumber } from "~/lib/page-number";
import { site } from "~/lib/site-context.server";
import { isUuid } from "~/lib/uuid";
import { isListed } from "~/markets/query/visibility.server";
import { managePath } from "~/organiser/control-panel/manage-actions.server";
import { personPath } from "~/people/people-paths";
import { markLookedOver, recentChanges, type RecentChangesView } from "~/review/recent-changes.server";
import { RECENT_CHANGES_PATH, RECENT_CHANGES_VIEW_PARAM } from "~/review/review-paths";
import { FieldChangeList, MADE_CHANGE_HEADINGS } from "~/revisions/components/FieldChangeList";
import { undoLiveChange } from "~/revisions/decisions.server";
import { fieldChanges } from "~/revisions/field-changes";
import type { Route } from "./+types/aendringer";

const PAGE_SIZE = 20;

const number = new Intl.NumberFormat("da-DK");

const guard = access({ permission: "moderate:market:any" });
export const middleware: Route.MiddlewareFunction[] = [guard];

/** ?vis=alle shows every change; without it, those not looked over yet. */
const SHOW_ALL = "alle";

function listPath(view: RecentChangesView, page: number): string {
  const params = new URLSearchParams();
  if (view === "all") params.set(RECENT_CHANGES_VIEW_PARAM, SHOW_ALL);
  if (page > 1) params.set(PAGE_PARAM, String(page));
  const search = params.toString();
  return search ? `${RECENT_CHANGES_PATH}?${search}` : RECENT_CHANGES_PATH;
}

/** The list a URL asks for, or null for one that names no such list (404). */
function requested(url: URL): { view: RecentChangesView; page: number } | null {
  const shown = url.searchParams.get(RECENT_CHANGES_VIEW_PARAM);
  const page = parsePageNumber(url.searchParams.get(PAGE_PARAM));
  if (page === null || (shown !== null && shown !== SHOW_ALL)) return null;
  return { view: shown === SHOW_ALL ? "all" : "new", page };
}

const KIND_NAMES: Record<string, string> = {
  edit: t("admin.changes.kinds.edit"),
  cancel_date: t("admin.changes.kinds.cancelDate"),
  restore_date: t("admin.changes.kinds.restoreDate"),
};

/** /dashboard/admin/aendringer: what trusted owners changed without review, the newest first, to look over or undo. */
export async function loader({ url }: Route.LoaderArgs) {
  const asked = requested(url);
  if (!asked) throw data(null, { status: 404, headers: PERSONAL_PAGE_HEADERS });
  const { view, page } = asked;
  const { total, more, changes } = await recentChanges(site().database.db, { view, offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE });
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (page > pages) throw data(null, { status: 404, headers: PERSONAL_PAGE_HEADERS });
  return data(
    {
      view,
      total,
      more,
      page,
      pages,
      changes: changes.map(({ revision, marketName, marketSlug, marketStatus, author, lookedOver, undone }) => ({
        id: revision.id,
        kindName: KIND_NAMES[revision.kind] ?? revision.kind,
        marketName,
        publicHref: isListed(marketStatus) ? `/markeder/${marketSlug}` : null,
        manageHref: managePath(revision.marketId),
        author: author ? { name: author.name || author.email, href: personPath(author.id) } : null,
        when: sentAtText(revision.createdAt),
        fields: fieldChanges(revision.before, revision.after, revision.changedFields),
        lookedOver: lookedOver ? t("admin.changes.lookedOverBy", { name: lookedOver.by ?? t("adminLog.deletedPerson"), when: sentAtText(lookedOver.at) }) : null,
        undone,
      })),
    },
    { headers: PERSONAL_PAGE_HEADERS },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta(matches, { title: t("admin.changes.title"), description: t("admin.changes.description"), path: RECENT_CHANGES_PATH, robots: "noindex,nofollow" });
}

const INTENTS = ["looked-over", "undo"] as const;
const isIntent = (value: unknown): value is (typeof INTENTS)[number] => typeof value === "string" && (INTENTS as readonly string[]).includes(value);

/** "Gennemset" or "Fortryd ændringen" on one change: 303 back to the same list with a toast. */
export async function action({ request, context }: Route.ActionArgs) {
  const { viewer } = guard.allowed(context);
  const form = await readForm(request);
  const intent = form.get("intent");
  const revisionId = form.get("revision");
  if (!isIntent(intent)) throw data({ message: t("admin.changes.unknownIntent") }, { status: 400, headers: PERSONAL_PAGE_HEADERS });
  if (typeof revisionId !== "string" || !isUuid(revisionId)) throw data(null, { status: 404, headers: PERSONAL_PAGE_HEADERS });
  const url = new URL(request.url);
  const back = requested(url) ? `${url.pathname}${url.search}` : RECENT_CHANGES_PATH;
  const db = site().database.db;
  if (intent === "looked-over") {
    const marked = await markLookedOver(db, viewer.user.id, revisionId.toLowerCase());
    return redirectWithFlash(
      back,
      marked ? { title: t("admin.changes.toast.lookedOver"), variant: "success" } : { title: t("admin.changes.toast.alreadyLookedOver"), variant: "default" },
    );
  }
  const outcome = await undoLiveChange(db, permissionHolder(viewer), revisionId.toLowerCase());
  if (outcome.outcome === "not_found") throw data(null, { status: 404, headers: PERSONAL_PAGE_HEADERS });
  return redirectWithFlash(
    back,
    outcome.outcome === "undone"
      ? { title: t("admin.changes.toast.undone", { name: outcome.name }), variant: "success" }
      : { title: t("admin.changes.toast.alreadyUndone"), variant: "default" },
  );
}

export default function RecentChangesPage({ loaderData }: Route.ComponentProps) {
  const { view, total, more, page, pages, changes } = loaderData;
  const count = more ? t("admin.changes.countMore", { count: number.format(total) }) : number.format(total);
  const other = view === "new" ? { to: listPath("all", 1), label: t("admin.changes.showAll") } : { to: listPath("new", 1), label: t("admin.changes.showNew") };
  return (
    <>
      <h1 className="text-3xl font-bold sm:text-4xl">{t("admin.changes.heading")}</h1>
      <p className="mt-2 max-w-2xl text-lg text-stone-700 dark:text-stone-300">{t("admin.changes.intro")}</p>
      <p className="mt-4 flex flex-wrap items-baseline gap-x-4 gap-y-2">
        <strong role="status">{view === "new" ? t("admin.changes.countNew", { count }) : t("admin.changes.countAll", { count })}</strong>
        <Link to={other.to}>{other.label}</Link>
      </p>
      {changes.length ? (
        <ol aria-label={t("admin.changes.label")} className="mt-6 grid gap-8">
          {changes.map((change) => (
            <li key={change.id} className="rounded-2xl border border-stone-300 p-4 dark:border-stone-700">
              <h2 className="text-xl font-bold break-words">{change.publicHref ? <Link to={change.publicHref}>{change.marketName}</Link> : change.marketName}</h2>
              <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-stone-700 dark:text-stone-300">
                <span>{change.kindName}</span>
                <span>
                  {change.author ? (
                    <>
                      {t("admin.changes.by")} <Link to={change.author.href}>{change.author.name}</Link>
                    </>
                  ) : (
                    t("admin.changes.deletedAuthor")
                  )}
                </span>
                <span>{change.when}</span>
                <Link to={change.manageHref}>{t("admin.changes.manage")}</Link>
              </p>
              <FieldChangeList changes={change.fields} headings={MADE_CHANGE_HEADINGS} />
              <div className="mt-4 flex flex-wrap items-center gap-3">
                {change.undone ? <strong>{t("admin.changes.undone")}</strong> : null}
                {change.lookedOver ? <span className="text-stone-700 dark:text-stone-300">{change.lookedOver}</span> : null}
                {change.lookedOver || change.undone ? null : (
                  <Form method="post">
                    <input type="hidden" name="revision" value={change.id} />
                    <SubmitButton intent="looked-over" name="intent" value="looked-over" label={t("admin.changes.lookOver")} pendingLabel={t("admin.changes.lookingOver")} />
                  </Form>
                )}
                {change.undone ? null : (
                  <Form method="post">
                    <input type="hidden" name="revision" value={change.id} />
                    <SubmitButton intent="undo" name="intent" value="undo" variant="secondary" label={t("admin.changes.undo")} pendingLabel={t("admin.changes.undoing")} />
                  </Form>
                )}
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-6">{view === "new" ? t("admin.changes.noneNew") : t("admin.changes.none")}</p>
      )}
      <Pagination page={page} pages={pages} hrefFor={(n) => listPath(view, n)} />
    </>
  );
}
