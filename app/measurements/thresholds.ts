/**
 * product §9's web-vitals limits, the one place both the reporter and the admin page read them.
 * A value at or below `good` is good, above `poor` is poor, in between needs improvement
 * (the same boundaries as the web-vitals package and Google's tools). FID is not here: the
 * package no longer reports it, INP took its place (docs/decisions/0012-inp-instead-of-fid.md).
 */

export const VITAL_NAMES = ["LCP", "CLS", "INP", "FCP", "TTFB"] as const;
export type VitalName = (typeof VITAL_NAMES)[number];

export const RATINGS = ["good", "needs-improvement", "poor"] as const;
export type Rating = (typeof RATINGS)[number];

/** CLS has no unit; every other vital is in milliseconds. */
export const VITAL_THRESHOLDS: Record<VitalName, { good: number; poor: number }> = {
  LCP: { good: 2500, poor: 4000 },
  CLS: { good: 0.1, poor: 0.25 },
  INP: { good: 200, poor: 500 },
  FCP: { good: 1800, poor: 3000 },
  TTFB: { good: 800, poor: 1800 },
};

/** A resource that took longer than this to load is reported and flagged (product §9). */
export const SLOW_RESOURCE_MS = 1000;

/** Loading web-vitals is given up after this long, with a warning (product §8, §9). */
export const VITALS_INIT_TIMEOUT_MS = 5000;

export function isVitalName(name: string): name is VitalName {
  return (VITAL_NAMES as readonly string[]).includes(name);
}

export function rateVital(name: VitalName, value: number): Rating {
  const { good, poor } = VITAL_THRESHOLDS[name];
  if (value <= good) return "good";
  return value <= poor ? "needs-improvement" : "poor";
}
