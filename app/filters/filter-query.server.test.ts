import { describe, expect, it } from "vitest";
import { filterQuery, parseFilterParams } from "./filter-query.server";

/**
 * Malformed, repeated and hostile query values: each is ignored (with its Danish message where the
 * form has a field for it) and every other parameter still applies. Nothing a URL holds may throw.
 */

const TODAY = "2027-06-16"; // a Wednesday
const parse = (query: string | URLSearchParams) => parseFilterParams(new URLSearchParams(query), TODAY, new Date("2027-06-16T10:00:00Z"));
const LONG = "x".repeat(10_000);

/** One good value of every parameter; each test spoils one and expects the rest to hold. */
const GOOD: Record<string, string> = {
  q: "vinyl",
  type: "loppemarkeder",
  omraade: "aarhus",
  dato: "periode",
  fra: "2027-07-01",
  til: "2027-07-31",
  aaben: "nu",
  miljoe: "inde",
  gratis: "1",
  lat: "56.15",
  lng: "10.2",
  sorter: "navn",
  side: "3",
};
const GOOD_FILTERS = parse(new URLSearchParams(GOOD)).filters;

describe("a malformed value costs only its own parameter", () => {
  it.each([
    ["type", "hestemarkeder", "types", "type"],
    ["type", LONG, "types", "type"],
    ["omraade", "atlantis", "region", "omraade"],
    ["omraade", LONG, "region", "omraade"],
    ["dato", "2026-02-31", ["dateFrom", "dateTo"], "dato"],
    ["fra", "2026-02-31", ["dateFrom", "dateTo"], "fra"],
    ["til", "31-07-2027", ["dateFrom", "dateTo"], "til"],
    ["til", LONG, ["dateFrom", "dateTo"], "til"],
    ["miljoe", "rummet", "setting", "miljoe"],
    ["miljoe", "constructor", "setting", "miljoe"],
    ["lat", "1e9", "near", "position"],
    ["lng", "abc", "near", "position"],
    ["lat", "Infinity", "near", "position"],
    ["lng", "NaN", "near", "position"],
    ["sorter", "pris", "sort", "sorter"],
    ["sorter", "toString", "sort", "sorter"],
  ] as const)("%s=%s", (name, value, dropped, errorField) => {
    const { filters, errors, page } = parse(new URLSearchParams({ ...GOOD, [name]: value }));
    const expected: Record<string, unknown> = { ...GOOD_FILTERS };
    for (const key of [dropped].flat()) delete expected[key];
    expect(filters).toEqual(expected);
    expect(Object.keys(errors)).toEqual([errorField]);
    expect(page).toBe(3);
  });

  it.each([
    ["aaben", "ja", "openAt"],
    ["gratis", "true", "freeEntry"],
  ] as const)("%s=%s (a switch: off, without a message)", (name, value, dropped) => {
    const { filters, errors } = parse(new URLSearchParams({ ...GOOD, [name]: value }));
    const { [dropped]: _gone, ...expected } = GOOD_FILTERS;
    expect(filters).toEqual(expected);
    expect(errors).toEqual({});
  });

  it.each(["-3", "0", "abc", "1e9", "10001", "", LONG, "9".repeat(400)])("side=%s falls back to page 1 and keeps the filters", (side) => {
    const { filters, errors, page } = parse(new URLSearchParams({ ...GOOD, side }));
    expect(page).toBe(1);
    expect(filters).toEqual(GOOD_FILTERS);
    expect(errors).toEqual({});
  });

  it("keeps page numbers up to 10 000", () => {
    expect(parse("side=10000").page).toBe(10_000);
  });

  it("ignores parameters it does not know, like radius=1e9", () => {
    const plain = parse(new URLSearchParams(GOOD));
    const withUnknown = parse(new URLSearchParams({ ...GOOD, radius: "1e9", __proto__: "x", constructor: "y", toString: "z" }));
    expect(withUnknown).toEqual(plain);
  });
});

