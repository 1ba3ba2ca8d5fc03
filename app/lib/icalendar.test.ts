import { describe, expect, it } from "vitest";
import { escapeText, foldLine } from "./icalendar";

const octets = (text: string) => Buffer.byteLength(text, "utf8");

describe("content lines", () => {
  it("escapes backslash, semicolon, comma and line breaks in text", () => {
    expect(escapeText("a\\b;c,d\ne\r\nf\rg")).toBe("a\\\\b\\;c\\,d\\ne\\nf\\ng");
    expect(escapeText("tab\there\u0007")).toBe("tab\there");
  });

  it("folds after 75 octets with a leading space, and unfolds to the same line", () => {
    expect(foldLine("x".repeat(75))).toBe("x".repeat(75));
    const line = `DESCRIPTION:${"abcdefghij".repeat(20)}`;
    const folded = foldLine(line);
    const parts = folded.split("\r\n");
    expect(parts.length).toBeGreaterThan(2);
    expect(octets(parts[0]!)).toBe(75);
    for (const part of parts.slice(1)) {
      expect(part.startsWith(" ")).toBe(true);
      expect(octets(part)).toBeLessThanOrEqual(75);
    }
    expect(folded.replace(/\r\n /g, "")).toBe(line);
  });

  it("never splits a multi-byte character across lines", () => {
    const line = `SUMMARY:${"Æbleskiver på Ærø 🎄 ".repeat(12)}`;
    const parts = foldLine(line).split("\r\n");
    for (const part of parts) {
      expect(octets(part)).toBeLessThanOrEqual(75);
      // A split inside a character would leave half a surrogate pair or a replacement character.
      expect(part).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
      expect(Buffer.from(part, "utf8").toString("utf8")).toBe(part);
    }
    expect(parts.join("\r\n").replace(/\r\n /g, "")).toBe(line);
    // "SUMMARY:" is 8 octets and each "ø" 2: the 75th octet is the first half of an "ø", so the line breaks before it.
    const [first, second] = foldLine(`SUMMARY:${"ø".repeat(40)}`).split("\r\n");
    expect(first).toBe(`SUMMARY:${"ø".repeat(33)}`);
    expect(second).toBe(` ${"ø".repeat(7)}`);
  });
});
