import { data } from "react-router";
import { PERSONAL_PAGE_HEADERS } from "~/account/guard.server";
import { requireManagedMarket } from "~/account/guarded-pages.server";
import { permissionHolder } from "~/auth/session.server";
import { userCan } from "~/auth/permissions";
import { formConstraint } from "~/forms/parse-form.server";
import { addMonths, todayInDenmark } from "~/lib/dates";
import { database } from "~/lib/db/database.server";
import { OCCURRENCE_HORIZON_MONTHS } from "../schedule/occurrences.server";
import { cancelDateSchema, CONFIRM_ARCHIVE_PARAM, extraDateSchema } from "./manage-forms";
import { managedMarket } from "./manage-market.server";
import { imageSection, planSection } from "../images/image-section.server";
import { dateRow, publicStateText, revisionRow, statusLabel } from "./owner-texts.server";

/** What /manage-market/{id} shows, for its owner and the admins; everyone else is stopped by the guard. */
export async function manageMarketPage(request: Request, id: string | undefined) {
  const { viewer, market } = await requireManagedMarket(request, id);
  const holder = permissionHolder(viewer);
  const today = todayInDenmark();
  const managed = await managedMarket(database().db, market, today);
  // The times the market usually keeps, as the extra date's suggestion.
  const usual = market.snapshot.schedules.find((spec) => spec.kind !== "opening_hours" && spec.startTime && spec.endTime);
  const page = {
    market: {
      id: managed.id,
      name: managed.name,
      status: managed.status,
      statusLabel: statusLabel(managed.status),
      publicText: publicStateText(managed),
      href: managed.reachable ? `/markeder/${managed.slug}` : null,
      isShop: managed.isShop,
    },
    dates: managed.dates.map(dateRow),
    revisions: managed.revisions.map(revisionRow),
    canRestore: userCan(holder, "moderate:market:any"),
    canArchive: managed.status === "published" && userCan(holder, "delete:market:own", { ownerId: market.ownerId }),
    confirmArchive: new URL(request.url).searchParams.get(CONFIRM_ARCHIVE_PARAM) === "ja",
    extraDate: { min: today, max: addMonths(today, OCCURRENCE_HORIZON_MONTHS), startTime: usual?.startTime ?? "", endTime: usual?.endTime ?? "" },
    constraints: { cancel: formConstraint(cancelDateSchema), extraDate: formConstraint(extraDateSchema) },
    images: await imageSection(database().db, holder, market),
    plan: planSection(holder, market),
  };
  return data(page, { headers: PERSONAL_PAGE_HEADERS });
}
