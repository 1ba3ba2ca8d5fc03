import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { DESKTOP, launchBrowser } from "../support/browser";
import { linkIn } from "../support/mailbox";
import { createTestAccount, postForm } from "../support/factories";
import { gotoHydrated, openContext, url, waitForHydration, waitForMailTo, watchHydration } from "./helpers";

/**
 * Every form of the account pages and /kontakt, built on one schema each (app/forms), with
 * JavaScript: a wrong value gets its Danish message at its field before anything is sent, read out
 * with it, and the other fields keep what was typed; when the checks have not arrived yet, the
 * server's answer is shown in place. The same forms without JavaScript, answered by the server:
 * tests/integration/form-messages.test.ts.
 */

interface FormCase {
  label: string;
  /** The page; a function when it needs something made first (a reset link). */
  path: string | (() => Promise<string>);
  form: string;
  /** What is typed, by field id; the first entry is the wrong one. */
  typed: [string, string][];
  /** A select to choose, by field id. */
  chosen?: [string, string][];
  message: string;
  /** Fields that must come back as they were typed (passwords never do). */
  kept: string[];
}

const messages = translation.forms;

async function resetLink(): Promise<string> {
  const account = await createTestAccount();
  await postForm("/forgot-password", { email: account.email });
  const link = linkIn(await waitForMailTo(account.email), "/reset-password");
  return `${new URL(link).pathname}${new URL(link).search}`;
}

const CASES: FormCase[] = [
  {
    label: "sign-up",
    path: "/sign-up",
    form: "sign-up",
    typed: [["email", "mette@"], ["name", "Mette Holm"], ["password", "loppe-hemmelig"]],
    message: messages.email.invalid,
    kept: ["name"],
  },
  {
    label: "sign-up, a short password",
    path: "/sign-up",
    form: "sign-up",
    typed: [["password", "kort"], ["name", "Mette Holm"], ["email", "mette@example.dk"]],
    message: messages.password.tooShort.replace("{{min}}", "6"),
    kept: ["name", "email"],
  },
  {
    label: "sign-in",
    path: "/sign-in",
    form: "sign-in",
    typed: [["password", ""], ["email", "mette@example.dk"]],
    message: messages.password.required,
    kept: ["email"],
  },
  {
    label: "forgot password",
    path: "/forgot-password",
    form: "forgot-password",
    typed: [["email", "mette.example.dk"]],
    message: messages.email.invalid,
    kept: ["email"],
  },
  {
    label: "reset password",
    path: resetLink,
    form: "reset-password",
    typed: [["repeatPassword", "noget-andet"], ["password", "nyt-hemmeligt"]],
    message: messages.password.differ,
    kept: [],
  },
  {
    label: "contact",
    path: "/kontakt",
    form: "kontakt",
    typed: [["message", "Hej"], ["name", "Mette Holm"], ["email", "mette@example.dk"]],
    chosen: [["subject", "question"]],
    message: translation.content.contact.errors.messageTooShort.replace("{{min}}", "10"),
    kept: ["name", "email", "subject"],
  },
];

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function fillIn(page: Page, form: FormCase): Promise<void> {
  for (const [id, value] of form.typed) await page.locator(`#${form.form} #${id}`).fill(value);
  for (const [id, value] of form.chosen ?? []) await page.locator(`#${form.form} #${id}`).selectOption(value);
}

describe("forms", () => {
  for (const form of CASES) {
    test(`${form.label}: the message is at the field and the rest is kept, before sending`, async () => {
      const context = await openContext(browser, DESKTOP);
      try {
        const page = await context.newPage();
        const posts: string[] = [];
        page.on("request", (request) => {
          const { pathname } = new URL(request.url());
          if (request.method() === "POST" && !pathname.startsWith("/api/")) posts.push(pathname);
        });
        await gotoHydrated(page, typeof form.path === "string" ? form.path : await form.path());

        // The checks arrive once someone starts on the form; a person typing takes longer than that.
        await fillIn(page, form);
        await page.locator(`#${form.form}[data-checks=browser]`).waitFor();
        await page.locator(`#${form.form} [type=submit]`).last().click();

        const [wrong] = form.typed[0]!;
        const field = page.locator(`#${form.form} #${wrong}`);
        await expect.poll(() => field.getAttribute("aria-invalid")).toBe("true");
        expect(await page.locator(`#${wrong}-fejl`).innerText()).toBe(form.message);
        expect((await field.getAttribute("aria-describedby"))?.split(" ")).toContain(`${wrong}-fejl`);
        for (const id of form.kept) {
          const value = [...form.typed, ...(form.chosen ?? [])].find(([name]) => name === id)![1];
          expect(await page.locator(`#${form.form} #${id}`).inputValue(), id).toBe(value);
        }
        // The schema came with the form: nothing went to the server.
        expect(posts).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});

describe("forms whose checks have not arrived yet", () => {
  for (const form of CASES.filter((candidate) => typeof candidate.path === "string")) {
    test(`${form.label}: the server's answer puts the message at the field and keeps what was typed`, async () => {
      const context = await browser.newContext(DESKTOP);
      try {
        await watchHydration(context);
        const page = await context.newPage();
        // A slow connection: the checks come long after the form was sent.
        await page.route(/\/assets\/validate-/, () => undefined);
        await page.goto(url(form.path as string));
        await waitForHydration(page);
        await fillIn(page, form);
        const answered = page.waitForResponse((response) => response.request().method() === "POST");
        await page.locator(`#${form.form} [type=submit]`).last().click();
        expect((await answered).status()).toBe(400);

        const [wrong] = form.typed[0]!;
        await expect.poll(() => page.locator(`#${form.form} #${wrong}`).getAttribute("aria-invalid")).toBe("true");
        expect(await page.locator(`#${wrong}-fejl`).innerText()).toBe(form.message);
        for (const id of form.kept) {
          const value = [...form.typed, ...(form.chosen ?? [])].find(([name]) => name === id)![1];
          expect(await page.locator(`#${form.form} #${id}`).inputValue(), id).toBe(value);
        }
      } finally {
        await context.close();
      }
    });
  }
});
