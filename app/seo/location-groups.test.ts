import { describe, expect, it } from "vitest";
import { LOCATION_KEYS } from "~/markets/locations";
import { LOCATION_GROUPS } from "./location-groups";

describe("LOCATION_GROUPS", () => {
  it("holds each of the 38 locations exactly once", () => {
    const keys = LOCATION_GROUPS.flatMap((group) => group.keys);
    expect(keys).toHaveLength(LOCATION_KEYS.length);
    expect([...keys].sort()).toEqual([...LOCATION_KEYS].sort());
  });

  it("has a label and a unique id for every group", () => {
    expect(new Set(LOCATION_GROUPS.map((group) => group.id)).size).toBe(LOCATION_GROUPS.length);
    for (const group of LOCATION_GROUPS) expect(group.label.length).toBeGreaterThan(0);
  });
});
