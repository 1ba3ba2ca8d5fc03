import { describe, expect, it } from "vitest";
import { filterFormToParams, hasActiveFilters } from "./filter-form";
import { parseFilterParams } from "./filter-query.server";

const TODAY = "2027-06-16"; // a Wednesday
const parse = (query: string, today = TODAY) => parseFilterParams(new URLSearchParams(query), today);

describe("filters in the URL", () => {
  it("reads text, several types, a region and the sort", () => {
    const { filters, errors } = parse("q=vinyl&type=loppemarkeder&type=antikmarkeder&omraade=aarhus&sorter=navn");
    expect(errors).toEqual({});
    expect(filters).toEqual({ text: "vinyl", types: ["flea_market", "antique_market"], region: "aarhus", sort: "name" });
  });

  it("accepts a location key that is not a region option (landing-page areas)", () => {
    expect(parse("omraade=frederiksberg").filters.location).toBe("frederiksberg");
  });

  it("turns the date presets into Danish date ranges", () => {
    expect(parse("dato=i-dag").filters).toMatchObject({ dateFrom: TODAY, dateTo: TODAY });
    expect(parse("dato=weekend").filters).toMatchObject({ dateFrom: "2027-06-19", dateTo: "2027-06-20" });
    // On a Sunday "this weekend" is today.
    expect(parse("dato=weekend", "2027-06-20").filters).toMatchObject({ dateFrom: "2027-06-20", dateTo: "2027-06-20" });
    expect(parse("dato=7-dage").filters).toMatchObject({ dateFrom: TODAY, dateTo: "2027-06-22" });
    expect(parse("dato=periode&fra=2027-07-01&til=2027-07-31").filters).toMatchObject({
      dateFrom: "2027-07-01",
      dateTo: "2027-07-31",
    });
  });

  it("explains a bad date at its field and ignores only that filter", () => {
    const bad = parse("q=loppe&dato=periode&fra=31-07-2027&til=2027-13-01");
    expect(bad.errors.fra).toMatch(/Ugyldig dato/);
    expect(bad.errors.til).toMatch(/Ugyldig dato/);
    expect(bad.filters).toEqual({ text: "loppe" });
    expect(parse("dato=periode&fra=2027-08-01&til=2027-07-01").errors.til).toBe("Slutdatoen ligger før startdatoen.");
  });

  it("explains unknown values in Danish instead of failing", () => {
    const { errors, filters } = parse("type=hestemarkeder&omraade=atlantis&dato=snart&miljoe=rummet&sorter=pris");
    expect(Object.keys(errors).sort()).toEqual(["dato", "miljoe", "omraade", "sorter", "type"]);
    expect(filters).toEqual({});
  });

  it("sorts by distance only with a position", () => {
    expect(parse("sorter=afstand").errors.sorter).toMatch(/placering/);
    expect(parse("sorter=afstand&lat=56.15&lng=10.2").filters).toMatchObject({
      sort: "distance",
      near: { latitude: 56.15, longitude: 10.2 },
    });
    expect(parse("lat=200&lng=10").errors.position).toBeDefined();
  });

  it("keeps the page number sane", () => {
    expect(parse("side=3").page).toBe(3);
    expect(parse("side=-1").page).toBe(1);
    expect(parse("side=abc").page).toBe(1);
  });

  it("writes a form back to the same URL, without empty fields", () => {
    const query = "q=vinyl&type=loppemarkeder&omraade=aarhus&dato=periode&fra=2027-07-01&til=2027-07-31&aaben=nu&miljoe=inde&gratis=1&sorter=navn";
    const { form } = parse(query);
    expect(filterFormToParams(form).toString()).toBe(query);
    expect(filterFormToParams(form, 2).get("side")).toBe("2");
    expect(filterFormToParams(parse("").form).toString()).toBe("");
    expect(hasActiveFilters(parse("sorter=navn").form)).toBe(false);
    expect(hasActiveFilters(parse("gratis=1").form)).toBe(true);
  });
});
