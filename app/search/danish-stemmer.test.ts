import { describe, expect, it } from "vitest";
import { stemDanish } from "./danish-stemmer";

describe("stemDanish", () => {
  it("gives the stems of the Snowball Danish stemmer", () => {
    // Expected values from the reference Snowball implementation, on words without æ, ø and å.
    const reference: Record<string, string> = {
      loppemarkederne: "loppemarked",
      markedet: "marked",
      kraemmermarkeder: "kraemmermarked",
      genbrugsbutikker: "genbrugsbutik",
      antikviteter: "antikvitet",
      venligst: "ven",
      hyldemarkeder: "hyldemarked",
      tematiske: "tematisk",
      frivillige: "frivil",
      arrangementer: "arrangement",
      arrangorerne: "arrangor",
      foreningen: "forening",
      samlere: "saml",
      boder: "bod",
      hallen: "hal",
      torvet: "torv",
      havnen: "havn",
      udsolgt: "udsolg",
      indkobt: "indkobt",
      kendt: "kend",
      mindst: "mindst",
    };
    for (const [word, stem] of Object.entries(reference)) expect(stemDanish(word), word).toBe(stem);
  });

  it("brings the forms of a noun to one stem", () => {
    const forms = ["loppemarked", "loppemarkeder", "loppemarkedet", "loppemarkederne", "loppemarkeds"];
    expect(new Set(forms.map(stemDanish))).toEqual(new Set(["loppemarked"]));
  });

  it("applies løst → løs to the folded spelling", () => {
    expect(stemDanish("hjemlost")).toBe("hjemlos");
  });

  it("leaves short words, numbers and mixed tokens alone", () => {
    expect(stemDanish("er")).toBe("er");
    expect(stemDanish("8000")).toBe("8000");
    expect(stemDanish("2hands")).toBe("2hands");
  });
});
