import { describe, expect, it } from "vitest";
import { oneEditVariants, withinOneEdit } from "./typos";

describe("oneEditVariants", () => {
  it("reaches the intended word from a missing, extra, wrong or swapped letter", () => {
    const variants = new Set(oneEditVariants("lopemarked"));
    expect(variants.has("loppemarked")).toBe(true);
    expect(new Set(oneEditVariants("looppemarked")).has("loppemarked")).toBe(true);
    expect(new Set(oneEditVariants("loppemarket")).has("loppemarked")).toBe(true);
    expect(new Set(oneEditVariants("lopepmarked")).has("loppemarked")).toBe(true);
  });

  it("only offers words one edit away, never the word itself", () => {
    const variants = oneEditVariants("arhus");
    expect(variants).not.toContain("arhus");
    for (const variant of variants) expect(withinOneEdit("arhus", variant), variant).toBe(true);
  });

  it("does not correct short words or numbers", () => {
    expect(oneEditVariants("bod")).toEqual([]);
    expect(oneEditVariants("8000")).toEqual([]);
  });
});

describe("withinOneEdit", () => {
  it("tells near spellings from far ones", () => {
    expect(withinOneEdit("kobenhavn", "kobenhvn")).toBe(true);
    expect(withinOneEdit("kobenhavn", "kobenhanv")).toBe(true);
    expect(withinOneEdit("kobenhavn", "kbenhvn")).toBe(false);
    expect(withinOneEdit("marked", "market")).toBe(true);
    expect(withinOneEdit("marked", "makret")).toBe(false);
  });
});
