import type { LocalDate } from "~/lib/dates";
import type { SiteContext } from "~/lib/site-context.server";
import { marketPageData, previewDetail, type MarketPageData } from "../../market-page/market-page.server";
import { getMarketById } from "../../markets/market-detail.server";
import { pendingRevisionOf, type RevisionKind, type StoredMarket } from "../../revisions/revisions.server";

export interface OwnerPreview {
  /** What waits for review and is shown: the first submission, an edit; null when nothing waits. */
  waiting: RevisionKind | null;
  page: MarketPageData;
}

/**
 * The market's page as visitors will see it once what waits is approved: the change that waits
 * for review (a new market, an edit), else the market as it stands (rejected, or with nothing
 * waiting). Its owner sees it before anyone else may.
 */
export async function ownerPreview(site: Pick<SiteContext, "database" | "config">, market: StoredMarket, today: LocalDate): Promise<OwnerPreview> {
  const db = site.database.db;
  const pending = await pendingRevisionOf(db, market.id);
  const content = pending?.after ?? market.snapshot;
  // The pictures the change carries, else the market's own.
  const images = content.images ?? (await getMarketById(db, market.id, today))?.images ?? [];
  const page = await marketPageData(site, previewDetail(content, { today, id: market.id, slug: market.slug, images }), today, { withNearby: false });
  return { waiting: pending?.kind ?? null, page };
}
