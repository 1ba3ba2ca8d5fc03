import { describe, expect, it } from "vitest";
import { describeImport, readImportRecords } from "./import-file.server";

describe("reading import files", () => {
  it("reads semicolon-separated CSV as Danish spreadsheets save it, with a BOM and quoted fields", () => {
    const records = readImportRecords("m.csv", '\uFEFFnavn;plan\n"Marked; med semikolon";hver lørdag kl. 10-14\n');
    expect(records).toEqual([{ navn: "Marked; med semikolon", plan: "hver lørdag kl. 10-14" }]);
  });

  it("reads comma-separated CSV", () => {
    expect(readImportRecords("m.csv", "navn,by\nA,Odense\n")).toEqual([{ navn: "A", by: "Odense" }]);
  });

  it("says in Danish which line is broken", () => {
    expect(() => readImportRecords("m.csv", "navn;by\nA;Odense;ekstra\n")).toThrow(/linje 2.*anførselstegn/);
    expect(() => readImportRecords("m.json", "{")).toThrow(/ikke gyldig JSON/);
    expect(() => readImportRecords("m.json", '{"navn":"A"}')).toThrow(/liste af markeder/);
  });

  it("summarises for the operator", () => {
    const text = describeImport({ rows: 3, created: 1, updated: 1, rejected: [{ row: 3, name: "X", errors: ["type: ukendt"] }] });
    expect(text).toBe("3 rækker læst: 1 oprettet, 1 opdateret, 1 afvist.\nRække 3 (X):\n  - type: ukendt");
  });
});
