import { describe, expect, it } from "vitest";
import { activeFilterLinks, countActiveFilters } from "./active-filters";
import { filterFormToParams, type FilterForm } from "./filter-form";

const EMPTY: FilterForm = {
  q: "",
  types: [],
  region: "",
  date: "",
  from: "",
  to: "",
  openNow: false,
  setting: "",
  free: false,
  sort: "",
  lat: "",
  lng: "",
};

const form = (change: Partial<FilterForm>): FilterForm => ({ ...EMPTY, ...change });
const register = (changed: FilterForm) => `/register?${filterFormToParams(changed)}`.replace(/\?$/, "");

describe("countActiveFilters", () => {
  it("is 0 for no filters, and neither the text nor the sort order counts", () => {
    expect(countActiveFilters(EMPTY)).toBe(0);
    expect(countActiveFilters(form({ q: "vinyl", sort: "navn" }))).toBe(0);
  });

  it("counts each type, the area, the date, the setting, free entry, open now and a position", () => {
    expect(countActiveFilters(form({ types: ["loppemarkeder", "antikmarkeder"] }))).toBe(2);
    expect(countActiveFilters(form({ region: "aarhus" }))).toBe(1);
    expect(countActiveFilters(form({ date: "weekend" }))).toBe(1);
    expect(countActiveFilters(form({ date: "periode", from: "2027-06-01", to: "2027-06-30" }))).toBe(1);
    expect(countActiveFilters(form({ setting: "inde" }))).toBe(1);
    expect(countActiveFilters(form({ free: true }))).toBe(1);
    expect(countActiveFilters(form({ openNow: true }))).toBe(1);
    expect(countActiveFilters(form({ lat: "55.6761", lng: "12.5683", sort: "afstand" }))).toBe(1);
    const everything = form({ q: "x", types: ["loppemarkeder"], region: "fyn", date: "i-dag", setting: "ude", free: true, openNow: true, lat: "55", lng: "12" });
    expect(countActiveFilters(everything)).toBe(7);
  });

  it("does not count half a position", () => {
    expect(countActiveFilters(form({ lat: "55.6761" }))).toBe(0);
  });
});

describe("activeFilterLinks", () => {
  it("gives nothing for no filters", () => {
    expect(activeFilterLinks(form({ sort: "dato" }), register)).toEqual([]);
  });

  it("has one chip per filter, each linking to the list without just that filter", () => {
    const chosen = form({ q: "vinyl", types: ["loppemarkeder", "antikmarkeder"], region: "aarhus", date: "weekend", free: true, sort: "dato" });
    const links = activeFilterLinks(chosen, register);
    expect(links.map((link) => link.label)).toEqual(["“vinyl”", "Loppemarkeder", "Antikmarkeder", "Aarhus", "Denne weekend", "Gratis entré"]);
    expect(links[0]!.href).toBe("/register?type=loppemarkeder&type=antikmarkeder&omraade=aarhus&dato=weekend&gratis=1&sorter=dato");
    expect(links[1]!.href).toBe("/register?q=vinyl&type=antikmarkeder&omraade=aarhus&dato=weekend&gratis=1&sorter=dato");
    expect(links[3]!.href).toBe("/register?q=vinyl&type=loppemarkeder&type=antikmarkeder&dato=weekend&gratis=1&sorter=dato");
    expect(links[5]!.href).toBe("/register?q=vinyl&type=loppemarkeder&type=antikmarkeder&omraade=aarhus&dato=weekend&sorter=dato");
  });

  it("names a place of the landing pages and the choices in the form's words", () => {
    const links = activeFilterLinks(form({ region: "koebenhavn", openNow: true, setting: "inde" }), register);
    expect(links.map((link) => link.label)).toEqual(["København", "Åbent nu", "Indendørs"]);
  });

  it("removes a period with both its dates, and names the period by its dates", () => {
    const [period] = activeFilterLinks(form({ date: "periode", from: "2027-06-14", to: "2027-06-20" }), register);
    expect(period).toEqual({ label: "14. jun.–20. jun.", href: "/register" });
    expect(activeFilterLinks(form({ date: "periode", from: "2027-06-14" }), register)[0]!.label).toBe("Fra 14. jun.");
    expect(activeFilterLinks(form({ date: "periode", from: "31-12-2027" }), register)[0]!.label).toBe("Periode");
  });

  it("removes a position together with sorting by distance, which needs it", () => {
    const [near] = activeFilterLinks(form({ lat: "55.6761", lng: "12.5683", sort: "afstand" }), register);
    expect(near).toEqual({ label: "Nær min placering", href: "/register" });
    const [kept] = activeFilterLinks(form({ lat: "55.6761", lng: "12.5683", sort: "navn" }), register);
    expect(kept!.href).toBe("/register?sorter=navn");
  });

  it("writes each page's own link", () => {
    const [chip] = activeFilterLinks(form({ free: true, setting: "ude" }), (changed) => `/loppemarkeder-i-aarhus?${filterFormToParams(changed)}`);
    expect(chip!.href).toBe("/loppemarkeder-i-aarhus?gratis=1");
  });
});
