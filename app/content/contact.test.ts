import { parseWithZod } from "@conform-to/zod/v4";
import { expect, test } from "vitest";
import { HONEYPOT_FIELD, isHoneypotFilled, readSubject, subjectText } from "./contact";
import { contactSchema } from "./contact-form";

const parseContactForm = (data: FormData) => parseWithZod(data, { schema: contactSchema });

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

const GOOD = { name: " Mette Holm ", email: " Mette@Example.dk ", subject: "correction", message: "  Loppemarkedet i Vejle er flyttet til Søndergade.  " };

test("good input is trimmed and the subject read as a topic", () => {
  expect(parseContactForm(form(GOOD))).toMatchObject({
    status: "success",
    value: {
      name: "Mette Holm",
      email: "mette@example.dk",
      subject: { topic: "correction", plan: null },
      message: "Loppemarkedet i Vejle er flyttet til Søndergade.",
    },
  });
});

test("a plan from /priser is the plan topic with its id", () => {
  const parsed = parseContactForm(form({ ...GOOD, subject: "plan:synlig" }));
  expect(parsed.status === "success" && parsed.value.subject).toEqual({ topic: "plan", plan: "synlig" });
  expect(subjectText({ topic: "plan", plan: "synlig" })).toBe("Plan: Synlig");
  expect(subjectText({ topic: "correction", plan: null })).toBe("Rettelse til et marked");
});

test("every wrong field gets its Danish message, and what was typed comes back", () => {
  const parsed = parseContactForm(form({ name: "  ", email: "mette@", subject: "plan:guld", message: "Hej" }));
  expect(parsed.reply().error).toEqual({
    name: ["Skriv dit navn."],
    email: ["Skriv en gyldig e-mailadresse, fx navn@eksempel.dk."],
    subject: ["Vælg, hvad din besked handler om."],
    message: ["Skriv en besked på mindst 10 tegn."],
  });
  expect(parsed.reply().initialValue).toEqual({ name: "  ", email: "mette@", subject: "plan:guld", message: "Hej" });
});

test("empty and overlong fields have their own messages", () => {
  const parsed = parseContactForm(form({ name: "x".repeat(101), email: "", subject: "", message: "x".repeat(5001) }));
  expect(parsed.reply().error).toEqual({
    name: ["Navnet må højst være 100 tegn."],
    email: ["Skriv din e-mailadresse, så vi kan svare dig."],
    subject: ["Vælg, hvad din besked handler om."],
    message: ["Beskeden må højst være 5.000 tegn."],
  });
});

test("readSubject knows the topics and plans, nothing else", () => {
  expect(readSubject("press")).toEqual({ topic: "press", plan: null });
  expect(readSubject("plan:pro")).toEqual({ topic: "plan", plan: "pro" });
  expect(readSubject("plan")).toBeNull();
  expect(readSubject("plan:")).toBeNull();
  expect(readSubject("<script>")).toBeNull();
});

test("the honeypot counts as filled when it holds anything but spaces", () => {
  expect(isHoneypotFilled(form(GOOD))).toBe(false);
  expect(isHoneypotFilled(form({ ...GOOD, [HONEYPOT_FIELD]: "  " }))).toBe(false);
  expect(isHoneypotFilled(form({ ...GOOD, [HONEYPOT_FIELD]: "https://spam.example" }))).toBe(true);
});
