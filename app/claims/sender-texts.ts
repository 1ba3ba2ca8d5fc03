import { formatDanishDate } from "~/lib/dates";
import { t } from "~/lib/i18n";

/*
 * The few words a reviewer reads about the sender: how old the account is and how many markets
 * it has. A new account with no markets that sends a market with no address deserves a closer look.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** "Konto oprettet i dag", "… for 3 dage siden", "… for 5 måneder siden", "… for 2 år siden". */
export function accountAgeText(createdAt: string, now: Date): string {
  const days = Math.max(0, Math.floor((now.getTime() - new Date(createdAt).getTime()) / DAY_MS));
  if (days === 0) return t("admin.review.author.age.today");
  if (days === 1) return t("admin.review.author.age.yesterday");
  if (days < 60) return t("admin.review.author.age.days", { count: days });
  const months = Math.floor(days / 30.44);
  if (months < 24) return t("admin.review.author.age.months", { count: months });
  return t("admin.review.author.age.years", { count: Math.floor(days / 365.25) });
}

/** "Ingen markeder", "1 marked", "4 markeder". */
export function marketCountText(count: number): string {
  if (count === 0) return t("admin.review.author.markets.none");
  if (count === 1) return t("admin.review.author.markets.one");
  return t("admin.review.author.markets.many", { count: count.toLocaleString("da-DK") });
}

/** "12. maj 2026 kl. 14.05", in Danish time: when a change was sent or decided. */
export function sentAtText(instant: string): string {
  return formatDanishDate(instant, { pattern: "d. MMM yyyy 'kl.' HH.mm" });
}
