import type { AdminLogEntry } from "~/admin-log/read.server";
import { kindLabel } from "~/admin-log/kinds";
import { isRole } from "~/auth/roles";
import { sentAtText } from "~/claims/sender-texts";
import { fileSizeText } from "~/image-cleanup/cleanup-texts";
import { formatLongDanishDate, isLocalDate } from "~/lib/dates";
import { t } from "~/lib/i18n";
import { MARKET_STATUSES, type MarketStatus } from "~/markets/types";
import { statusLabel } from "~/organiser/control-panel/owner-texts.server";
import { changedFieldsText } from "~/revisions/field-changes";
import { SNAPSHOT_FIELDS, type SnapshotField } from "~/revisions/snapshot";
import { moderatePostPath, parseForumId, topicPath } from "~/forum/paths";
import { adminLogPath } from "./log-filter";
import { personPath } from "./people-paths";
import { roleName } from "./role-names";
import { messagePath } from "~/inbox/inbox-paths";
import { isMessageState, messageStateName } from "~/inbox/message-states";

/** One entry of the log written out for the pages: Danish texts, links to what it is about. */
export interface LogEntryView {
  id: string;
  when: string;
  actor: { label: string; href: string | null };
  kind: string;
  target: { type: string; label: string; href: string | null; logHref: string };
  reason: string | null;
  changes: string[];
}

function targetHref(entry: AdminLogEntry): string | null {
  if (entry.targetType === "market") return `/manage-market/${entry.targetId}`;
  if (entry.targetType === "user") return personPath(entry.targetId);
  if (entry.targetType === "message") return messagePath(entry.targetId);
  const id = parseForumId(entry.targetId);
  if (entry.targetType === "post" && id) return moderatePostPath(id);
  if (entry.targetType === "topic" && id) return topicPath(id);
  return null;
}

const TARGET_NAMES: Record<string, string> = {
  market: t("adminLog.targetTypes.market"),
  user: t("adminLog.targetTypes.user"),
  image: t("adminLog.targetTypes.image"),
  post: t("adminLog.targetTypes.post"),
  topic: t("adminLog.targetTypes.topic"),
  message: t("adminLog.targetTypes.message"),
};

type Values = Record<string, unknown>;

function record(value: unknown): Values {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Values) : {};
}

const POST_STATE_TEXTS: Record<string, string> = {
  published: t("adminLog.change.postStates.published"),
  waiting: t("adminLog.change.postStates.waiting"),
  hidden: t("adminLog.change.postStates.hidden"),
  deleted: t("adminLog.change.postStates.deleted"),
};

function yesNo(value: unknown): string | null {
  return value === true ? t("adminLog.change.yes") : value === false ? t("adminLog.change.no") : null;
}

/** One value as Danish text; null for what the log keeps but a reader needs no words for (ids). */
const VALUE_TEXTS: Record<string, (value: unknown) => string | null> = {
  role: (value) => (isRole(value) ? roleName(value) : null),
  status: (value) => ((MARKET_STATUSES as readonly unknown[]).includes(value) ? statusLabel(value as MarketStatus) : null),
  blocked: yesNo,
  date: (value) => (isLocalDate(value) ? formatLongDanishDate(value) : null),
  fields: (value) =>
    Array.isArray(value) ? changedFieldsText(value.filter((field): field is SnapshotField => (SNAPSHOT_FIELDS as readonly unknown[]).includes(field))) || null : null,
  count: (value) => (typeof value === "number" ? value.toLocaleString("da-DK") : null),
  bytes: (value) => (typeof value === "number" ? fileSizeText(value) : null),
  post: (value) => (typeof value === "string" && Object.hasOwn(POST_STATE_TEXTS, value) ? POST_STATE_TEXTS[value]! : null),
  locked: yesNo,
  pinned: yesNo,
  category: (value) => (typeof value === "string" ? value : null),
  message: (value) => (isMessageState(value) ? messageStateName(value) : null),
};

const CHANGE_LABELS: Record<string, string> = {
  role: t("adminLog.change.role"),
  status: t("adminLog.change.status"),
  blocked: t("adminLog.change.blocked"),
  date: t("adminLog.change.date"),
  fields: t("adminLog.change.fields"),
  count: t("adminLog.change.count"),
  bytes: t("adminLog.change.bytes"),
  post: t("adminLog.change.post"),
  locked: t("adminLog.change.locked"),
  pinned: t("adminLog.change.pinned"),
  category: t("adminLog.change.category"),
  message: t("adminLog.change.message"),
};

/** "Rolle: Arrangør → Administrator", "Dato: 14. juni 2027": what changed, as far as it reads. */
export function changeTexts(before: unknown, after: unknown): string[] {
  const was = record(before);
  const is = record(after);
  return Object.keys(VALUE_TEXTS).flatMap((key) => {
    const afterText = VALUE_TEXTS[key]!(is[key]);
    const beforeText = VALUE_TEXTS[key]!(was[key]);
    if (afterText === null) return [];
    const value = beforeText === null || beforeText === afterText ? afterText : t("adminLog.change.arrow", { before: beforeText, after: afterText });
    return [`${CHANGE_LABELS[key]}: ${value}`];
  });
}

export function logEntryView(entry: AdminLogEntry): LogEntryView {
  return {
    id: entry.id,
    when: sentAtText(entry.at),
    actor: { label: entry.actorLabel, href: entry.actorId ? personPath(entry.actorId) : null },
    kind: kindLabel(entry.kind),
    target: {
      type: TARGET_NAMES[entry.targetType] ?? entry.targetType,
      label: entry.targetLabel,
      href: targetHref(entry),
      logHref: adminLogPath({ target: { type: entry.targetType, id: entry.targetId } }),
    },
    reason: entry.reason,
    changes: changeTexts(entry.before, entry.after),
  };
}
