import { formatDanishDate } from "~/lib/dates";
import { t } from "~/lib/i18n";

/* How the image cleanup tells a file's size and age, in Danish. */

const DAY_MS = 24 * 60 * 60 * 1000;
const oneDecimal = new Intl.NumberFormat("da-DK", { maximumFractionDigits: 1 });

/** "0,4 kB", "812 kB", "1,3 MB", "2,1 GB": decimal units, one decimal at most; never "0 kB" for a file with bytes in it. */
export function fileSizeText(bytes: number): string {
  if (bytes >= 1e9) return t("imageCleanup.size.GB", { size: oneDecimal.format(bytes / 1e9) });
  if (bytes >= 1e6) return t("imageCleanup.size.MB", { size: oneDecimal.format(bytes / 1e6) });
  const kB = bytes / 1e3;
  return t("imageCleanup.size.kB", { size: oneDecimal.format(bytes > 0 ? Math.max(kB, 0.1) : 0) });
}

/** "1 dag gammel", "12 dage gammel": whole days since the file was written. */
export function fileAgeText(modifiedAt: Date, now: Date): string {
  const days = Math.max(1, Math.floor((now.getTime() - modifiedAt.getTime()) / DAY_MS));
  return days === 1 ? t("imageCleanup.age.one") : t("imageCleanup.age.days", { count: days.toLocaleString("da-DK") });
}

/** "Gemt 3. maj 2026 kl. 14.05", in Danish time. */
export function savedAtText(modifiedAt: Date): string {
  return t("imageCleanup.age.savedAt", { when: formatDanishDate(modifiedAt, { pattern: "d. MMM yyyy 'kl.' HH.mm" }) });
}

/** "1 fil på 12 kB", "48 filer på i alt 3,2 MB". */
export function fileCountText(count: number, bytes: number): string {
  const size = fileSizeText(bytes);
  return count === 1 ? t("imageCleanup.count.one", { size }) : t("imageCleanup.count.many", { count: count.toLocaleString("da-DK"), size });
}
