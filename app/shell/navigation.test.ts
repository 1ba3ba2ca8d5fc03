import { describe, expect, it } from "vitest";
import { MAIN_NAVIGATION, currentSection } from "~/shell/navigation";

const sectionOf = (pathname: string) => currentSection(pathname)?.to ?? null;

describe("the header's current section", () => {
  it("is the map on the map and nowhere under it", () => {
    expect(sectionOf("/markeder")).toBe("/markeder");
    expect(sectionOf("/markeder/")).toBe("/markeder");
  });

  it("is the markets for a market's own page, the register and the lists by type and place", () => {
    for (const path of [
      "/markeder/loppemarked-paa-torvet",
      "/register",
      "/loppemarkeder",
      "/loppemarkeder-i-koebenhavn",
      "/antikmarkeder-paa-fyn",
      "/design-secondhand-butikker-i-aarhus",
    ]) {
      expect(sectionOf(path), path).toBe("/register");
    }
  });

  it("gives each other section its own pages", () => {
    expect(sectionOf("/kalender")).toBe("/kalender");
    expect(sectionOf("/artikler")).toBe("/artikler");
    expect(sectionOf("/artikler/saadan-pruter-du")).toBe("/artikler");
    expect(sectionOf("/community/topic/12")).toBe("/community");
  });

  it("is none for pages outside the sections, and a look-alike path is not inside one", () => {
    for (const path of ["/", "/faq", "/sign-in", "/dashboard", "/communityx", "/opret-marked", "/kalenderen", "/registeret", "/loppemarkederne", "/artiklerne"]) {
      expect(sectionOf(path), path).toBeNull();
    }
  });

  it("marks at most one section for any page", () => {
    for (const path of ["/markeder", "/markeder/x", "/register", "/kalender", "/loppemarkeder-i-aarhus"]) {
      const owners = MAIN_NAVIGATION.filter((item) => currentSection(path, [item]));
      expect(owners, path).toHaveLength(1);
    }
  });
});
