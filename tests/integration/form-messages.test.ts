import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { SiteResponse } from "../support/site";
import { createUser } from "../support/factories";
import { formCases } from "../support/form-cases";
import { formFields, plainForm } from "../support/plain-forms";
import { startSite, type Site } from "../support/site";

/**
 * Every form of the account pages and /kontakt, built on one schema each (app/forms), sent without
 * JavaScript with a wrong value: the server answers 400 with its Danish message at its field, read
 * out with it, and the other fields keep what was typed. The same forms with JavaScript, where the
 * message comes before anything is sent: tests/e2e/forms.test.ts. These pages are sent without
 * React (decision 0022), the refused form's page too: their script checks the forms.
 */

let site: Site;

beforeAll(async () => {
  site = await startSite();
});

afterAll(async () => {
  await site?.close();
});

async function resetLink(): Promise<string> {
  const { email } = await createUser(site.database);
  await site.post("/forgot-password", { email });
  return site.linkIn(await site.waitForMail(email), "/reset-password");
}

const CASES = formCases(resetLink);

/** A page sent without React: its one script of its own, no hydration data, no module preloads. */
function expectNoReact(page: SiteResponse): void {
  // Structured data is a script element too, but nothing a browser runs.
  const scripts = page.html.all("script").filter((script) => script.getAttribute("type") !== "application/ld+json");
  expect(scripts.map((script) => script.getAttribute("src"))).toEqual([expect.stringMatching(/^\/assets\/progressive-[\w-]+\.js$/)]);
  expect(page.text).not.toContain("__reactRouterContext");
  expect(page.text).not.toContain("modulepreload");
}

describe("forms without JavaScript", () => {
  test.each(CASES)("$label: the message is at the field and the rest is kept", async (form) => {
    const client = site.client();
    const path = typeof form.path === "string" ? form.path : await form.path();
    const page = await client.get(path);
    expect(page.status).toBe(200);
    const values = Object.fromEntries([...form.typed, ...(form.chosen ?? [])]);
    // A person types into the field with this id; the browser sends it under the field's name.
    const byName = Object.fromEntries(Object.entries(values).map(([id, value]) => [page.html.byId(id)!.getAttribute("name")!, value]));
    const plain = plainForm(page.html, `form#${form.form}`);

    const answer = await client.post(plain.action || path, formFields(plain, form.button, byName));
    expect(answer.status).toBe(400);
    expectNoReact(answer);
    const [wrong] = form.typed[0]!;
    const field = answer.html.byId(wrong)!;
    expect(answer.html.fieldMessage(field)).toBe(form.message);
    expect(answer.html.byId(`${wrong}-fejl`)?.text.trim()).toBe(form.message);
    for (const id of form.kept) {
      const element = answer.html.byId(id)!;
      const kept = element.tagName === "SELECT" ? element.querySelector("option[selected]")?.getAttribute("value") : answer.html.value(element);
      expect(kept, id).toBe(values[id]);
    }
  });
});

describe("the pages of these forms", () => {
  test.each([
    "/sign-in",
    "/sign-in/anything",
    "/sign-up",
    "/sign-up/x",
    "/sign-up?tjek-email=1",
    "/forgot-password",
    "/forgot-password?sendt=1",
    "/reset-password?token=ukendt",
    "/kontakt",
  ])("%s is sent without React", async (path) => {
    expectNoReact(await site.get(path));
  });

  test("a page with a usable reset link is sent without React", async () => {
    expectNoReact(await site.get(await resetLink()));
  });
});
