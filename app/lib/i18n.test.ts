import { describe, expect, it } from "vitest";
import { maybeT, t, translation } from "./i18n";

function leaves(node: unknown, prefix = ""): [string, unknown][] {
  if (typeof node !== "object" || node === null) return [[prefix, node]];
  return Object.entries(node).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key));
}

describe("translations", () => {
  it("fills placeholders", () => {
    expect(t("shell.copyright", { year: 2026 })).toBe("© 2026 Loppeguiden");
    expect(t("reporter.apiTitle", { code: 429 })).toBe("Fejl 429");
  });

  it("uses the spec's Danish texts word for word", () => {
    expect(t("shell.loading")).toBe("Indlæser...");
    expect(t("shell.skipLink")).toBe("Spring til indhold");
    expect(t("errors.generic.heading")).toBe("Noget gik galt");
    expect(t("errors.backHome")).toBe("Til forsiden");
  });

  it("returns null for a key that does not exist", () => {
    expect(maybeT("pages.findesikke.title")).toBeNull();
    expect(maybeT("pages")).toBeNull();
  });

  it("has no empty text", () => {
    for (const [key, value] of leaves(translation)) {
      expect(typeof value === "string" && value.trim().length > 0, key).toBe(true);
    }
  });

  it("gives every planned page a title of at most 60 characters and a description", () => {
    for (const [key, page] of Object.entries(translation.pages)) {
      if (!("title" in page)) continue;
      expect(page.title.length, key).toBeLessThanOrEqual(60);
      expect(page.description.length, key).toBeGreaterThan(50);
    }
  });
});
