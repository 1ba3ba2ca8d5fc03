import { existsSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Locator, Page, Request } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { collectPageErrors, DESKTOP, launchBrowser } from "../support/browser";
import { createTestAccount, signInContext, signInOverApi, withServerDatabase, type TestAccount, type UserOptions } from "../support/factories";
import { baseUrl, expectToast, gotoChecked, toastRegion, watchHydration } from "./helpers";

/*
 * The settings page with JavaScript: what the forms do in the page (their rules checked before
 * anything is sent, the answer shown in place). What the server does with each post, and what a
 * browser without JavaScript gets, is tested at the level of requests: tests/integration/settings.test.ts.
 * One person's page is opened once and used by every test but the last, in order: the checks
 * before sending change nothing, and the two posts that follow them come last.
 */

const texts = translation.settings;
/** The messages every form shares (app/forms/fields.ts). */
const formTexts = translation.forms;
/** What any picture upload is told (app/lib/images/messages.server.ts); avatars are held to 5 MB. */
const imageErrors = translation.images.errors;
const AVATAR_TOO_LARGE = imageErrors.tooLargeLimit.replace("{{size}}", "5 MB");
const SETTINGS = "/dashboard/indstillinger";
const storageDir = path.join(path.dirname(inject("databaseFile")), "uploads");

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function signedIn(options: UserOptions = {}) {
  const account = await createTestAccount(options);
  const context = await browser.newContext(DESKTOP);
  await watchHydration(context);
  await signInContext(context, account);
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await gotoChecked(page, SETTINGS);
  return { account, context, page, errors };
}

/** This toast, alone: one toast at a time, so it replaced any before it, and none came after it. */
async function expectToastAlone(page: Page, title: string) {
  await expectToast(page, title);
  expect((await page.evaluate(() => window.__lgToasts))?.at(-1)).toBe(title);
  expect(await toastRegion(page).locator("li").count()).toBeLessThanOrEqual(1);
}

function section(page: Page, heading: string) {
  return page.getByRole("region", { name: heading, exact: true });
}

function userRow(id: string) {
  return withServerDatabase((db) => db.prepare('select name, email, image from "user" where id = ?').get(id) as { name: string; email: string; image: string | null } | undefined);
}

function profileRow(id: string) {
  return withServerDatabase(
    (db) => db.prepare("select email, avatar_url from profiles where auth_user_id = ?").get(id) as { email: string; avatar_url: string | null } | undefined,
  );
}

/** A real photo-like PNG with camera metadata that must not survive the upload. */
function photo(colour: { r: number; g: number; b: number }): Promise<Buffer> {
  return sharp({ create: { width: 900, height: 600, channels: 3, background: colour } })
    .png()
    .withExif({ IFD0: { Copyright: "Hemmelig Fotograf", Make: "Kamera A/S" } })
    .toBuffer();
}

/** The message a field is marked with: aria-invalid, and aria-describedby pointing at it (after any hint). */
async function fieldMessage(page: Page, field: Locator): Promise<string | null> {
  if ((await field.getAttribute("aria-invalid")) !== "true") return null;
  const errorId = (await field.getAttribute("aria-describedby"))?.split(" ").find((id) => id.endsWith("-fejl"));
  return errorId ? page.locator(`#${errorId}`).innerText() : null;
}

/** The posts the page sends to the settings page's action (with JavaScript, to /dashboard/indstillinger.data), until stopped. */
function watchPosts(page: Page): { posts: string[]; stop: () => void } {
  const posts: string[] = [];
  const listener = (request: Request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname.startsWith(SETTINGS)) posts.push(request.url());
  };
  page.on("request", listener);
  return { posts, stop: () => page.off("request", listener) };
}

/** Requests are reported in the order they are sent: once one sent after a click is back, any post the click made has been seen. */
async function requestsSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    await fetch("/healthz", { cache: "no-store" });
  });
}

/** The files a settings form fetches once someone starts on it: Conform's checks and the forms' rules. */
const RULES = /\/assets\/(validate|settings-schemas)-[^/]+\.js$/;

