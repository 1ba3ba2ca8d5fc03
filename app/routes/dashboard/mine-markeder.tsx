import { Link, data, useActionData } from "react-router";
import { isUuid } from "~/lib/uuid";
import { buttonClass } from "~/components/ui/button";
import { todayInDenmark } from "~/lib/dates";
import { site } from "~/lib/site-context.server";
import { redirectWithFlash } from "~/http/flash.server";
import { t } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import { readLimitedForm, SMALL_FORM_MAX_BYTES } from "~/http/request-body.server";
import { formText } from "~/forms/form-data";
import { DELETE_DRAFT_INTENT, DraftList } from "~/organiser/form/components/DraftList";
import { OwnedMarketList } from "~/organiser/control-panel/components/OwnedMarketList";
import { deleteOwnDraft, ownedDrafts, ownedMarkets } from "~/organiser/control-panel/owner-markets.server";
import { draftCard, ownedMarketCard } from "~/organiser/control-panel/owner-texts.server";
import type { Route } from "./+types/mine-markeder";
import { access, PERSONAL_PAGE_HEADERS, requirePermission } from "~/http/access.server";

const PATH = "/dashboard/mine-markeder";

const guard = access({ permission: "read:dashboard:own" });
export const middleware: Route.MiddlewareFunction[] = [guard];

/** /dashboard/mine-markeder: the signed-in person's markets and the submissions they have begun. */
export async function loader({ context }: Route.LoaderArgs) {
  const { viewer } = guard.allowed(context);
  const db = site().database.db;
  const [markets, drafts] = await Promise.all([ownedMarkets(db, viewer.user.id, todayInDenmark()), ownedDrafts(db, viewer.user.id)]);
  return data({ markets: markets.map(ownedMarketCard), drafts: drafts.map(draftCard) }, { headers: PERSONAL_PAGE_HEADERS });
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

/** "Slet kladde": only a draft of the person's own goes; any other id leaves everything as it was. */
export async function action({ request, context }: Route.ActionArgs) {
  const { viewer } = guard.allowed(context);
  requirePermission(viewer, "delete:market:own");
  const body = await readLimitedForm(request, SMALL_FORM_MAX_BYTES);
  if (!body.ok || formText(body.form, "intent") !== DELETE_DRAFT_INTENT) {
    return data({ error: t("organiser.mine.errors.unknown") }, { status: 400, headers: PERSONAL_PAGE_HEADERS });
  }
  const draftId = formText(body.form, "draftId");
  const deleted = isUuid(draftId) && (await deleteOwnDraft(site().database.db, viewer.user.id, draftId.toLowerCase()));
  return deleted
    ? redirectWithFlash(PATH, { title: t("organiser.mine.draft.deleted"), variant: "success" })
    : redirectWithFlash(PATH, { title: t("organiser.mine.draft.missing"), variant: "warning" });
}

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta(matches, { title: t("organiser.mine.title"), description: t("organiser.mine.description"), path: PATH, robots: "noindex,follow" });
}

function EmptyState() {
  return (
    <div className="mt-6 rounded-2xl border border-dashed border-stone-400 bg-white p-6 text-center sm:p-8 dark:border-stone-600 dark:bg-stone-900">
      <h2 className="text-xl font-bold">{t("organiser.mine.empty.heading")}</h2>
      <p className="mx-auto mt-2 max-w-xl text-stone-700 dark:text-stone-300">{t("organiser.mine.empty.body")}</p>
      <p className="mt-5">
        <Link to="/opret-marked" className={buttonClass("primary")}>
          {t("organiser.mine.empty.action")}
        </Link>
      </p>
    </div>
  );
}

export default function MyMarkets({ loaderData }: Route.ComponentProps) {
  const reply = useActionData<typeof action>();
  const { markets, drafts } = loaderData;
  const empty = !markets.length && !drafts.length;
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold sm:text-4xl">{t("organiser.mine.heading")}</h1>
          <p className="mt-2 max-w-2xl text-lg text-stone-700 dark:text-stone-300">{t("organiser.mine.intro")}</p>
        </div>
        {empty ? null : (
          <Link to="/opret-marked" className={buttonClass("primary")}>
            {t("organiser.mine.create")}
          </Link>
        )}
      </div>
      {reply && "error" in reply ? (
        <p role="alert" className="mt-6 rounded-lg border border-red-700 bg-red-50 p-3 font-medium text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100">
          {reply.error}
        </p>
      ) : null}
      {empty ? <EmptyState /> : null}
      {markets.length ? (
        <section aria-labelledby="dine-markeder" className="mt-8">
          <h2 id="dine-markeder" className="text-2xl font-bold">
            {t("organiser.mine.marketsHeading")}
          </h2>
          <div className="mt-4">
            <OwnedMarketList markets={markets} />
          </div>
        </section>
      ) : null}
      {drafts.length ? (
        <section aria-labelledby="kladder" className="mt-10">
          <h2 id="kladder" className="text-2xl font-bold">
            {t("organiser.mine.draftsHeading")}
          </h2>
          <p className="mt-1 text-stone-700 dark:text-stone-300">{t("organiser.mine.draftsIntro")}</p>
          <div className="mt-4">
            <DraftList drafts={drafts} />
          </div>
        </section>
      ) : null}
    </>
  );
}
