import { t } from "~/lib/i18n";

/**
 * Every kind of admin action the log records, with what it is done to. An action is an admin's when
 * it needs a permission only admins hold (tests/integration/admin-log.test.ts finds every such
 * action and checks it leaves its entry). Browser-safe: the log page's filter lists them.
 */
export const ADMIN_ACTION_KINDS = {
  "revision.approve": "market",
  "revision.reject": "market",
  "revision.restore": "market",
  "revision.undo": "market",
  "market.edit": "market",
  "market.merge": "market",
  "market.archive": "market",
  "market.cancel-date": "market",
  "market.restore-date": "market",
  "claim.approve": "market",
  "claim.reject": "market",
  "image.remove": "image",
  "image.remove-all": "image",
  "user.role": "user",
  "user.block": "user",
  "user.unblock": "user",
  "post.hide": "post",
  "post.show": "post",
  "post.approve": "post",
  "post.delete": "post",
  "post.dismiss": "post",
  "topic.lock": "topic",
  "topic.unlock": "topic",
  "topic.pin": "topic",
  "topic.unpin": "topic",
  "topic.move": "topic",
  "message.answer": "message",
  "message.close": "message",
  "message.reopen": "message",
} as const;

export type AdminActionKind = keyof typeof ADMIN_ACTION_KINDS;
export type TargetType = (typeof ADMIN_ACTION_KINDS)[AdminActionKind];

export const TARGET_TYPES: readonly TargetType[] = ["market", "user", "image", "post", "topic", "message"];

export function isAdminActionKind(value: unknown): value is AdminActionKind {
  return typeof value === "string" && Object.hasOwn(ADMIN_ACTION_KINDS, value);
}

export function isTargetType(value: unknown): value is TargetType {
  return typeof value === "string" && (TARGET_TYPES as readonly string[]).includes(value);
}

const KIND_LABELS: Record<AdminActionKind, string> = {
  "revision.approve": t("adminLog.kinds.revisionApprove"),
  "revision.reject": t("adminLog.kinds.revisionReject"),
  "revision.restore": t("adminLog.kinds.revisionRestore"),
  "revision.undo": t("adminLog.kinds.revisionUndo"),
  "market.edit": t("adminLog.kinds.marketEdit"),
  "market.merge": t("adminLog.kinds.marketMerge"),
  "market.archive": t("adminLog.kinds.marketArchive"),
  "market.cancel-date": t("adminLog.kinds.marketCancelDate"),
  "market.restore-date": t("adminLog.kinds.marketRestoreDate"),
  "claim.approve": t("adminLog.kinds.claimApprove"),
  "claim.reject": t("adminLog.kinds.claimReject"),
  "image.remove": t("adminLog.kinds.imageRemove"),
  "image.remove-all": t("adminLog.kinds.imageRemoveAll"),
  "user.role": t("adminLog.kinds.userRole"),
  "user.block": t("adminLog.kinds.userBlock"),
  "user.unblock": t("adminLog.kinds.userUnblock"),
  "post.hide": t("adminLog.kinds.postHide"),
  "post.show": t("adminLog.kinds.postShow"),
  "post.approve": t("adminLog.kinds.postApprove"),
  "post.delete": t("adminLog.kinds.postDelete"),
  "post.dismiss": t("adminLog.kinds.postDismiss"),
  "topic.lock": t("adminLog.kinds.topicLock"),
  "topic.unlock": t("adminLog.kinds.topicUnlock"),
  "topic.pin": t("adminLog.kinds.topicPin"),
  "topic.unpin": t("adminLog.kinds.topicUnpin"),
  "topic.move": t("adminLog.kinds.topicMove"),
  "message.answer": t("adminLog.kinds.messageAnswer"),
  "message.close": t("adminLog.kinds.messageClose"),
  "message.reopen": t("adminLog.kinds.messageReopen"),
};

/** "Godkendte en ændring", for the log and its filter. */
export function kindLabel(kind: string): string {
  return isAdminActionKind(kind) ? KIND_LABELS[kind] : kind;
}
