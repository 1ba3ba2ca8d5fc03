import { afterAll, beforeAll, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { formFields, plainForm } from "../support/plain-forms";
import { startSite, type Site, type SiteResponse } from "../support/site";

/**
 * /kontakt as a browser without JavaScript uses it: the form's own fields posted, a redirect with
 * thanks, the message stored and mailed to the operator. The form with JavaScript (messages at
 * the fields, focus, the hidden field): tests/e2e/content.test.ts; the rules of a message
 * (limits, the hidden field, retention): tests/integration/contact.test.ts.
 */

const texts = translation.content.contact;
const OPERATOR = "kontakt@loppeguiden.dk";

let site: Site;

beforeAll(async () => {
  site = await startSite();
});

afterAll(async () => {
  await site?.close();
});

/** What the contact form sends when "Send besked" is pressed, after a person filled in `typed` (by field name). */
function contactForm(page: SiteResponse, typed: Record<string, string> = {}): URLSearchParams {
  return formFields(plainForm(page.html, 'form[action="/kontakt"]'), texts.submit, typed);
}

test("good input is stored, mailed to the operator and thanked for, without JavaScript", async () => {
  const client = site.client();
  const email = "kontakt-uden-js@example.dk";
  const message = `Loppemarkedet i Vejle er flyttet til Søndergade (${email}).`;
  const form = await client.get("/kontakt");
  expect([...contactForm(form).keys()]).toEqual(expect.arrayContaining(["name", "email", "subject", "message"]));

  const { answer, page } = await client.submit("/kontakt", contactForm(form, { name: "Mette Holm", email, subject: "correction", message }));
  expect(answer.status).toBe(303);
  expect(answer.location).toBe("/kontakt");
  expect(page.html.toasts().map((toast) => toast.title)).toEqual([texts.sent.title]);
  // The form is empty again, ready for the next message.
  expect(Object.fromEntries(contactForm(page))).toMatchObject({ name: "", email: "", message: "" });

  const stored = await site.database.db.selectFrom("contact_messages").select(["name", "topic", "plan", "message"]).where("email", "=", email).execute();
  expect(stored).toEqual([{ name: "Mette Holm", topic: "correction", plan: null, message }]);
  const mail = await site.waitForMail(OPERATOR);
  expect(mail.subject).toBe("Kontaktformular: Rettelse til et marked fra Mette Holm");
  expect(mail.text).toContain(message);
  expect(mail.raw).toMatch(new RegExp(`^Reply-To: ${email.replace(/[.+]/g, "\\$&")}`, "mi"));
});