describe("repeated parameters", () => {
  it("keeps the known types, once each, and flags the unknown one", () => {
    const mixed = parse("q=loppe&type=loppemarkeder&type=xyz&type=loppemarkeder&type=");
    expect(mixed.filters).toEqual({ text: "loppe", types: ["flea_market"] });
    expect(mixed.form.types).toEqual(["loppemarkeder"]);
    expect(Object.keys(mixed.errors)).toEqual(["type"]);
  });

  it("reads an old singular slug (type=loppemarked) as unknown, like any other", () => {
    const { filters, errors, form } = parse("type=loppemarked&type=xyz&omraade=aarhus");
    expect(filters).toEqual({ region: "aarhus" });
    expect(form.types).toEqual([]);
    expect(Object.keys(errors)).toEqual(["type"]);
  });

  it("uses the first value of a parameter that takes one", () => {
    expect(parse("omraade=aarhus&omraade=atlantis").filters).toEqual({ region: "aarhus" });
    expect(parse("omraade=atlantis&omraade=aarhus").errors.omraade).toBeDefined();
    expect(parse("sorter=navn&sorter=pris").filters.sort).toBe("name");
    expect(parse("side=2&side=abc").page).toBe(2);
    expect(parse("dato=i-dag&dato=snart").filters).toEqual({ dateFrom: TODAY, dateTo: TODAY });
  });
});

describe("values at the edges", () => {
  it("cuts a very long search text to 100 characters instead of refusing it", () => {
    const { filters, form, errors } = parse(new URLSearchParams({ q: `  ${"loppe ".repeat(5_000)}`, omraade: "aarhus" }));
    expect(filters.text).toHaveLength(100);
    expect(form.q).toBe(filters.text);
    expect(filters.region).toBe("aarhus");
    expect(errors).toEqual({});
  });

  it("echoes a date it cannot read back to the form, with its message, and uses today's list", () => {
    const { form, errors, filters } = parse("fra=2026-02-31&q=vinyl");
    expect(form.date).toBe("periode");
    expect(form.from).toBe("2026-02-31");
    expect(errors.fra).toMatch(/Ugyldig dato/);
    expect(filters).toEqual({ text: "vinyl" });
  });

  it("drops the period of a preset it does not know, even with good dates", () => {
    const { filters, form, errors } = parse("dato=2026-02-31&fra=2027-07-01&til=2027-07-31&gratis=1");
    expect(filters).toEqual({ freeEntry: true });
    expect(form).toMatchObject({ date: "", from: "", to: "" });
    expect(Object.keys(errors)).toEqual(["dato"]);
  });

  it("needs both halves of a position", () => {
    expect(parse("lat=56.15").errors.position).toBeDefined();
    expect(parse("lat=56.15&lng=").filters.near).toBeUndefined();
    expect(parse("lat=&lng=").errors).toEqual({});
    expect(parse("lat=-90&lng=180").filters.near).toEqual({ latitude: -90, longitude: 180 });
  });

  it("never throws, whatever the values", () => {
    const odd = ["%", "\u0000", "🦄", "null", "undefined", "[]", "{}", "NaN", "-0", " ", "__proto__", LONG];
    for (const value of odd) {
      const query = new URLSearchParams(Object.keys(GOOD).map((name) => [name, value]));
      expect(() => parse(query)).not.toThrow();
    }
  });
});

describe("the schema itself", () => {
  it("reads each parameter on its own: undefined when left out, null when unreadable", () => {
    const query = filterQuery.parse(new URLSearchParams("type=loppemarkeder&type=xyz&side=-3&omraade=&dato=snart&lat=56&gratis=ja&radius=1e9"));
    expect(query).toEqual({
      q: "",
      type: ["flea_market", null],
      omraade: undefined,
      dato: null,
      fra: undefined,
      til: undefined,
      aaben: false,
      miljoe: undefined,
      gratis: false,
      lat: 56,
      lng: undefined,
      sorter: undefined,
      side: 1,
    });
  });
});
