import { describe, expect, it } from "vitest";
import { addDays } from "../../lib/dates";
import { dateRangeTokens, openDayTokens, postalRangeTokens, postalTokens } from "./facets";

/** Whether a row with these tokens matches a group: any of the group's tokens. */
const matches = (row: string[], group: string[]) => group.some((token) => row.includes(token));

describe("postal tokens", () => {
  it("cover exactly the codes of a range, for every four-digit code", () => {
    const cases: [number, number][][] = [
      [[1000, 3799]],
      [[8000, 8382]],
      [
        [6000, 6052],
        [6070, 6070],
      ],
      [
        [2840, 2850],
        [2942, 3699],
      ],
      [[4700, 4700]],
    ];
    for (const ranges of cases) {
      const group = postalRangeTokens(ranges);
      for (let code = 1000; code <= 9999; code++) {
        const inside = ranges.some(([from, to]) => code >= from && code <= to);
        if (matches(postalTokens(code), group) !== inside) throw new Error(`${code} in ${JSON.stringify(ranges)}`);
      }
    }
  });

  it("use few tokens for a region", () => {
    expect(postalRangeTokens([[1000, 3799]])).toEqual(["zqp1", "zqp2", "zqp30", "zqp31", "zqp32", "zqp33", "zqp34", "zqp35", "zqp36", "zqp37"]);
  });

  it("are none for codes outside 1000–9999, which no region holds", () => {
    expect(postalTokens(800)).toEqual([]);
  });
});

describe("date tokens", () => {
  it("find a market open on some day of the range, and only then", () => {
    const days = Array.from({ length: 120 }, (_, i) => addDays("2026-05-20", i));
    // Markets open on one day, or for three days, at various places around month and week ends.
    const markets = days.filter((_, i) => i % 5 === 0).map((day, i) => openDayTokens(day, addDays(day, i % 2 ? 2 : 0)));
    const openOn = (tokens: string[], day: string) => tokens.includes(`zqd${day.replace(/-/g, "")}`);
    for (const [start, length] of [
      [0, 1],
      [3, 2],
      [10, 7],
      [11, 30],
      [12, 45],
      [40, 60],
    ] as const) {
      const from = days[start]!;
      const to = addDays(from, length - 1);
      const group = dateRangeTokens(from, to)!;
      for (const market of markets) {
        let open = false;
        for (let day = from; day <= to; day = addDays(day, 1)) open ||= openOn(market, day);
        expect(matches(market, group), `${from}..${to}`).toBe(open);
      }
    }
  });

  it("use whole months and weeks where they fit", () => {
    expect(dateRangeTokens("2026-06-01", "2026-06-30")).toEqual(["zqm202606"]);
    // Wed 3 June to Sun 21 June: Wed–Sun by day, then two whole weeks.
    expect(dateRangeTokens("2026-06-03", "2026-06-21")).toEqual(["zqd20260603", "zqd20260604", "zqd20260605", "zqd20260606", "zqd20260607", "zqw20260608", "zqw20260615"]);
    expect(dateRangeTokens("2026-06-06", "2026-06-05")).toEqual([]);
  });
});
