import { describe, expect, it } from "vitest";
import { marketCountHeadline } from "./home.server";

describe("the front page's market count", () => {
  it.each([
    [2201, "Over 2.000 markeder"],
    [2000, "Over 1.000 markeder"],
    [2001, "Over 2.000 markeder"],
    [100_000, "Over 99.000 markeder"],
    [150, "Over 100 markeder"],
    [57, "57 markeder"],
    [1, "1 marked"],
    [0, "0 markeder"],
  ])("%i published markets read %j", (count, text) => {
    expect(marketCountHeadline(count)).toBe(text);
  });
});
