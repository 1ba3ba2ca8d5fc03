import type { Kysely } from "kysely";
import { permissionHolder, type Viewer } from "~/auth/viewer";
import { userCan } from "~/auth/permissions";
import { formConstraint } from "~/forms/parse-form.server";
import { addMonths, todayInDenmark } from "~/lib/dates";
import type { Database } from "~/lib/db/schema";
import { OCCURRENCE_HORIZON_MONTHS } from "../../markets/schedule/occurrences.server";
import { cancelDateSchema, extraDateSchema } from "./manage-forms";
import { managedMarket } from "./manage-market.server";
import type { StoredMarket } from "../../revisions/revisions.server";
import { imageSection, planSection } from "../pictures/image-section.server";
import { dateRow, publicStateText, revisionRow, statusLabel } from "./owner-texts.server";

/**
 * What /manage-market/{id} shows, for its owner and the admins; everyone else is stopped by the
 * route's guard. `confirmArchive`: the page asks whether to close the market (no JavaScript).
 */
export async function manageMarketPage(db: Kysely<Database>, viewer: Viewer, market: StoredMarket, { confirmArchive }: { confirmArchive: boolean }) {
  const holder = permissionHolder(viewer);
  const today = todayInDenmark();
  const managed = await managedMarket(db, market, today);
  // The times the market usually keeps, as the extra date's suggestion.
  const usual = market.snapshot.schedules.find((spec) => spec.kind !== "opening_hours" && spec.startTime && spec.endTime);
  return {
    market: {
      id: managed.id,
      name: managed.name,
      status: managed.status,
      statusLabel: statusLabel(managed.status),
      publicText: publicStateText(managed),
      href: managed.reachable ? `/markeder/${managed.slug}` : null,
      // The page as it will be: while something waits for review, or while the public cannot see it.
      previewHref: managed.pendingKind === "submission" || managed.pendingKind === "edit" || !managed.reachable ? `/manage-market/${managed.id}/forhaandsvisning` : null,
      isShop: managed.isShop,
    },
    dates: managed.dates.map(dateRow),
    revisions: managed.revisions.map(revisionRow),
    canRestore: userCan(holder, "moderate:market:any"),
    canArchive: managed.status === "published" && userCan(holder, "delete:market:own", { ownerId: market.ownerId }),
    confirmArchive,
    extraDate: { min: today, max: addMonths(today, OCCURRENCE_HORIZON_MONTHS), startTime: usual?.startTime ?? "", endTime: usual?.endTime ?? "" },
    constraints: { cancel: formConstraint(cancelDateSchema), extraDate: formConstraint(extraDateSchema) },
    images: await imageSection(db, holder, market),
    plan: planSection(holder, market),
  };
}
