import { describe, expect, it } from "vitest";
import { rateVital, VITAL_NAMES, VITAL_THRESHOLDS } from "./thresholds";

describe("rateVital", () => {
  it.each([
    ["LCP", 2500, "good"],
    ["LCP", 2501, "needs-improvement"],
    ["LCP", 4000, "needs-improvement"],
    ["LCP", 4001, "poor"],
    ["CLS", 0.1, "good"],
    ["CLS", 0.11, "needs-improvement"],
    ["CLS", 0.25, "needs-improvement"],
    ["CLS", 0.26, "poor"],
    ["INP", 200, "good"],
    ["INP", 350, "needs-improvement"],
    ["INP", 501, "poor"],
    ["FCP", 1800, "good"],
    ["FCP", 3000, "needs-improvement"],
    ["FCP", 3001, "poor"],
    ["TTFB", 0, "good"],
    ["TTFB", 801, "needs-improvement"],
    ["TTFB", 1801, "poor"],
  ] as const)("%s %d is %s", (name, value, rating) => {
    expect(rateVital(name, value)).toBe(rating);
  });

  it("has product §9's limits for every vital it reports, and no FID", () => {
    expect(VITAL_THRESHOLDS).toEqual({
      CLS: { good: 0.1, poor: 0.25 },
      INP: { good: 200, poor: 500 },
      LCP: { good: 2500, poor: 4000 },
      FCP: { good: 1800, poor: 3000 },
      TTFB: { good: 800, poor: 1800 },
    });
    expect(VITAL_NAMES).not.toContain("FID");
  });
});
