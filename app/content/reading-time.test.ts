import { expect, test } from "vitest";
import { countWords, readingMinutes } from "./reading-time";

test("words are runs of text with a letter or digit; dashes and bullets are not words", () => {
  expect(countWords("Sådan sælger du – på 5 minutter · ærligt")).toBe(7);
  expect(countWords("   ")).toBe(0);
});

test("reading time is words / 200, rounded up, at least one minute", () => {
  expect(readingMinutes(0)).toBe(1);
  expect(readingMinutes(200)).toBe(1);
  expect(readingMinutes(201)).toBe(2);
  expect(readingMinutes(837)).toBe(5);
});
