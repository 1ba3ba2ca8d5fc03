import { t } from "~/lib/i18n";
import type { ReportReason } from "./forum-forms";

/** "Spam", "Stødende", …: a report's reason as the form and the admins' queue name it. Browser-safe. */
export const REPORT_REASON_NAMES: Record<ReportReason, string> = {
  spam: t("forum.report.reasons.spam"),
  offensive: t("forum.report.reasons.offensive"),
  "off-topic": t("forum.report.reasons.offTopic"),
  other: t("forum.report.reasons.other"),
};

export function reportReasonName(reason: string): string {
  return Object.hasOwn(REPORT_REASON_NAMES, reason) ? REPORT_REASON_NAMES[reason as ReportReason] : reason;
}