/**
 * Starts on a form by focusing one of its fields, and waits until its rules are in place: both
 * files fetched, then imported once more in the page, which resolves only when they have run.
 */
async function rulesLoaded(page: Page, field: Locator): Promise<void> {
  await field.focus();
  let files: string[] = [];
  await expect
    .poll(
      async () => {
        const loaded = await page.evaluate(() => performance.getEntriesByType("resource").map((entry) => entry.name));
        files = loaded.filter((name) => RULES.test(new URL(name).pathname));
        return files.length;
      },
      { timeout: 10_000 },
    )
    .toBeGreaterThanOrEqual(2);
  // A string, so the test runner leaves its import() alone.
  await page.evaluate(`Promise.all(${JSON.stringify(files)}.map((file) => import(file))).then(() => true)`);
}

/**
 * Sends a form with a wrong value, and checks its message is at the field: the form is checked
 * with its rules when sent, and nothing goes to the server. (Without JavaScript the server answers
 * with the same message: tests/integration/settings.test.ts.)
 */
async function sendInvalid(page: Page, field: Locator, button: Locator, message: string): Promise<void> {
  const watched = watchPosts(page);
  try {
    await rulesLoaded(page, field);
    await button.click();
    await expect.poll(() => fieldMessage(page, field)).toBe(message);
    await requestsSettled(page);
    expect(watched.posts).toEqual([]);
    expect(await fieldMessage(page, field)).toBe(message);
  } finally {
    watched.stop();
  }
}

