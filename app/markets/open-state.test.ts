import { describe, expect, it } from "vitest";
import type { MarketListItem } from "../filters/filters";
import { expiresAt, openStateChangesAt } from "./open-state";

const item = (openUntil: string | null, opensAt: string | null) => ({ openUntil, opensAt }) as MarketListItem;

describe("when a list's open-now badges go stale", () => {
  it("is the first closing or opening of any market on it", () => {
    const items = [item("2026-11-25T16:00:00.000Z", null), item(null, "2026-11-25T12:30:00.000Z"), item(null, null)];
    expect(openStateChangesAt(items)).toBe("2026-11-25T12:30:00.000Z");
    expect(expiresAt(openStateChangesAt(items))).toEqual({ Expires: "Wed, 25 Nov 2026 12:30:00 GMT" });
  });

  it("is never when nothing on the list opens or closes today", () => {
    expect(openStateChangesAt([item(null, null)])).toBeNull();
    expect(expiresAt(null)).toBeUndefined();
  });
});
