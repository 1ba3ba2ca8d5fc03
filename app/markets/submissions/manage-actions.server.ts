import { parse } from "@conform-to/react";
import { data } from "react-router";
import { isUuid, requireManagedMarket } from "~/account/guarded-pages.server";
import { permissionHolder, requireUserWithPermission, type Viewer } from "~/auth/session.server";
import { formFailure, parseSubmission } from "~/forms/parse-form.server";
import { formatLongDanishDate, todayInDenmark } from "~/lib/dates";
import { database } from "~/lib/db/database.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { t } from "~/lib/i18n";
import { formText, isMultipart, readForm } from "~/lib/request-body.server";
import { IMAGE_INTENTS } from "../images/image-forms";
import { imageListAction, isImageIntent, planAction, uploadImageAction } from "../images/image-actions.server";
import { OCCURRENCE_HORIZON_MONTHS } from "../schedule/occurrences.server";
import { addExtraDate, comingDates } from "./manage-market.server";
import { cancelDateSchema, cancelFormId, extraDateSchema, MANAGE_FORMS, MANAGE_INTENTS } from "./manage-forms";
import { getRevision, type StoredMarket } from "./revisions.server";
import { archiveMarket, cancelOccurrence, restoreRevision } from "./submissions.server";

/*
 * The posts of /manage-market/{id}. Each is guarded like the page (requireManagedMarket: 302, 404,
 * 403) before its body is read, answers 303 with a toast when done, and the page again with a
 * Danish message at the field when what was sent cannot be used.
 */

export function managePath(marketId: string): string {
  return `/manage-market/${marketId}`;
}

function unknownForm() {
  const submission = parse<Record<string, never>, string[]>(new FormData(), { resolve: () => ({ value: {} }) });
  return formFailure(MANAGE_FORMS.unknown, submission, { formErrors: [t("organiser.manage.errors.unknown")] });
}

export async function manageMarketAction(request: Request, id: string | undefined) {
  const { viewer, market } = await requireManagedMarket(request, id);
  // Only "Tilføj billede" sends a file; it reads its own body with the pictures' limit.
  if (isMultipart(request)) return (await uploadImageAction(request, viewer, market)) ?? unknownForm();
  const form = await readForm(request);
  const intent = formText(form, "intent");
  if (isImageIntent(intent)) return imageListAction(request, viewer, market, intent, form);
  if (intent === IMAGE_INTENTS.plan) return planAction(request, market, form);
  switch (intent) {
    case MANAGE_INTENTS.cancelDate:
      return cancelDate(viewer, market, form);
    case MANAGE_INTENTS.addDate:
      return addDate(viewer, market, form);
    case MANAGE_INTENTS.archive:
      await requireUserWithPermission(request, "delete:market:own", { ownerId: market.ownerId });
      return archive(viewer, market);
    case MANAGE_INTENTS.restore:
      await requireUserWithPermission(request, "moderate:market:any", { ownerId: market.ownerId });
      return restore(viewer, market, formText(form, "revisionId"));
    default:
      return unknownForm();
  }
}

async function cancelDate(viewer: Viewer, market: StoredMarket, form: FormData) {
  const submission = parseSubmission(form, cancelDateSchema);
  if (submission.status !== "success") {
    // A date the page lists keeps its own form (the reason stays typed there); any other goes to the list's message.
    const date = formText(form, "date");
    const listed = (await comingDates(database().db, market.id, todayInDenmark())).some((row) => row.date === date);
    return formFailure(listed ? cancelFormId(date) : MANAGE_FORMS.cancelAny, submission);
  }
  const { date, note } = submission.value;
  const result = await cancelOccurrence(database().db, permissionHolder(viewer), market.id, date, note);
  if (result === "not_found") throw data(null, { status: 404 });
  if (result === "closed") return closedMarket(market);
  if (result === "no_such_date") {
    const listed = (await comingDates(database().db, market.id, todayInDenmark())).some((row) => row.date === date);
    return formFailure(listed ? cancelFormId(date) : MANAGE_FORMS.cancelAny, submission, { fieldErrors: { date: [t("organiser.manage.cancel.noSuchDate")] } });
  }
  return redirectWithFlash(managePath(market.id), {
    title: t("organiser.manage.cancel.done"),
    description:
      result === "cancelled_note_waits"
        ? t("organiser.manage.cancel.noteWaits", { date: formatLongDanishDate(date) })
        : t("organiser.manage.cancel.doneDescription", { date: formatLongDanishDate(date) }),
    variant: "success",
  });
}

