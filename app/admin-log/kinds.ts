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
  "market.edit": "market",
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
} as const;

export type AdminActionKind = keyof typeof ADMIN_ACTION_KINDS;
export type TargetType = (typeof ADMIN_ACTION_KINDS)[AdminActionKind];

export const TARGET_TYPES: readonly TargetType[] = ["market", "user", "image"];

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
  "market.edit": t("adminLog.kinds.marketEdit"),
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
};

/** "Godkendte en ændring", for the log and its filter. */
export function kindLabel(kind: string): string {
  return isAdminActionKind(kind) ? KIND_LABELS[kind] : kind;
}
