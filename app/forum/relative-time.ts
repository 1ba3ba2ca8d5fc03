/**
 * "for 3 timer siden", "i går", "for 2 uger siden": when something was written, in Danish, as the
 * forum shows it beside the exact time (in a <time> element). Browser-safe, so the page's script
 * can bring a cached page's words up to date (app/progressive/relative-times.ts).
 */
const format = new Intl.RelativeTimeFormat("da", { numeric: "auto" });

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

export function relativeTime(iso: string, nowMs: number): string {
  const seconds = Math.round((Date.parse(iso) - nowMs) / 1000);
  // A moment ago, or a clock a little ahead of the server's.
  if (seconds > -45) return format.format(0, "second");
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(seconds, "second");
}

/** "4. december 2026 kl. 14.05", the exact time a <time> element's title gives. */
export function exactTime(iso: string): string {
  return new Intl.DateTimeFormat("da-DK", { dateStyle: "long", timeStyle: "short", timeZone: "Europe/Copenhagen" }).format(new Date(iso));
}
