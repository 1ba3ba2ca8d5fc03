import { describe, expect, it } from "vitest";
import { accountAgeText, marketCountText, sentAtText } from "./sender-texts";

const NOW = new Date("2026-06-15T10:00:00.000Z");

describe("what a reviewer reads about the sender", () => {
  it("says how old the account is in days, months or years", () => {
    expect(accountAgeText("2026-06-15T08:00:00.000Z", NOW)).toBe("konto oprettet i dag");
    expect(accountAgeText("2026-06-14T09:00:00.000Z", NOW)).toBe("konto oprettet i går");
    expect(accountAgeText("2026-06-12T10:00:00.000Z", NOW)).toBe("konto oprettet for 3 dage siden");
    expect(accountAgeText("2026-01-10T10:00:00.000Z", NOW)).toBe("konto oprettet for 5 måneder siden");
    expect(accountAgeText("2023-06-01T10:00:00.000Z", NOW)).toBe("konto oprettet for 3 år siden");
    // A clock a little behind the database's never gives a negative age.
    expect(accountAgeText("2026-06-15T10:00:05.000Z", NOW)).toBe("konto oprettet i dag");
  });

  it("counts the sender's markets in words", () => {
    expect(marketCountText(0)).toBe("ingen markeder");
    expect(marketCountText(1)).toBe("1 marked");
    expect(marketCountText(1500)).toBe("1.500 markeder");
  });

  it("gives the time a change was sent in Danish time", () => {
    expect(sentAtText("2026-06-15T10:05:00.000Z")).toBe("15. jun. 2026 kl. 12.05");
  });
});
