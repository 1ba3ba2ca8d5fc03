import { describe, expect, it } from "vitest";
import { percentile } from "./report.server";

describe("percentile", () => {
  it("takes the nearest rank, as the web-vitals tools do", () => {
    expect(percentile([1, 2, 3, 4], 0.75)).toBe(3);
    expect(percentile([4, 1, 3, 2, 5], 0.75)).toBe(4);
    expect(percentile([10], 0.75)).toBe(10);
    expect(percentile([300, 100, 200, 400, 500, 600, 700, 800], 0.75)).toBe(600);
  });

  it("has no answer without values", () => {
    expect(() => percentile([], 0.75)).toThrow(RangeError);
  });
});
