import { expect, test } from "vitest";
import { parseFaq, pricingFaq, siteFaq } from "./faq.server";
import { faqPageJsonLd } from "./structured-data";

const FILE = "content/test-faq.md";

test("groups come from ## headings, questions from ### headings, answers from what follows", () => {
  const faq = parseFaq(
    "Indledning med et [link](/kontakt).\n\n## For besøgende\n\n### Koster det noget?\n\nNej.\n\n- Heller ikke kortet\n\n### Kan jeg betale med MobilePay?\n\nOfte.\n\n## For arrangører\n\n### Hvordan kommer mit marked med?\n\nSkriv til os.\n",
    FILE,
  );
  expect(faq.introHtml).toContain('<a href="/kontakt">link</a>');
  expect(faq.sections.map((section) => [section.id, section.heading, section.questions.map((question) => question.id)])).toEqual([
    ["for-besoegende", "For besøgende", ["koster-det-noget", "kan-jeg-betale-med-mobilepay"]],
    ["for-arrangoerer", "For arrangører", ["hvordan-kommer-mit-marked-med"]],
  ]);
  const first = faq.sections[0]!.questions[0]!;
  expect(first.html).toContain("<p>Nej.</p>");
  expect(first.html).toContain("<li>Heller ikke kortet</li>");
  expect(first.text).toBe("Nej. Heller ikke kortet");
});

test.each([
  ["a question before any group", "### Hvorfor?\n\nDerfor.", /before any "## " group/],
  ["a group without questions", "## Tom gruppe\n\n## Anden\n\n### Hvad?\n\nSvar.", /has no questions/],
  ["a question without an answer", "## Gruppe\n\n### Hvad?\n\n### Hvorfor?\n\nSvar.", /"Hvad\?" has no answer/],
  ["two questions with the same anchor", "## Gruppe\n\n### Hvad?\n\nSvar.\n\n### Hvad!\n\nSvar.", /share the anchor "hvad"/],
  ["text between a group and its first question", "## Gruppe\n\nLøs tekst.\n\n### Hvad?\n\nSvar.", /comes before its first question/],
  ["a deeper heading", "## Gruppe\n\n### Hvad?\n\n#### Detalje\n\nSvar.", /only "## " groups/],
])("%s fails at load", (_what, body, message) => {
  expect(() => parseFaq(body, FILE)).toThrow(message);
});

test("the site's FAQ has at least 15 questions for visitors and organisers, each with its own anchor", () => {
  const faq = siteFaq();
  const questions = faq.sections.flatMap((section) => section.questions);
  expect(questions.length).toBeGreaterThanOrEqual(15);
  expect(faq.sections.map((section) => section.id)).toEqual(["for-besoegende", "for-arrangoerer"]);
  expect(new Set(questions.map((question) => question.id)).size).toBe(questions.length);
  expect(faq.title.length).toBeLessThanOrEqual(60);
});

test("FAQPage structured data names every question with its answer", () => {
  const faq = pricingFaq();
  const data = faqPageJsonLd(faq) as { "@type": string; mainEntity: { "@type": string; name: string; acceptedAnswer: { "@type": string; text: string } }[] };
  const questions = faq.sections.flatMap((section) => section.questions);
  expect(data["@type"]).toBe("FAQPage");
  expect(data.mainEntity).toHaveLength(questions.length);
  expect(data.mainEntity[0]).toEqual({
    "@type": "Question",
    name: questions[0]!.question,
    acceptedAnswer: { "@type": "Answer", text: questions[0]!.html.trim() },
  });
});
