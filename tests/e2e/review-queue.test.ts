import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { snapshotOf } from "../../app/revisions/snapshot";
import { editMarket, submitMarket } from "../../app/revisions/send.server";
import { browserSite, createTestAccount, createTestMarket, createUser, marketInput, signInContext, type TestAccount } from "../support/factories";
import { collectPageErrors, DESKTOP, launchBrowser } from "../support/browser";
import { expectNoAxeViolationsInBothThemes } from "../support/dark-theme";
import { expectNoSidewaysScrolling, expectToast, gotoHydrated, openContext } from "./helpers";

const texts = translation.admin.review;
const QUEUE = "/dashboard/admin/godkendelser";

/**
 * The review queue in a browser: an admin approves a submission through the pages, and the queue
 * and an item page (a preview, a list of changes, three forms) pass axe in both themes and fit a
 * 320 px screen. What each post does and answers (the approved market public at once):
 * tests/integration/review-pages.test.ts.
 */
let browser: Browser;
let admin: TestAccount;
let approvable: { name: string };
let editPath: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const { database } = await browserSite();
  admin = await createTestAccount({ name: "Anne Admin", admin: true });
  const organiser = await createUser(database, { name: "Ole Arrangør" });
  const visitor = { id: organiser.id, roles: ["visitor" as const] };
  const sent = snapshotOf(await marketInput({ name: `Browserloppen ${Date.now().toString(36)}` }));
  await submitMarket(database.db, visitor, sent);
  approvable = { name: sent.name };
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

async function adminContext(options: Parameters<typeof openContext>[1]): Promise<BrowserContext> {
  const context = await openContext(browser, options);
  await signInContext(context, admin);
  return context;
}

test("an admin opens a submission from the queue and approves it, and is back at the queue without it", async () => {
  const context = await adminContext(DESKTOP);
  try {
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await gotoHydrated(page, QUEUE);
    await page.getByRole("link", { name: approvable.name, exact: true }).click();
    await page.getByRole("heading", { level: 1, name: approvable.name }).waitFor();
    await page.getByRole("button", { name: texts.approve.submitSubmission, exact: true }).click();
    await page.waitForURL((address) => address.pathname === QUEUE);
    await expectToast(page, texts.toast.approvedSubmission.replace("{{name}}", approvable.name));
    expect(await page.getByRole("link", { name: approvable.name, exact: true }).count()).toBe(0);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});

const NARROW = { viewport: { width: 320, height: 720 } };

test("the queue and an item page fit a 320 px screen and pass axe in both themes", async () => {
  const context = await adminContext(NARROW);
  try {
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    for (const path of [QUEUE, editPath]) {
      await gotoHydrated(page, path);
      if (path === editPath) await page.getByText(texts.correct.show).click();
      await expectNoSidewaysScrolling(page, path);
      await expectNoAxeViolationsInBothThemes(page, path);
    }
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});
