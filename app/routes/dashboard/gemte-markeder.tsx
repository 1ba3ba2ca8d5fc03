import { site } from "~/lib/site-context.server";
import { Link, data } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { FormError } from "~/components/ui/panel-section";
import { todayInDenmark } from "~/lib/dates";
import { redirectWithFlash } from "~/http/flash.server";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import { readLimitedForm, SMALL_FORM_MAX_BYTES } from "~/http/request-body.server";
import { formText } from "~/forms/form-data";
import { SavedFeed } from "~/saved/components/SavedFeed";
import { SavedMarketList } from "~/saved/components/SavedMarketList";
import { RENEW_FEED_INTENT, SAVED_LIST_PATH } from "~/saved/save-paths";
import { feedToken, renewFeedToken, savedFeedPath } from "~/saved/saved-feed.server";
import { isComing, savedMarketList, type SavedView } from "~/saved/saved-list.server";
import { savedMarketCard } from "~/saved/saved-texts.server";
import type { Route } from "./+types/gemte-markeder";
import { access, PERSONAL_PAGE_HEADERS } from "~/http/access.server";

function viewOf(url: URL): SavedView {
  return url.searchParams.get("vis") === "alle" ? "alle" : "kommende";
}

const guard = access({ permission: "save:market" });
export const middleware: Route.MiddlewareFunction[] = [guard];

/** /dashboard/gemte-markeder: the markets the person saved, the next date first, and their calendar feed. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { viewer } = guard.allowed(context);
  const db = site().database.db;
  const view = viewOf(url);
  const [all, token] = await Promise.all([savedMarketList(db, viewer.user.id, todayInDenmark(), "alle"), feedToken(db, viewer.user.id)]);
  const shown = view === "alle" ? all : all.filter(isComing);
  const feedUrl = `${site().config.baseUrl}${savedFeedPath(token)}`;
  return data(
    {
      view,
      path: `${SAVED_LIST_PATH}${url.search}`,
      counts: { coming: all.filter(isComing).length, all: all.length },
      markets: shown.map(savedMarketCard),
      feed: { url: feedUrl, subscribeUrl: feedUrl.replace(/^https?:/, "webcal:") },
    },
    { headers: PERSONAL_PAGE_HEADERS },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

/** "Lav en ny adresse": the feed gets a new secret, and the old address answers 404 from now on. */
export async function action({ request, context }: Route.ActionArgs) {
  const { viewer } = guard.allowed(context);
  const body = await readLimitedForm(request, SMALL_FORM_MAX_BYTES);
  if (!body.ok || formText(body.form, "intent") !== RENEW_FEED_INTENT) {
    return data({ error: t("saved.feed.unknownAction") }, { status: 400, headers: PERSONAL_PAGE_HEADERS });
  }
  await renewFeedToken(site().database.db, viewer.user.id);
  return redirectWithFlash(`${SAVED_LIST_PATH}#kalender`, { title: t("saved.feed.renewed"), description: t("saved.feed.renewedBody"), variant: "success" });
}

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta(matches, { title: t("saved.title"), description: t("saved.description"), path: SAVED_LIST_PATH, robots: "noindex,follow" });
}

function ViewLink({ to, current, children }: { to: string; current: boolean; children: React.ReactNode }) {
  return (
    <Link
      to={to}
      aria-current={current ? "page" : undefined}
      className={`rounded-full border px-4 py-1.5 font-medium no-underline ${
        current
          ? "border-emerald-800 bg-emerald-800 text-white dark:border-emerald-300 dark:bg-emerald-300 dark:text-stone-950"
          : "border-stone-400 text-stone-900 hover:bg-stone-100 dark:border-stone-500 dark:text-stone-50 dark:hover:bg-stone-800"
      }`}
    >
      {children}
    </Link>
  );
}

function EmptyState({ view, all }: { view: SavedView; all: number }) {
  const onlyPast = view === "kommende" && all > 0;
  return (
    <div className="mt-6 rounded-2xl border border-dashed border-stone-400 bg-white p-6 text-center sm:p-8 dark:border-stone-600 dark:bg-stone-900">
      <h2 className="text-xl font-bold">{onlyPast ? t("saved.empty.noComingHeading") : t("saved.empty.heading")}</h2>
      <p className="mx-auto mt-2 max-w-xl text-stone-700 dark:text-stone-300">{onlyPast ? t("saved.empty.noComingBody") : t("saved.empty.body")}</p>
      <p className="mt-5">
        <Link to={onlyPast ? `${SAVED_LIST_PATH}?vis=alle` : "/register"} className={buttonClass("primary")}>
          {onlyPast ? t("saved.empty.showAll") : t("saved.empty.action")}
        </Link>
      </p>
    </div>
  );
}

export default function SavedMarkets({ loaderData, actionData }: Route.ComponentProps) {
  const { view, counts, markets, feed, path } = loaderData;
  return (
    <>
      <FormError message={actionData?.error} />
      <h1 className="text-3xl font-bold sm:text-4xl">{t("saved.heading")}</h1>
      <p className="mt-2 max-w-2xl text-lg text-stone-700 dark:text-stone-300">{t("saved.intro")}</p>
      <nav aria-label={t("saved.viewsLabel")} className="mt-6 flex flex-wrap gap-2">
        <ViewLink to={SAVED_LIST_PATH} current={view === "kommende"}>
          {t("saved.views.coming", { count: counts.coming })}
        </ViewLink>
        <ViewLink to={`${SAVED_LIST_PATH}?vis=alle`} current={view === "alle"}>
          {t("saved.views.all", { count: counts.all })}
        </ViewLink>
      </nav>
      {markets.length ? <SavedMarketList markets={markets} back={path} /> : <EmptyState view={view} all={counts.all} />}
      <SavedFeed url={feed.url} subscribeUrl={feed.subscribeUrl} />
    </>
  );
}
