import { data, Link } from "react-router";
import { userCan } from "~/auth/permissions";
import { permissionHolder } from "~/auth/viewer";
import { openClaimCount } from "~/claims/claim-queue.server";
import { buttonClass } from "~/components/ui/button";
import { access, PERSONAL_PAGE_HEADERS } from "~/http/access.server";
import { todayInDenmark } from "~/lib/dates";
import { t, type TranslationKey } from "~/lib/i18n";
import { seoMeta } from "~/lib/meta";
import { site } from "~/lib/site-context.server";
import { StatusBadge } from "~/organiser/control-panel/components/OwnedMarketList";
import { ownedDrafts, ownedMarkets } from "~/organiser/control-panel/owner-markets.server";
import { ownedMarketCard, type OwnedMarketCard } from "~/organiser/control-panel/owner-texts.server";
import { queueCounts } from "~/review/review-queue.server";
import { isComing, savedMarketList } from "~/saved/saved-list.server";
import { savedMarketCard, type SavedMarketCard } from "~/saved/saved-texts.server";
import type { Route } from "./+types/index";

const guard = access({ permission: "read:dashboard:own" });
export const middleware: Route.MiddlewareFunction[] = [guard];

/** How many of each the overview shows; the pages behind "Se alle" show the rest. */
const SHOWN = 5;

/**
 * /dashboard: what matters to the person now. Their markets and where each stands (those waiting
 * for review first), the saved markets that open next, and for an admin what waits for them. The
 * menu beside it (DashboardShell) leads to every page.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { viewer } = guard.allowed(context);
  const db = site().database.db;
  const holder = permissionHolder(viewer);
  const today = todayInDenmark();
  const reviews = userCan(holder, "moderate:market:any");
  const claims = userCan(holder, "moderate:claim:any");
  const [markets, drafts, saved, queue, openClaims] = await Promise.all([
    ownedMarkets(db, viewer.user.id, today),
    ownedDrafts(db, viewer.user.id),
    // Every saved market: the coming ones are shown, and "none coming" differs from "none saved".
    savedMarketList(db, viewer.user.id, today, "alle"),
    reviews ? queueCounts(db) : null,
    claims ? openClaimCount(db) : null,
  ]);
  const waiting = markets.filter((market) => market.pendingKind !== null);
  // Those waiting for review first, then the rest as the list of one's markets orders them.
  const shownMarkets = [...waiting, ...markets.filter((market) => !waiting.includes(market))].slice(0, SHOWN).map(ownedMarketCard);
  const coming = saved.filter(isComing);
  const reviewCount = queue ? queue.submissions + queue.edits : null;
  // Written out here: a key chosen at run time cannot be inlined into the page's JavaScript.
  return data(
    {
      name: viewer.user.name,
      markets: {
        shown: shownMarkets,
        total: markets.length,
        summary: [
          count(markets.length, "dashboard.overview.markets.countOne", "dashboard.overview.markets.countMany"),
          waiting.length ? count(waiting.length, "dashboard.overview.markets.waitingOne", "dashboard.overview.markets.waitingMany") : null,
        ]
          .filter(Boolean)
          .join(" · "),
        drafts: drafts.length ? count(drafts.length, "dashboard.overview.markets.draftsOne", "dashboard.overview.markets.draftsMany") : null,
      },
      saved: { shown: coming.slice(0, SHOWN).map(savedMarketCard), coming: coming.length, total: saved.length },
      admin:
        reviewCount !== null || openClaims !== null
          ? {
              reviews:
                reviewCount === null
                  ? null
                  : reviewCount
                    ? count(reviewCount, "dashboard.overview.admin.reviewsOne", "dashboard.overview.admin.reviewsMany")
                    : t("dashboard.overview.admin.reviewsNone"),
              claims:
                openClaims === null
                  ? null
                  : openClaims
                    ? count(openClaims, "dashboard.overview.admin.claimsOne", "dashboard.overview.admin.claimsMany")
                    : t("dashboard.overview.admin.claimsNone"),
            }
          : null,
    },
    { headers: PERSONAL_PAGE_HEADERS },
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta(matches, {
    title: t("dashboard.overview.title"),
    description: t("dashboard.overview.description"),
    path: "/dashboard",
    robots: "noindex,follow",
  });
}

/** "1 marked", "3 markeder": on the server only (see the loader). */
function count(total: number, one: TranslationKey, many: TranslationKey): string {
  return total === 1 ? t(one) : t(many, { count: total.toLocaleString("da-DK") });
}

function Section({ id, heading, children }: { id: string; heading: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-stone-300 bg-white p-4 sm:p-6 dark:border-stone-700 dark:bg-stone-900">
      <h2 id={id} className="text-2xl font-bold">
        {heading}
      </h2>
      {children}
    </section>
  );
}

