import { STEP_TEXTS } from "../form/components/step-titles";
import { isStepSlug } from "../form/form-steps";
import { formatDanishDate, type LocalDate } from "~/lib/dates";
import { t } from "~/lib/i18n";
import { openingText } from "../../markets/format";
import type { MarketStatus } from "../../markets/types";
import type { ManagedDate, ManagedMarket, ManagedRevision } from "./manage-market.server";
import type { OwnedDraft, OwnedMarket } from "./owner-markets.server";
import type { FieldChange } from "../../revisions/field-changes";

/*
 * The owner's pages written out on the server (Danish dates, labels looked up by their parts), so
 * that the pages' JavaScript carries neither a date library nor keys it cannot inline.
 */

const INSTANT_PATTERN = "d. MMM yyyy 'kl.' HH.mm";

export function statusLabel(status: MarketStatus): string {
  return t(`organiser.mine.status.${status}`);
}

export function instantText(instant: string): string {
  return formatDanishDate(instant, { pattern: INSTANT_PATTERN });
}

export interface OwnedMarketCard {
  id: string;
  name: string;
  status: MarketStatus;
  statusLabel: string;
  pendingEdit: boolean;
  /** A rejected market: where to read why. */
  rejected: boolean;
  /** "Næste dato", or null for a shop, whose line says what it is. */
  whenLabel: string | null;
  /** The next date, "Butik med faste åbningstider", or "Ingen kommende datoer". */
  when: string;
  views: string;
  /** "Gemt af 3 personer", or that nobody has yet. */
  saves: string;
  /** The public page, when the public may open it. */
  href: string | null;
}

export function ownedMarketCard(market: OwnedMarket): OwnedMarketCard {
  const when = market.next ? openingText(market.next) : market.isShop ? t("organiser.mine.shop") : t("organiser.mine.noNextDate");
  return {
    id: market.id,
    name: market.name,
    status: market.status,
    statusLabel: statusLabel(market.status),
    pendingEdit: market.pendingKind === "edit",
    rejected: market.status === "rejected",
    whenLabel: market.isShop && !market.next ? null : t("organiser.mine.nextDate"),
    when,
    views: market.views === 1 ? t("organiser.mine.viewsOne") : t("organiser.mine.views", { count: market.views.toLocaleString("da-DK") }),
    saves:
      market.saves === 0
        ? t("organiser.mine.savesNone")
        : market.saves === 1
          ? t("organiser.mine.savesOne")
          : t("organiser.mine.saves", { count: market.saves.toLocaleString("da-DK") }),
    href: market.reachable ? `/markeder/${market.slug}` : null,
  };
}

export interface DraftCard {
  id: string;
  name: string;
  saved: string;
  step: string;
}

export function draftCard(draft: OwnedDraft): DraftCard {
  const step = isStepSlug(draft.step) ? STEP_TEXTS[draft.step].title : null;
  return {
    id: draft.id,
    name: draft.name ?? t("organiser.mine.draft.untitled"),
    saved: t("organiser.mine.draft.saved", { when: instantText(draft.updatedAt) }),
    step: step ? t("organiser.mine.draft.step", { step }) : t("organiser.mine.draft.stepUnknown"),
  };
}

/** What the public sees of the market, in a sentence or two. */
export function publicStateText(market: Pick<ManagedMarket, "status" | "pendingKind" | "rejectionReason">): string[] {
  switch (market.status) {
    case "published":
      return market.pendingKind === "edit" ? [t("organiser.manage.public.published"), t("organiser.manage.public.pendingEdit")] : [t("organiser.manage.public.published")];
    case "pending":
      return [t("organiser.manage.public.pending")];
    case "rejected":
      return market.rejectionReason
        ? [t("organiser.manage.public.rejected"), t("organiser.manage.public.rejectedReason", { reason: market.rejectionReason })]
        : [t("organiser.manage.public.rejected")];
    case "archived":
      return [t("organiser.manage.public.archived")];
    case "draft":
      return [t("organiser.manage.public.draft")];
  }
}

export interface DateRow {
  date: LocalDate;
  text: string;
  cancelled: boolean;
  /** "Aflyst" or "Aflyst: Storm". */
  cancelledText: string | null;
}

export function dateRow(date: ManagedDate): DateRow {
  const cancelled = t("organiser.manage.dates.cancelled");
  return {
    date: date.date,
    text: openingText(date),
    cancelled: date.cancelled,
    cancelledText: date.cancelled ? (date.note ? `${cancelled}: ${date.note}` : cancelled) : null,
  };
}

export interface RevisionRow {
  id: string;
  when: string;
  who: string;
  kind: string;
  state: string;
  stateKey: ManagedRevision["state"];
  /** "Godkendt af Anna Admin", "Afvist af …": who decided it, when an admin did. */
  decided: string | null;
  details: string[];
  changes: FieldChange[];
  restorable: boolean;
}

/** Who decided it: an approval or a rejection names its admin; a restore is the admin's own (the author line names them). */
function decidedText(revision: ManagedRevision): string | null {
  if (!revision.reviewed) return null;
  const name = revision.deciderName ?? t("organiser.manage.history.deletedUser");
  if (revision.state === "rejected") return t("organiser.manage.history.rejectedBy", { name });
  return revision.state === "applied" ? t("organiser.manage.history.approvedBy", { name }) : null;
}

export function revisionRow(revision: ManagedRevision): RevisionRow {
  const details: string[] = [];
  // A cancellation is told by its dates; its schedule's words before and after read the same.
  if (revision.kind === "cancel_date" && revision.cancelledDates.length) {
    details.push(t("organiser.manage.history.cancelledDates", { dates: revision.cancelledDates.map((date) => formatDanishDate(date)).join(", ") }));
  }
  if (revision.kind === "restore_date" && revision.restoredDates.length) {
    details.push(t("organiser.manage.history.restoredDates", { dates: revision.restoredDates.map((date) => formatDanishDate(date)).join(", ") }));
  }
  if (revision.reason) details.push(t("organiser.manage.history.reason", { reason: revision.reason }));
  return {
    id: revision.id,
    when: instantText(revision.createdAt),
    who: t("organiser.manage.history.by", { name: revision.authorName ?? t("organiser.manage.history.deletedUser") }),
    kind: t(`organiser.manage.history.kinds.${revision.kind}`),
    state: revision.state === "applied" && revision.reviewed ? t("organiser.manage.history.approved") : t(`organiser.manage.history.states.${revision.state}`),
    stateKey: revision.state,
    decided: decidedText(revision),
    details,
    changes: revision.changes,
    restorable: revision.restorable,
  };
}
