import { expect, test } from "vitest";
import { splitFrontMatter } from "./front-matter";

test("splits the YAML front matter from the Markdown after it", () => {
  const { data, body } = splitFrontMatter("---\ntitle: Hej\ntags: [a, b]\n---\n## Overskrift\n\nTekst\n");
  expect(data).toEqual({ title: "Hej", tags: ["a", "b"] });
  expect(body).toBe("## Overskrift\n\nTekst\n");
});

test("a date stays the text it looks like (YAML 1.2), so the loader can check it as YYYY-MM-DD", () => {
  expect(splitFrontMatter("---\ndate: 2026-11-03\n---\n").data).toEqual({ date: "2026-11-03" });
});

test("Windows line endings and a byte order mark are understood", () => {
  const { data, body } = splitFrontMatter("\uFEFF---\r\ntitle: Hej\r\n---\r\nTekst");
  expect(data).toEqual({ title: "Hej" });
  expect(body).toBe("Tekst");
});

test("a file without front matter is all body, and empty front matter is an empty object", () => {
  expect(splitFrontMatter("Bare tekst\n---\n")).toEqual({ data: {}, body: "Bare tekst\n---\n" });
  expect(splitFrontMatter("---\n\n---\nTekst").data).toEqual({});
});
