import { describe, expect, it } from "vitest";
import { slugify, truncateSlug, uniqueSlug, withRandomSuffix } from "~/lib/slug";

describe("slugify", () => {
  it.each([
    ["Loppemarked på Østerbro", "loppemarked-paa-oesterbro"],
    ["Ærø Kræmmermarked", "aeroe-kraemmermarked"],
    ["  Åbent hus!! ", "aabent-hus"],
    ["ÆØÅ æøå", "aeoeaa-aeoeaa"],
    ["Café Møller & Söhne", "cafe-moeller-sohne"],
    ["Bürger Straße", "burger-strasse"],
    ["Miðvágur Tórshavn", "midvagur-torshavn"],
    ["Marked nr. 2 -- 2025", "marked-nr-2-2025"],
    // Å typed as the Ångström sign, and as A plus a combining ring.
    ["\u212Bbyhøj", "aabyhoej"],
    ["A\u030Abyhøj", "aabyhoej"],
    ["!!!", ""],
  ])("%j → %j", (text, slug) => {
    expect(slugify(text)).toBe(slug);
  });

  it("cuts long names at a word boundary, at most 80 characters", () => {
    const name = "Det store årlige loppemarked og kræmmermarked i Søndermarken med musik mad og boder for hele familien";
    const slug = slugify(name);
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug).toBe("det-store-aarlige-loppemarked-og-kraemmermarked-i-soendermarken-med-musik-mad-og");
  });

  it("keeps a word that ends exactly at 80 characters", () => {
    const exact = `${"a".repeat(75)} bbbb cc`; // "aaa…a-bbbb" is 80 characters
    expect(slugify(exact)).toBe(`${"a".repeat(75)}-bbbb`);
  });

  it("cuts a single word longer than 80 characters", () => {
    expect(slugify("x".repeat(100))).toBe("x".repeat(80));
  });

  it("truncateSlug leaves short slugs alone", () => {
    expect(truncateSlug("loppemarked-i-aarhus", 20)).toBe("loppemarked-i-aarhus");
    expect(truncateSlug("loppemarked-i-aarhus", 19)).toBe("loppemarked-i");
  });
});

describe("uniqueSlug", () => {
  it("returns the base when it is free", async () => {
    expect(await uniqueSlug("loppemarked", () => false)).toBe("loppemarked");
  });

  it("appends -2, -3 … until a slug is free, asking asynchronously", async () => {
    const taken = new Set(["loppemarked", "loppemarked-2", "loppemarked-3"]);
    const asked: string[] = [];
    const slug = await uniqueSlug("loppemarked", async (s) => {
      asked.push(s);
      return taken.has(s);
    });
    expect(slug).toBe("loppemarked-4");
    expect(asked).toEqual(["loppemarked", "loppemarked-2", "loppemarked-3", "loppemarked-4"]);
  });

  it("stays within 80 characters with the suffix, cutting at a word", async () => {
    const base = slugify(`${"a".repeat(70)} bbbbbbbb`); // 79 characters
    const slug = await uniqueSlug(base, (s) => s === base);
    expect(slug).toBe(`${"a".repeat(70)}-2`);
  });

  it("refuses an empty base rather than produce '-2'", async () => {
    await expect(uniqueSlug("", () => false)).rejects.toThrow(RangeError);
  });

  it("gives up instead of looping forever", async () => {
    await expect(uniqueSlug("x", () => true)).rejects.toThrow(/No free slug/);
  });
});

describe("withRandomSuffix", () => {
  it("appends a hyphen and 6 lowercase letters or digits", () => {
    expect(withRandomSuffix("loppemarked")).toMatch(/^loppemarked-[a-z0-9]{6}$/);
  });

  it("differs from call to call", () => {
    const suffixes = new Set(Array.from({ length: 200 }, () => withRandomSuffix("x")));
    expect(suffixes.size).toBe(200);
  });

  it("stays within 80 characters", () => {
    const slug = withRandomSuffix(slugify(`${"a".repeat(70)} bbbbbbbb`));
    expect(slug).toMatch(new RegExp(`^${"a".repeat(70)}-[a-z0-9]{6}$`));
  });

  it("is the suffix alone for an empty base", () => {
    expect(withRandomSuffix("")).toMatch(/^[a-z0-9]{6}$/);
  });
});
