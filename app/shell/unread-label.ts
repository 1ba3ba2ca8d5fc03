import { t } from "~/lib/i18n";

/** How the header's badge names its count of followed topics with new posts to a screen reader. */
export function unreadLabel(count: number): string {
  return count === 1 ? t("nav.communityUnreadOne") : t("nav.communityUnreadMany", { count });
}
