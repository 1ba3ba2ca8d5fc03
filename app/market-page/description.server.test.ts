import { describe, expect, it } from "vitest";
import { descriptionParagraphs } from "./description.server";

describe("a market's description", () => {
  it("is split into paragraphs at blank lines", () => {
    expect(descriptionParagraphs("Første afsnit.\n\n\nAndet afsnit\nmed to linjer.\n")).toEqual([[{ text: "Første afsnit." }], [{ text: "Andet afsnit\nmed to linjer." }]]);
  });

  it("turns web and e-mail addresses into links and leaves markup as text", () => {
    expect(descriptionParagraphs("Se www.loppe.dk eller skriv til info@loppe.dk. <b>Velkommen</b>")).toEqual([
      [
        { text: "Se " },
        { text: "www.loppe.dk", href: "http://www.loppe.dk" },
        { text: " eller skriv til " },
        { text: "info@loppe.dk", href: "mailto:info@loppe.dk" },
        { text: ". <b>Velkommen</b>" },
      ],
    ]);
  });

  it("does not make a link of a javascript: address", () => {
    const parts = descriptionParagraphs("Klik javascript:alert(1) her").flat();
    expect(parts.some((part) => "href" in part)).toBe(false);
  });
});