async function addDate(viewer: Viewer, market: StoredMarket, form: FormData) {
  const submission = parseSubmission(form, extraDateSchema);
  if (submission.status !== "success") return formFailure(MANAGE_FORMS.extraDate, submission);
  const today = todayInDenmark();
  const result = await addExtraDate(database().db, permissionHolder(viewer), market, submission.value, { today });
  const date = formatLongDanishDate(submission.value.date);
  switch (result.outcome) {
    case "not_found":
      throw data(null, { status: 404 });
    case "closed":
      return closedMarket(market);
    case "invalid": {
      const messages = {
        past: t("organiser.manage.extraDate.past"),
        beyond: t("organiser.manage.extraDate.beyond", { months: OCCURRENCE_HORIZON_MONTHS }),
        taken: t("organiser.manage.extraDate.taken"),
        cancelled: t("organiser.manage.extraDate.cancelledDay"),
        schedule: result.detail ?? t("organiser.manage.errors.unknown"),
      };
      return formFailure(MANAGE_FORMS.extraDate, submission, { fieldErrors: { [result.field]: [messages[result.message]] } });
    }
    case "applied":
      return redirectWithFlash(managePath(market.id), {
        title: t("organiser.manage.extraDate.applied"),
        description: t("organiser.manage.extraDate.appliedDescription", { date }),
        variant: "success",
      });
    case "pending":
      return redirectWithFlash(managePath(market.id), {
        title: t("organiser.manage.extraDate.pending"),
        description: t("organiser.manage.extraDate.pendingDescription", { date }),
        variant: "default",
      });
    case "market_pending":
      return redirectWithFlash(managePath(market.id), {
        title: t("organiser.manage.extraDate.applied"),
        description: t("organiser.manage.extraDate.marketPendingDescription", { date }),
        variant: "success",
      });
  }
}

/** A closed market's page offers no dates to change; a post that still comes is told why on the page. */
function closedMarket(market: StoredMarket) {
  return redirectWithFlash(managePath(market.id), { title: t("organiser.manage.archive.noDates"), variant: "warning" });
}

async function archive(viewer: Viewer, market: StoredMarket) {
  if (market.status === "archived") return redirectWithFlash(managePath(market.id), { title: t("organiser.manage.archive.already"), variant: "warning" });
  // Closing a market the public never saw would open its page to everyone (an archived page is reachable).
  if (market.status !== "published") return redirectWithFlash(managePath(market.id), { title: t("organiser.manage.archive.notPublic"), variant: "warning" });
  await archiveMarket(database().db, permissionHolder(viewer), market.id);
  return redirectWithFlash(managePath(market.id), { title: t("organiser.manage.archive.done"), variant: "success" });
}

async function restore(viewer: Viewer, market: StoredMarket, revisionId: string) {
  const revision = isUuid(revisionId) ? await getRevision(database().db, revisionId.toLowerCase()) : null;
  // A revision of another market is not one of this page's: as unknown as one that does not exist.
  if (!revision || revision.marketId !== market.id) throw data(null, { status: 404 });
  const result = await restoreRevision(database().db, permissionHolder(viewer), revision.id);
  if (result.outcome === "not_found") throw data(null, { status: 404 });
  if (result.outcome === "not_restorable") {
    return redirectWithFlash(managePath(market.id), { title: t("organiser.manage.restore.notRestorable"), variant: "warning" });
  }
  return redirectWithFlash(managePath(market.id), { title: t("organiser.manage.restore.done"), variant: "success" });
}
