import { parse } from "@conform-to/react";
import type { Kysely } from "kysely";
import { isUuid } from "~/lib/uuid";
import { permissionHolder, type Viewer } from "~/auth/viewer";
import { parseSubmission } from "~/forms/parse-form.server";
import { formatLongDanishDate, todayInDenmark } from "~/lib/dates";
import type { Database } from "~/lib/db/schema";
import { t } from "~/lib/i18n";
import { formText } from "~/forms/form-data";
import type { Toast } from "~/lib/toast";
import { refused, type PostOutcome } from "../../markets/post-outcome";
import { OCCURRENCE_HORIZON_MONTHS } from "../../markets/schedule/occurrences.server";
import { addExtraDate, comingDates } from "./manage-market.server";
import { cancelDateSchema, cancelFormId, dateRowId, extraDateSchema, MANAGE_FORMS, restoreDateSchema } from "./manage-forms";
import { getRevision, type StoredMarket } from "../../revisions/revisions.server";
import { archiveMarket, cancelOccurrence, restoreCancelledDate } from "../../revisions/archive-and-cancel.server";
import { restoreRevision } from "../../revisions/decisions.server";

/*
 * The dates (cancel, open again, add), closing and restoring posts of /manage-market/{id} (the pictures' are in
 * images/image-actions.server.ts). The route guards each like the page (its access(): 302,
 * 404, 403) before its body is read, asks for what the post needs beyond that (closing, restoring)
 * and picks the post by its intent; each comes to a PostOutcome: on with a toast when done, the
 * page again with a Danish message at the field when what was sent cannot be used.
 */

export function managePath(marketId: string): string {
  return `/manage-market/${marketId}`;
}

/** A post that names no form of the page. */
export function unknownManageForm(): PostOutcome {
  const submission = parse<Record<string, never>, string[]>(new FormData(), { resolve: () => ({ value: {} }) });
  return refused(MANAGE_FORMS.unknown, submission, { formErrors: [t("organiser.manage.errors.unknown")] });
}

/**
 * Back to the page at the part a post was sent from (a date's row, a section's id), not at its
 * top: the browser scrolls to it, with JavaScript or without.
 */
function done(market: StoredMarket, anchor: string, toast: Toast): PostOutcome {
  return { kind: "go", path: `${managePath(market.id)}#${anchor}`, toast };
}

export async function cancelDate(db: Kysely<Database>, viewer: Viewer, market: StoredMarket, form: FormData): Promise<PostOutcome> {
  const submission = parseSubmission(form, cancelDateSchema);
  if (submission.status !== "success") {
    // A date the page lists keeps its own form (the reason stays typed there); any other goes to the list's message.
    const date = formText(form, "date");
    const listed = (await comingDates(db, market.id, todayInDenmark())).some((row) => row.date === date);
    return refused(listed ? cancelFormId(date) : MANAGE_FORMS.cancelAny, submission);
  }
  const { date, note } = submission.value;
  const result = await cancelOccurrence(db, permissionHolder(viewer), market.id, date, note);
  if (result === "not_found") return { kind: "not_found" };
  if (result === "closed") return closedMarket(market);
  if (result === "no_such_date") {
    const listed = (await comingDates(db, market.id, todayInDenmark())).some((row) => row.date === date);
    return refused(listed ? cancelFormId(date) : MANAGE_FORMS.cancelAny, submission, { fieldErrors: { date: [t("organiser.manage.cancel.noSuchDate")] } });
  }
  return done(market, dateRowId(date), {
    title: t("organiser.manage.cancel.done"),
    description:
      result === "cancelled_note_waits"
        ? t("organiser.manage.cancel.noteWaits", { date: formatLongDanishDate(date) })
        : t("organiser.manage.cancel.doneDescription", { date: formatLongDanishDate(date) }),
    variant: "success",
  });
}

