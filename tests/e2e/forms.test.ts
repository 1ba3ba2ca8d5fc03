import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { collectPageErrors, DESKTOP, launchBrowser } from "../support/browser";
import { linkIn } from "../support/mailbox";
import { browserSite, createTestAccount, createUser, postForm, uniqueEmail } from "../support/factories";
import { formCases, type FormCase } from "../support/form-cases";
import { PROGRESSIVE_SCRIPT } from "./every-page";
import { gotoHydrated, openContext, submitButton, texts, url, waitForHydration, waitForMailTo, watchHydration } from "./helpers";

/**
 * Every form of the account pages and /kontakt, built on one schema each (app/forms), with
 * JavaScript: a wrong value gets its Danish message at its field before anything is sent, read out
 * with it, and the other fields keep what was typed; when the checks have not arrived yet, the
 * server's answer is shown in place. These pages load no React (decision 0022): their script
 * checks the forms with the same engine and schemas (app/forms/enhance-form.ts). The same forms
 * without JavaScript, answered by the server: tests/integration/form-messages.test.ts.
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

/** The message at a field as a screen reader gives it: aria-invalid, and aria-describedby naming it. */
async function messageAt(page: Page, id: string): Promise<string | null> {
  return page.evaluate((fieldId) => {
    const field = document.getElementById(fieldId)!;
    if (field.getAttribute("aria-invalid") !== "true") return null;
    const described = (field.getAttribute("aria-describedby") ?? "").split(" ");
    return described.includes(`${fieldId}-fejl`) ? (document.getElementById(`${fieldId}-fejl`)?.textContent ?? null) : null;
  }, id);
}

describe("forms on pages without React", () => {
  test("sign-up checks before sending: every message at its field, the first wrong field focused, and each field checked again as it is corrected", async () => {
    const context = await openContext(browser, DESKTOP);
    try {
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      const scripts: string[] = [];
      const posts: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
        if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
      });
      await gotoHydrated(page, "/sign-up");
      // The page loads its one small script; the checks come when someone starts on the form.
      expect(scripts).toEqual([expect.stringMatching(PROGRESSIVE_SCRIPT)]);
      await page.locator("#name").focus();
      await page.locator("#sign-up[data-checks=browser]").waitFor();

      await page.locator("#email").fill("mette@");
      await page.locator("#password").fill("kort");
      await submitButton(page, texts.signUp.submit).click();
      await expect.poll(() => messageAt(page, "name")).toBe(translation.forms.personName.required);
      expect(await messageAt(page, "email")).toBe(translation.forms.email.invalid);
      expect(await messageAt(page, "password")).toBe(texts.fields.passwordTooShort);
      // The hint is still read out first, then the message.
      expect(await page.locator("#password").getAttribute("aria-describedby")).toBe("password-hint password-fejl");
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("name");

      // Corrected, a field's message goes as it is typed, and the field is checked again if it goes wrong.
      await page.locator("#name").fill("Mette Holm");
      await expect.poll(() => page.locator("#name-fejl").count()).toBe(0);
      expect(await page.locator("#name").getAttribute("aria-invalid")).toBeNull();
      expect(await page.locator("#name").getAttribute("aria-describedby")).toBeNull();
      await page.locator("#password").fill("lang-nok-kode");
      await expect.poll(() => page.locator("#password-fejl").count()).toBe(0);
      expect(await page.locator("#password").getAttribute("aria-describedby")).toBe("password-hint");
      await page.locator("#name").fill(" ");
      await expect.poll(() => messageAt(page, "name")).toBe(translation.forms.personName.required);
      // The focus stayed where the person typed, and nothing was sent.
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("name");
      expect(await messageAt(page, "email")).toBe(translation.forms.email.invalid);
      expect(posts).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("a message the server answered with goes once its field is corrected, before anything is sent", async () => {
    const context = await openContext(browser, DESKTOP);
    try {
      const { email } = await createUser((await browserSite()).database, { email: uniqueEmail("optaget") });
      const page = await context.newPage();
      await gotoHydrated(page, "/sign-up");
      await page.locator("#name").fill("Mette Holm");
      await page.locator("#email").fill(email);
      await page.locator("#password").fill("lang-nok-kode");
      const answered = page.waitForResponse((response) => response.request().method() === "POST");
      await submitButton(page, texts.signUp.submit).click();
      expect((await answered).status()).toBe(400);
      await waitForHydration(page);
      expect(await messageAt(page, "email")).toBe(texts.signUp.errors.exists);

      const posts: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
      });
      await page.locator("#email").focus();
      await page.locator("#sign-up[data-checks=browser]").waitFor();
      await page.locator("#email").fill(uniqueEmail("ny"));
      await expect.poll(() => page.locator("#email-fejl").count()).toBe(0);
      expect(await page.locator("#email").getAttribute("aria-invalid")).toBeNull();
      expect(posts).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("once sent, its button says so and waits, and a second send goes nowhere", async () => {
    const context = await openContext(browser, DESKTOP);
    try {
      const page = await context.newPage();
      await gotoHydrated(page, "/forgot-password");
      // An answer without content leaves the page as it was after its post went: the state to look at.
      const sent: string[] = [];
      await page.route(
        (address) => address.pathname === "/forgot-password",
        (route) => (route.request().method() === "POST" ? (sent.push(route.request().postData() ?? ""), route.fulfill({ status: 204 })) : route.continue()),
      );
      await page.locator("#email").fill(uniqueEmail("glemt"));
      await page.locator("#forgot-password[data-checks=browser]").waitFor();
      await submitButton(page, texts.forgotPassword.submit).click();
      expect(await submitButton(page, texts.forgotPassword.submitting).isDisabled()).toBe(true);
      // The button was pressed before it waited: its intent went with the form.
      expect(new URLSearchParams(sent[0]).get("intent")).toBe("reset");

      // Sent again all the same (by a script, say): stopped.
      const stopped = await page.evaluate(() => {
        const form = document.querySelector<HTMLFormElement>("#forgot-password")!;
        let prevented = false;
        form.addEventListener("submit", (event) => (prevented = event.defaultPrevented), { once: true });
        form.requestSubmit();
        return prevented;
      });
      expect(stopped).toBe(true);
      expect(sent).toHaveLength(1);
    } finally {
      await context.close();
    }
  });
});
