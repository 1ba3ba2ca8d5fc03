import { describe, expect, it } from "vitest";
import { parseWidths, pictureFileKeys, picturesIn } from "./referenced-files.server";

describe("the files a picture refers to", () => {
  it("names one file per width, or the key itself for a picture stored as one file", () => {
    expect(pictureFileKeys({ storageKey: "markets/m/k", widths: [400, 800, 1600] })).toEqual(["markets/m/k-400.webp", "markets/m/k-800.webp", "markets/m/k-1600.webp"]);
    expect(pictureFileKeys({ storageKey: "markets/m/0.webp", widths: null })).toEqual(["markets/m/0.webp"]);
  });

  it("reads widths as market_images keeps them (JSON text) and as a snapshot holds them (a list)", () => {
    expect(parseWidths("[400,800]")).toEqual([400, 800]);
    expect(parseWidths([1600])).toEqual([1600]);
    for (const unreadable of [null, undefined, "", "[]", "[400,", '["400"]', "[0]", "[1.5]", "{}", 400]) expect(parseWidths(unreadable)).toBeNull();
  });

  it("reads the pictures of a snapshot or a draft: a list, or the list as JSON text; anything else is none", () => {
    const list = [{ storageKey: "a/b", widths: [400], width: 1600, height: 1200, alt: "Boder" }, { storageKey: "a/c.webp", widths: null }, { storageKey: "a/d" }];
    const expected = [
      { storageKey: "a/b", widths: [400] },
      { storageKey: "a/c.webp", widths: null },
      { storageKey: "a/d", widths: null },
    ];
    expect(picturesIn(list)).toEqual(expected);
    expect(picturesIn(JSON.stringify(list))).toEqual(expected);
    for (const none of [undefined, null, "ikke json", "{}", 7, { storageKey: "a/b" }, [null, 3, { storageKey: 5 }, { storageKey: "" }]]) expect(picturesIn(none)).toEqual([]);
  });
});
