import { describe, expect, it } from "vitest";
import { parseRule } from "./rules";

describe("parseRule", () => {
  it("reads the parts we use", () => {
    expect(parseRule("FREQ=YEARLY;BYMONTH=4;BYDAY=-1SA")).toEqual({
      rule: {
        freq: "YEARLY",
        interval: 1,
        byDay: [{ weekday: "sat", n: -1 }],
        byMonth: [4],
        byMonthDay: [],
        count: null,
        until: null,
        weekStart: null,
      },
    });
  });
});
