import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  danishDateField,
  emailField,
  kronerField,
  newPasswordField,
  parseKroner,
  parsePostalCode,
  personNameField,
  phoneField,
  postalCodeField,
  returnPathField,
  urlField,
} from "./fields";

const ok = <T>(schema: z.ZodType<T>, value: unknown) => schema.parse(value);
const message = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe("shared fields", () => {
  it("e-mail: trimmed and lower-cased, at most 254 characters, one message for every wrong address", () => {
    expect(ok(emailField(), "  Mette@Example.DK ")).toBe("mette@example.dk");
    expect(message(emailField(), "mette@")).toBe("Skriv en gyldig e-mailadresse, fx navn@eksempel.dk.");
    expect(message(emailField(), `${"a".repeat(250)}@x.dk`)).toBe("Skriv en gyldig e-mailadresse, fx navn@eksempel.dk.");
    expect(message(emailField({ required: "Skriv din e-mail." }), undefined)).toBe("Skriv din e-mail.");
  });

  it("person name: trimmed, control characters dropped, 1–100 characters", () => {
    expect(ok(personNameField(), " Mette\u0000 Holm\n ")).toBe("Mette Holm");
    expect(message(personNameField(), " \u0007 ")).toBe("Skriv dit navn.");
    expect(message(personNameField(), "x".repeat(101))).toBe("Navnet må højst være 100 tegn.");
  });

  it("new password: 6–128 characters", () => {
    expect(message(newPasswordField(), "kort")).toBe("Adgangskoden skal være mindst 6 tegn lang.");
    expect(message(newPasswordField(), "x".repeat(129))).toBe("Adgangskoden må højst være 128 tegn lang.");
    expect(ok(newPasswordField(), "loppe-hemmelig")).toBe("loppe-hemmelig");
  });

  it("postal code: four Danish or Greenlandic digits, or a Faroese code stored as 38xx (decision 0008)", () => {
    expect(ok(postalCodeField(), " 8000 ")).toBe(8000);
    expect(ok(postalCodeField(), "3900")).toBe(3900);
    expect(parsePostalCode("FO-100")).toBe(3800);
    expect(parsePostalCode("fo 700")).toBe(3860);
    expect(parsePostalCode("DK-2100")).toBe(2100);
    // Three digits can only be Faroese: 800 is Tvøroyri.
    expect(parsePostalCode("800")).toBe(3870);
    for (const wrong of ["0800", "80000", "abcd", ""]) expect(parsePostalCode(wrong), wrong).toBeNull();
    expect(message(postalCodeField(), "12")).toBe("Skriv et postnummer med fire cifre, fx 8000, eller et færøsk som FO-100.");
  });

  it("phone: digits, spaces, hyphens and a leading +; empty is none", () => {
    expect(ok(phoneField(), "+299 32 10 00")).toBe("+299 32 10 00");
    expect(ok(phoneField(), "")).toBeNull();
    expect(message(phoneField(), "ring til Mette")).toBe("Skriv telefonnummeret med tal, mellemrum og bindestreg, evt. med + foran.");
  });

  it("web address: as people type it, kept with https:// when no scheme was typed", () => {
    expect(ok(urlField(), "https://loppeguiden.dk/markeder")).toBe("https://loppeguiden.dk/markeder");
    expect(ok(urlField(), " risskovloppe.dk ")).toBe("https://risskovloppe.dk");
    expect(ok(urlField(), "www.risskovloppe.dk/boder?dag=2")).toBe("https://www.risskovloppe.dk/boder?dag=2");
    expect(ok(urlField(), "http://risskovloppe.dk")).toBe("http://risskovloppe.dk");
    expect(ok(urlField(), "HTTPS://Risskovloppe.dk")).toBe("https://Risskovloppe.dk");
    expect(ok(urlField(), "risskovloppe.dk:8080/kort")).toBe("https://risskovloppe.dk:8080/kort");
    expect(ok(urlField(), "blåvandloppe.dk")).toBe("https://blåvandloppe.dk");
    expect(ok(urlField(), "facebook.com/events/123")).toBe("https://facebook.com/events/123");
    expect(ok(urlField(), "")).toBeNull();
  });

  it("web address: refuses other schemes, spaces and anything that is not a host name", () => {
    const wrongs = [
      "javascript:alert(1)",
      "JavaScript://risskovloppe.dk/%0aalert(1)",
      "data:text/html,<script>alert(1)</script>",
      "mailto:info@risskovloppe.dk",
      "ftp://x.dk",
      "https:/risskovloppe.dk",
      "risskov loppe.dk",
      "risskovloppe.dk/min side",
      "https://localhost",
      "localhost:3000",
      "risskovloppe",
      "192.168.1.1",
      "https://[::1]/",
      "//risskovloppe.dk",
      "https://mette:hemmelig@risskovloppe.dk",
      "https://-risskov.dk",
      "https://risskov_loppe.dk",
      "https://risskovloppe.dk\\@ondsindet.example",
      `${"a".repeat(296)}.dk`,
    ];
    for (const wrong of wrongs) expect(message(urlField(), wrong), wrong).toBe("Skriv en webadresse, fx loppemarked.dk eller https://www.loppemarked.dk, på højst 300 tegn.");
  });

  it("kroner: as people write them, at most two decimals, not negative, capped", () => {
    expect(parseKroner("25")).toBe(25);
    expect(parseKroner("25,50 kr.")).toBe(25.5);
    expect(parseKroner("1.250 kr")).toBe(1250);
    expect(parseKroner("25.5")).toBeNull();
    expect(ok(kronerField(100), "")).toBeNull();
    expect(message(kronerField(100), "-5")).toBe("Skriv et beløb i kroner, fx 25 eller 25,50.");
    expect(message(kronerField(100), "250")).toBe("Beløbet må højst være 100 kr.");
  });

  it("date: a day that exists, kept as the day typed", () => {
    expect(ok(danishDateField(), "2026-12-24")).toBe("2026-12-24");
    expect(message(danishDateField(), "2026-02-29")).toBe("Vælg en dato, der findes.");
    expect(message(danishDateField(), "24-12-2026")).toBe("Vælg en dato, der findes.");
  });

  it("return path: a page of this site, anything else the front page", () => {
    expect(ok(returnPathField(), "/markeder?side=2")).toBe("/markeder?side=2");
    expect(ok(returnPathField(), "/.//evil.example")).toBe("/");
    expect(ok(returnPathField(), undefined)).toBe("/");
  });
});
