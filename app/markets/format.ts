import { formatDanishDate, type LocalDate } from "~/lib/dates";
import { t } from "~/lib/i18n";

/** "kl. 10–15", "kl. 9.30–14": times as Danish signs write them. */
export function formatTimeRange(start: string | null, end: string | null): string {
  if (!start) return "";
  const short = (time: string) => time.replace(/:00$/, "").replace(/^0/, "").replace(":", ".");
  return end ? `kl. ${short(start)}–${short(end)}` : `kl. ${short(start)}`;
}

/** "lør. 14. jun. 2027 kl. 10–16", or "fre. 4. sep. 2026 – søn. 6. sep. 2026 kl. 10–16". */
export function openingText(opening: { date: LocalDate; endDate: LocalDate; startTime: string; endTime: string }): string {
  const last = opening.endDate !== opening.date ? ` – ${formatDanishDate(opening.endDate)}` : "";
  return `${formatDanishDate(opening.date)}${last} ${formatTimeRange(opening.startTime, opening.endTime)}`;
}

/** "Gratis entré", "Entré 25 kr.", or null when the fee is not known. */
export function entryFeeText(fee: number | null): string | null {
  if (fee === null) return null;
  return fee === 0 ? t("markets.free") : t("markets.entryFee", { amount: fee.toLocaleString("da-DK") });
}

export function distanceText(km: number): string {
  return t("markets.distance", { km: km.toLocaleString("da-DK", { maximumFractionDigits: 1 }) });
}

/** "november 2026" at the start of a heading or sentence: "November 2026". */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "Loppemarkeder i Aarhus" inside a sentence: "Se alle loppemarkeder i Aarhus". */
export function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