/** "Genåbn datoen": a cancelled date of the list opens again; any other is told at the list. */
export async function restoreDate(db: Kysely<Database>, viewer: Viewer, market: StoredMarket, form: FormData): Promise<PostOutcome> {
  const submission = parseSubmission(form, restoreDateSchema);
  if (submission.status !== "success") return refused(MANAGE_FORMS.cancelAny, submission);
  const { date } = submission.value;
  const result = await restoreCancelledDate(db, permissionHolder(viewer), market.id, date);
  if (result === "not_found") return { kind: "not_found" };
  if (result === "closed") return closedMarket(market);
  if (result === "not_cancelled") return refused(MANAGE_FORMS.cancelAny, submission, { fieldErrors: { date: [t("organiser.manage.restoreDate.notCancelled")] } });
  return done(market, dateRowId(date), {
    title: t("organiser.manage.restoreDate.done"),
    description: t("organiser.manage.restoreDate.doneDescription", { date: formatLongDanishDate(date) }),
    variant: "success",
  });
}

export async function addDate(db: Kysely<Database>, viewer: Viewer, market: StoredMarket, form: FormData): Promise<PostOutcome> {
  const submission = parseSubmission(form, extraDateSchema);
  if (submission.status !== "success") return refused(MANAGE_FORMS.extraDate, submission);
  const today = todayInDenmark();
  const result = await addExtraDate(db, permissionHolder(viewer), market, submission.value, { today });
  const date = formatLongDanishDate(submission.value.date);
  switch (result.outcome) {
    case "not_found":
      return { kind: "not_found" };
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
      return refused(MANAGE_FORMS.extraDate, submission, { fieldErrors: { [result.field]: [messages[result.message]] } });
    }
    case "applied":
      return done(market, dateRowId(submission.value.date), {
        title: t("organiser.manage.extraDate.applied"),
        description: t("organiser.manage.extraDate.appliedDescription", { date }),
        variant: "success",
      });
    case "pending":
      return done(market, "datoer", {
        title: t("organiser.manage.extraDate.pending"),
        description: t("organiser.manage.extraDate.pendingDescription", { date }),
        variant: "default",
      });
    case "market_pending":
      return done(market, dateRowId(submission.value.date), {
        title: t("organiser.manage.extraDate.applied"),
        description: t("organiser.manage.extraDate.marketPendingDescription", { date }),
        variant: "success",
      });
  }
}

/** A closed market's page offers no dates to change; a post that still comes is told why on the page. */
function closedMarket(market: StoredMarket): PostOutcome {
  return done(market, "datoer", { title: t("organiser.manage.archive.noDates"), variant: "warning" });
}

/** Closing a market: the route has asked for delete:market:own with its owner. */
export async function archive(db: Kysely<Database>, viewer: Viewer, market: StoredMarket): Promise<PostOutcome> {
  if (market.status === "archived") return done(market, "status", { title: t("organiser.manage.archive.already"), variant: "warning" });
  // Closing a market the public never saw would open its page to everyone (an archived page is reachable).
  if (market.status !== "published") return done(market, "status", { title: t("organiser.manage.archive.notPublic"), variant: "warning" });
  await archiveMarket(db, permissionHolder(viewer), market.id);
  return done(market, "status", { title: t("organiser.manage.archive.done"), variant: "success" });
}

/** Restoring a version: the route has asked for moderate:market:any. */
export async function restore(db: Kysely<Database>, viewer: Viewer, market: StoredMarket, revisionId: string): Promise<PostOutcome> {
  const revision = isUuid(revisionId) ? await getRevision(db, revisionId.toLowerCase()) : null;
  // A revision of another market is not one of this page's: as unknown as one that does not exist.
  if (!revision || revision.marketId !== market.id) return { kind: "not_found" };
  const result = await restoreRevision(db, permissionHolder(viewer), revision.id);
  if (result.outcome === "not_found") return { kind: "not_found" };
  if (result.outcome === "not_restorable") {
    return done(market, "aendringer", { title: t("organiser.manage.restore.notRestorable"), variant: "warning" });
  }
  return done(market, "aendringer", { title: t("organiser.manage.restore.done"), variant: "success" });
}
