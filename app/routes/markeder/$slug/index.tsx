import { data, Link, redirect } from "react-router";
import { t } from "~/lib/i18n";
import { ADD_MARKET } from "~/shell/navigation";
import { site } from "~/lib/site-context.server";
import { todayInDenmark } from "~/lib/dates";
import { seoMeta } from "~/lib/meta";
import { largestImageUrl } from "~/markets/image-urls";
import { loadAsDocument } from "~/http/load-as-document";
import { STATIC_PAGE } from "~/lib/route-handle";
import { MarketPage } from "~/market-page/components/MarketPage";
import { currentSlugFor, getPublicMarket } from "~/markets/market-detail.server";
import { marketPageData } from "~/market-page/market-page.server";
import { marketTypeInfo } from "~/markets/market-types";
import { withNext } from "~/auth/auth-paths";
import { MarketTopics } from "~/forum/components/MarketTopics";
import { newTopicAboutMarketPath } from "~/forum/paths";
import { topicsAboutMarket } from "~/forum/reads.server";
import type { Route } from "./+types/index";

/** Read without React in the browser (decision 0022). */
export const handle = STATIC_PAGE;
export const clientLoader = loadAsDocument;

export async function loader({ params }: Route.LoaderArgs) {
  const context = site();
  const db = context.database.db;
  const today = todayInDenmark();
  const market = await getPublicMarket(db, params.slug, today);
  if (!market) {
    const current = await currentSlugFor(db, params.slug);
    if (current) throw redirect(`/markeder/${current}`, 301);
    throw data(null, { status: 404 });
  }
  const [page, topics] = await Promise.all([marketPageData(context, market, today), topicsAboutMarket(db, market.id)]);
  return { ...page, topics };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { market, areaPath, structuredData } = loaderData;
  const type = marketTypeInfo(market.type);
  const description = `${type.name} i ${market.city}. ${market.description}`.slice(0, 155).replace(/\s+\S*$/, "…");
  const title = `${market.name} – ${market.city}`.length <= 46 ? `${market.name} – ${market.city}` : market.name;
  // A closed market's page stays for its links, but search engines are sent to the markets near it.
  const archived = market.status === "archived";
  const cover = market.images[0];
  return seoMeta(matches, {
    title,
    description,
    path: archived ? areaPath : `/markeder/${market.slug}`,
    robots: archived ? "noindex,follow" : undefined,
    structuredData,
    image: cover ? { path: largestImageUrl(cover), alt: cover.alt } : undefined,
  });
}

export default function MarketRoute({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <MarketPage data={loaderData} />
      <MarketTopics topics={loaderData.topics} startHref={withNext("/sign-in", newTopicAboutMarketPath(loaderData.market.slug))} />
      <p className="mt-12 rounded-xl border border-stone-300 bg-stone-50 p-4 dark:border-stone-700 dark:bg-stone-900">
        {t("market.organiserPrompt")} <Link to={ADD_MARKET.to}>{ADD_MARKET.label}</Link>
      </p>
    </>
  );
}
