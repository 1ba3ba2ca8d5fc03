import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { snapshotOf } from "../../app/markets/submissions/snapshot";
import { editMarket, submitMarket } from "../../app/markets/submissions/submissions.server";
import { browserSite, createTestAccount, createTestMarket, createUser, marketInput, signInContext, type TestAccount } from "../support/factories";
import { axeViolations, collectPageErrors, DESKTOP, launchBrowser } from "../support/browser";
import { expectToast, gotoHydrated, openContext, url } from "./helpers";

const texts = translation.admin.review;
const QUEUE = "/dashboard/admin/godkendelser";

/**
 * The review queue in a browser: an admin approves a submission through the pages, and the queue
 * and an item page (a preview, a list of changes, three forms) pass axe in both themes and fit a
 * 320 px screen. What each post does and answers: tests/integration/review-pages.test.ts.
 */
let browser: Browser;
let admin: TestAccount;
let approvable: { name: string; slug: string };
let editPath: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const { database } = await browserSite();
  admin = await createTestAccount({ name: "Anne Admin", admin: true });
  const organiser = await createUser(database, { name: "Ole Arrangør" });
  const visitor = { id: organiser.id, roles: ["visitor" as const] };
  const sent = snapshotOf(await marketInput({ name: `Browserloppen ${Date.now().toString(36)}` }));
  const { slug } = await submitMarket(database.db, visitor, sent);
  approvable = { name: sent.name, slug };
  // An edit without coordinates, with long words in its name and description: the item page with the most on it.
  const market = await createTestMarket(database, { name: `Ændringsmarkedet ${Date.now().toString(36)}` }, { owner: organiser.id });
  const changed = snapshotOf(
    await marketInput({
      name: `Loppemarkedsforeningsmarkedet ${Date.now().toString(36)}`,
      description: "Et langt ord: loppemarkedsarrangørforeningsformandskabet. ".repeat(8),
      latitude: undefined,
      longitude: undefined,
      entryFeeDkk: "25",
    }),
  );
  await editMarket(database.db, visitor, market.id, changed);
  const row = await database.db.selectFrom("market_revisions").select("id").where("market_id", "=", market.id).where("state", "=", "pending").executeTakeFirstOrThrow();
  editPath = `${QUEUE}/${row.id}`;
});

afterAll(async () => {
  await browser?.close();
});

async function adminContext(options: Parameters<typeof openContext>[1], theme?: "dark"): Promise<BrowserContext> {
  const context = await openContext(browser, options);
  await signInContext(context, admin);
  if (theme) await context.addCookies([{ name: "loppeguiden-theme", value: theme, url: url("/") }]);
  return context;
}

test("an admin opens a submission from the queue, approves it, and it is public", async () => {
  const context = await adminContext(DESKTOP);
  try {
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await gotoHydrated(page, QUEUE);
    await page.getByRole("link", { name: approvable.name, exact: true }).click();
    await page.getByRole("heading", { level: 1, name: approvable.name }).waitFor();
    await page.getByRole("button", { name: texts.approve.submitSubmission, exact: true }).click();
    await page.waitForURL(url(QUEUE));
    await expectToast(page, texts.toast.approvedSubmission.replace("{{name}}", approvable.name));
    expect(await page.getByRole("link", { name: approvable.name, exact: true }).count()).toBe(0);
    expect((await fetch(url(`/markeder/${approvable.slug}`))).status).toBe(200);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});

const NARROW = { viewport: { width: 320, height: 720 } };

describe.each([
  ["light", { ...DESKTOP, viewport: { width: 1280, height: 800 } }, undefined],
  ["dark", NARROW, "dark"],
] as const)("in the %s theme", (theme, viewport, cookie) => {
  test("the queue and an item page pass axe and fit the screen", async () => {
    const context = await adminContext(viewport, cookie);
    try {
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      for (const path of [QUEUE, editPath]) {
        await gotoHydrated(page, path);
        if (path === editPath) await page.getByText(texts.correct.show).click();
        expect(await page.evaluate(() => document.documentElement.classList.contains("dark")), path).toBe(theme === "dark");
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(viewport.viewport.width);
        const violations = await axeViolations(page);
        expect(violations, `${path} (${theme}):\n${JSON.stringify(violations, null, 2)}`).toEqual([]);
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