describe("one person's settings page", () => {
  let account: TestAccount;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    ({ account, context, page, errors } = await signedIn({ name: "Kort Navn" }));
  });

  afterAll(async () => {
    await context?.close();
  });

  describe("each form's rules, before anything is sent", () => {
    test("name: only spaces is said at the field, and the field keeps what was typed", async () => {
      const form = section(page, texts.name.heading);
      const field = form.getByRole("textbox", { name: texts.name.label });
      await field.fill("   ");
      await sendInvalid(page, field, form.getByRole("button", { name: texts.name.submit }), formTexts.personName.required);
      expect(await field.inputValue()).toBe("   ");
      expect(userRow(account.id)?.name).toBe("Kort Navn");
    });

    test("picture: none chosen, or too large, is said at the field", async () => {
      const form = section(page, texts.avatar.heading);
      const input = form.getByLabel(texts.avatar.label);
      const button = form.getByRole("button", { name: texts.avatar.submit });
      await sendInvalid(page, input, button, texts.errors.avatarMissing);
      // Too large is said before anything is sent (without JavaScript the server says it with 413).
      await input.setInputFiles({ name: "kæmpe.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(6 * 1024 * 1024, 7) });
      await sendInvalid(page, input, button, AVATAR_TOO_LARGE);
      expect(profileRow(account.id)?.avatar_url).toBeNull();
    });

    test("e-mail: an address that is not one is said at the field, and stays as typed", async () => {
      const form = section(page, texts.email.heading);
      const field = form.getByRole("textbox", { name: texts.email.label });
      await field.fill("ikke-en-adresse");
      await sendInvalid(page, field, form.getByRole("button", { name: texts.email.submit }), formTexts.email.invalid);
      expect(await field.inputValue()).toBe("ikke-en-adresse");
      expect(userRow(account.id)?.email).toBe(account.email);
    });

    test("password: a short new one, and two that differ, are said at the field; the choice to end other sessions stays", async () => {
      const form = section(page, texts.password.heading);
      const current = form.getByLabel(texts.password.current);
      const next = form.getByLabel(texts.password.new, { exact: true });
      const again = form.getByLabel(texts.password.confirm);
      const revoke = form.getByLabel(texts.password.revokeOthers);
      const button = form.getByRole("button", { name: texts.password.submit });
      await current.fill(account.password!);
      await next.fill("kort");
      await again.fill("kort");
      await revoke.check();
      await sendInvalid(page, next, button, formTexts.password.tooShort.replace("{{min}}", "6"));
      expect(await revoke.isChecked()).toBe(true);
      // Nothing was sent: what was typed stays (the server never sends a password back).
      expect([await current.inputValue(), await next.inputValue(), await again.inputValue()]).toEqual([account.password!, "kort", "kort"]);

      await current.fill(account.password!);
      await next.fill("ny-hemmelighed");
      await again.fill("noget-andet");
      await sendInvalid(page, again, button, texts.errors.passwordMismatch);
      expect(await fieldMessage(page, next)).toBeNull();
      expect(await revoke.isChecked()).toBe(true);
      await expect(signInOverApi(account.email, account.password!)).resolves.not.toHaveLength(0);
    });

    test("theme: none of the three chosen is said at the choices", async () => {
      const form = section(page, texts.theme.heading);
      const light = form.getByLabel(texts.theme.light);
      // One of the three is always chosen; only a tampered page sends none.
      await form.getByRole("radio").evaluateAll((radios: HTMLInputElement[]) => radios.forEach((radio) => (radio.checked = false)));
      await sendInvalid(page, light, form.getByRole("button", { name: texts.theme.submit }), texts.errors.themeInvalid);
      expect((await context.cookies(baseUrl)).find((cookie) => cookie.name === "loppeguiden-theme")).toBeUndefined();
    });

    test("deleting: no password is said at the field", async () => {
      const form = section(page, texts.delete.heading);
      const field = form.getByLabel(texts.delete.passwordLabel);
      await sendInvalid(page, field, form.getByRole("button", { name: texts.delete.submit }), texts.errors.deletePasswordRequired);
      expect(userRow(account.id)).toBeDefined();
    });
  });

  test("avatar: a file that is not a picture, or a broken one, gets the server's Danish message in place and changes nothing", async () => {
    const form = section(page, texts.avatar.heading);
    const input = form.getByLabel(texts.avatar.label);
    const message = page.locator("#profilbillede-fil-fejl");

    await input.setInputFiles({ name: "virus.png", mimeType: "image/png", buffer: Buffer.from("dette er ikke et billede".repeat(50)) });
    const [bogus] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), form.getByRole("button", { name: texts.avatar.submit }).click()]);
    expect(bogus.status()).toBe(400);
    await expect.poll(() => message.innerText()).toBe(imageErrors.notImage);
    expect(await input.getAttribute("aria-invalid")).toBe("true");

    // A PNG header on broken pixels: readable metadata, undecodable data.
    const png = await photo({ r: 1, g: 2, b: 3 });
    await input.setInputFiles({ name: "afbrudt.png", mimeType: "image/png", buffer: png.subarray(0, Math.floor(png.length / 2)) });
    const [broken] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), form.getByRole("button", { name: texts.avatar.submit }).click()]);
    expect(broken.status()).toBe(400);
    await expect.poll(() => message.innerText()).toBe(imageErrors.notImage);

    expect(profileRow(account.id)?.avatar_url).toBeNull();
    expect(existsSync(path.join(storageDir, "avatars", account.id))).toBe(false);
  });

  test("a new name is saved with a toast and shows in the dashboard menu", async () => {
    const form = section(page, texts.name.heading);
    await form.getByLabel(texts.name.label, { exact: true }).fill("  Ny Nielsen  ");
    await form.getByRole("button", { name: texts.name.submit }).click();
    await expectToastAlone(page, texts.toasts.nameSaved);
    await expect.poll(() => page.getByRole("complementary").innerText()).toContain("Ny Nielsen");
    expect(userRow(account.id)?.name).toBe("Ny Nielsen");
    expect(errors.filter((error) => !/status of 400/.test(error))).toEqual([]);
  });
});

test("deleting an account that signs in with Google: its address mistyped is said at the field", async () => {
  const google = await signedIn({ googleOnly: true });
  try {
    const form = section(google.page, texts.delete.heading);
    const field = form.getByLabel(texts.delete.emailLabel.replace("{{email}}", google.account.email));
    await field.fill("en-anden@eksempel.dk");
    await sendInvalid(google.page, field, form.getByRole("button", { name: texts.delete.submit }), texts.errors.deleteEmailMismatch);
    expect(await field.inputValue()).toBe("en-anden@eksempel.dk");
    expect(userRow(google.account.id)).toBeDefined();
  } finally {
    await google.context.close();
  }
});
