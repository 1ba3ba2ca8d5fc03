import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DESKTOP, launchBrowser } from "../support/browser";
import { linkIn } from "../support/mailbox";
import { createTestAccount, postForm } from "../support/factories";
import { formCases, type FormCase } from "../support/form-cases";
import { gotoHydrated, openContext, url, waitForHydration, waitForMailTo, watchHydration } from "./helpers";

/**
 * Every form of the account pages and /kontakt, built on one schema each (app/forms), with
 * JavaScript: a wrong value gets its Danish message at its field before anything is sent, read out
 * with it, and the other fields keep what was typed; when the checks have not arrived yet, the
 * server's answer is shown in place. The same forms without JavaScript, answered by the server:
 * tests/integration/form-messages.test.ts.
 */

async function resetLink(): Promise<string> {
  const account = await createTestAccount();
  await postForm("/forgot-password", { email: account.email });
  const link = linkIn(await waitForMailTo(account.email), "/reset-password");
  return `${new URL(link).pathname}${new URL(link).search}`;
}

const CASES = formCases(resetLink);

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
