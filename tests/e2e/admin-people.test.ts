import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { collectPageErrors, launchBrowser } from "../support/browser";
import { expectNoAxeViolationsInBothThemes } from "../support/dark-theme";
import { createTestAccount, signInContext, type TestAccount } from "../support/factories";
import { expectNoSidewaysScrolling, expectToast, gotoHydrated, openContext } from "./helpers";

const people = translation.people;
const log = translation.adminLog;

/**
 * The people pages and the admin log in a browser: the list, a person before and after a block
 * sent with JavaScript, and the log, each passing axe in both themes on a 320 px screen. What
 * each post answers, the rules and the session's end: tests/integration/admin-pages.test.ts.
 */
let browser: Browser;
let admin: TestAccount;
let person: TestAccount;

beforeAll(async () => {
  browser = await launchBrowser();
  [admin, person] = await Promise.all([createTestAccount({ name: "Ingrid Administrator", admin: true }), createTestAccount({ name: "Preben Personsen" })]);
});

afterAll(async () => {
  await browser?.close();
});

test("the people list, a person before and after a block, and the log fit a 320 px screen and pass axe in both themes", async () => {
  const context = await openContext(browser, { viewport: { width: 320, height: 720 } });
  try {
    await signInContext(context, admin);
    const page = await context.newPage();
    const errors = collectPageErrors(page);

    await gotoHydrated(page, `/dashboard/admin/brugere?q=${encodeURIComponent(person.email.slice(0, 14))}`);
    await page.getByRole("list", { name: people.list.label }).waitFor();
    await expectNoSidewaysScrolling(page, "brugere");
    await expectNoAxeViolationsInBothThemes(page, "brugere");

    await page.getByRole("link", { name: "Preben Personsen" }).click();
    await page.getByRole("heading", { level: 1, name: "Preben Personsen" }).waitFor();
    await expectNoSidewaysScrolling(page, "en bruger");
    await expectNoAxeViolationsInBothThemes(page, "en bruger");

    // Sent without a reason, the browser's own check says so at the field before anything is posted.
    const block = page.getByRole("region", { name: people.block.heading });
    await block.getByRole("textbox", { name: people.block.reasonLabel }).focus();
    // The focus loads the form's checks; a click before they arrive posts to the server (a 400).
    await block.locator("form[data-checks=browser]").waitFor();
    await block.getByRole("button", { name: people.block.submit }).click();
    await expect.poll(() => block.getByRole("textbox", { name: people.block.reasonLabel }).getAttribute("aria-invalid")).toBe("true");
    await expectNoAxeViolationsInBothThemes(page, "spærring uden begrundelse");

    await block.getByRole("textbox", { name: people.block.reasonLabel }).fill("Falske annoncer");
    await block.getByRole("button", { name: people.block.submit }).click();
    await expectToast(page, people.block.done.replace("{{name}}", "Preben Personsen"));
    await page.getByRole("region", { name: people.unblock.heading }).waitFor();
    await expectNoAxeViolationsInBothThemes(page, "en spærret bruger, med beskeden");

    await gotoHydrated(page, "/dashboard/admin/log");
    await page.getByRole("list", { name: log.tableLabel }).waitFor();
    await expectNoSidewaysScrolling(page, "loggen");
    await expectNoAxeViolationsInBothThemes(page, "loggen");
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});