function AdminWaiting({ reviews, claims }: { reviews: string | null; claims: string | null }) {
  return (
    <Section id="venter-paa-dig" heading={t("dashboard.overview.admin.heading")}>
      <ul className="mt-3 grid gap-2">
        {reviews !== null ? (
          <li>
            <Link to="/dashboard/admin/godkendelser" className="font-medium">
              {reviews}
            </Link>
          </li>
        ) : null}
        {claims !== null ? (
          <li>
            <Link to="/dashboard/market-claims" className="font-medium">
              {claims}
            </Link>
          </li>
        ) : null}
        <li>
          <Link to="/dashboard/admin">{t("dashboard.overview.admin.all")}</Link>
        </li>
      </ul>
    </Section>
  );
}

function MarketRow({ market }: { market: OwnedMarketCard }) {
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <h3 className="min-w-0 text-lg font-bold break-words">{market.name}</h3>
        <StatusBadge status={market.status} label={market.statusLabel} />
      </div>
      {market.pendingEdit ? <p className="mt-1 font-medium text-amber-900 dark:text-amber-200">{t("organiser.mine.pendingEdit")}</p> : null}
      <p className="mt-1 text-stone-700 dark:text-stone-300">
        {market.whenLabel ? `${market.whenLabel}: ` : ""}
        {market.when}
      </p>
      <p className="mt-1 flex flex-wrap gap-x-5 gap-y-1">
        <Link to={`/manage-market/${market.id}`} className="font-medium">
          {t("organiser.mine.links.manage")}
          <span className="sr-only">: {market.name}</span>
        </Link>
        {market.href ? (
          <Link to={market.href}>
            {t("organiser.mine.links.page")}
            <span className="sr-only">: {market.name}</span>
          </Link>
        ) : null}
      </p>
    </li>
  );
}

function YourMarkets({ markets }: { markets: { shown: OwnedMarketCard[]; total: number; summary: string; drafts: string | null } }) {
  const { shown, total, summary, drafts } = markets;
  return (
    <Section id="dine-markeder" heading={t("dashboard.overview.markets.heading")}>
      {total ? (
        <>
          <p className="mt-2 text-stone-700 dark:text-stone-300">{summary}</p>
          <ul className="mt-2 divide-y divide-stone-200 dark:divide-stone-700">
            {shown.map((market) => (
              <MarketRow key={market.id} market={market} />
            ))}
          </ul>
        </>
      ) : (
        <p className="mt-2 max-w-2xl text-stone-700 dark:text-stone-300">{t("dashboard.overview.markets.none")}</p>
      )}
      {drafts ? (
        <p className="mt-3">
          <Link to="/dashboard/mine-markeder#kladder">{drafts}</Link>
        </p>
      ) : null}
      <p className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-3">
        <Link to="/opret-marked" className={buttonClass(total ? "secondary" : "primary")}>
          {t("nav.addMarket")}
        </Link>
        {total > shown.length ? <Link to="/dashboard/mine-markeder">{t("dashboard.overview.markets.all", { count: total.toLocaleString("da-DK") })}</Link> : null}
      </p>
    </Section>
  );
}

function ComingSaved({ saved }: { saved: { shown: SavedMarketCard[]; coming: number; total: number } }) {
  const { shown, coming, total } = saved;
  return (
    <Section id="gemte-markeder" heading={t("dashboard.overview.saved.heading")}>
      {shown.length ? (
        <ul className="mt-2 divide-y divide-stone-200 dark:divide-stone-700">
          {shown.map((market) => (
            <li key={market.id} className="py-3">
              <Link to={market.href} className="text-lg font-bold break-words">
                {market.name}
              </Link>
              <p className="text-stone-700 dark:text-stone-300">
                {market.when} · {market.place}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 max-w-2xl text-stone-700 dark:text-stone-300">{total ? t("dashboard.overview.saved.noneComing") : t("dashboard.overview.saved.none")}</p>
      )}
      <p className="mt-4 flex flex-wrap gap-x-5 gap-y-2">
        {total ? (
          <Link to="/dashboard/gemte-markeder">{t("dashboard.overview.saved.all", { count: total.toLocaleString("da-DK") })}</Link>
        ) : (
          <Link to="/register">{t("dashboard.overview.saved.find")}</Link>
        )}
        {coming > shown.length ? (
          <span className="text-stone-700 dark:text-stone-300">{t("dashboard.overview.saved.more", { count: (coming - shown.length).toLocaleString("da-DK") })}</span>
        ) : null}
      </p>
    </Section>
  );
}

export default function DashboardOverview({ loaderData }: Route.ComponentProps) {
  const { name, markets, saved, admin } = loaderData;
  return (
    <>
      <h1 className="text-3xl font-bold break-words sm:text-4xl">{t("dashboard.overview.heading", { name })}</h1>
      <p className="mt-2 max-w-2xl text-lg text-stone-700 dark:text-stone-300">{t("dashboard.overview.intro")}</p>
      <div className="mt-6 grid gap-6">
        {admin ? <AdminWaiting reviews={admin.reviews} claims={admin.claims} /> : null}
        <YourMarkets markets={markets} />
        <ComingSaved saved={saved} />
      </div>
    </>
  );
}
