import { describe, expect, it } from "vitest";
import { pageMeta, pageTitle } from "./meta";

describe("page titles", () => {
  it("adds the site name when it fits", () => {
    expect(pageTitle("Kalender")).toBe("Kalender | Loppeguiden");
  });

  it("never passes 60 characters because of the suffix", () => {
    const long = "Kalender over loppemarkeder og kræmmermarkeder i Danmark";
    expect(pageTitle(long)).toBe(long);
  });

  it("does not name the site twice", () => {
    expect(pageTitle("Om Loppeguiden")).toBe("Om Loppeguiden");
  });

  it("gives a title and a description", () => {
    expect(pageMeta("FAQ", "Svar")).toEqual([{ title: "FAQ | Loppeguiden" }, { name: "description", content: "Svar" }]);
  });
});
