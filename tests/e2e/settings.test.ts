import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import {
  cookieHeader,
  createTestAccount,
  signInContext,
  signInOverApi,
  withServerDatabase,
  type AccountOptions,
  type TestAccount,
} from "../support/accounts";
import { collectPageErrors, DESKTOP, launchBrowser, PHONE } from "../support/browser";
import { linkIn, waitForMail } from "../support/mailbox";
import { baseUrl, gotoChecked, url, waitForHydration, watchHydration } from "./helpers";

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

async function signedIn(options: AccountOptions = {}, { javaScript = true, viewport = DESKTOP } = {}) {
  const account = await createTestAccount(options);
  const context = await browser.newContext({ ...viewport, javaScriptEnabled: javaScript });
  if (javaScript) await watchHydration(context);
  await signInContext(context, account);
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  // Some tests end the session: the page's first check must have been answered by then.
  if (javaScript) await gotoChecked(page, SETTINGS);
  else await page.goto(url(SETTINGS));
  return { account, context, page, errors };
}

function toasts(page: Page) {
  return page.getByRole("region", { name: /Beskeder/ }).locator("li");
}

async function expectToast(page: Page, title: string) {
  await expect.poll(() => toasts(page).allInnerTexts(), { timeout: 5_000 }).toEqual([expect.stringContaining(title)]);
}

function section(page: Page, heading: string) {
  return page.getByRole("region", { name: heading, exact: true });
}

function userRow(id: string) {
  return withServerDatabase(
    (db) => db.prepare('select name, email, image from "user" where id = ?').get(id) as { name: string; email: string; image: string | null } | undefined,
  );
}

function profileRow(id: string) {
  return withServerDatabase(
    (db) => db.prepare("select email, avatar_url from profiles where auth_user_id = ?").get(id) as { email: string; avatar_url: string | null } | undefined,
  );
}

function claimMarket(userId: string): { id: string; name: string; slug: string } {
  return withServerDatabase((db) => {
    const market = db.prepare("select id, name, slug from markets where owner_id is null order by random() limit 1").get() as { id: string; name: string; slug: string };
    db.prepare("update markets set owner_id = ? where id = ?").run(userId, market.id);
    return market;
  });
}

function ownerOf(marketId: string): string | null {
  return withServerDatabase((db) => (db.prepare("select owner_id from markets where id = ?").get(marketId) as { owner_id: string | null }).owner_id);
}

async function status(path: string, account: TestAccount | { cookies: { name: string; value: string }[] }): Promise<{ status: number; location: string | null }> {
  const response = await fetch(url(path), { redirect: "manual", headers: { Cookie: cookieHeader(account) } });
  return { status: response.status, location: response.headers.get("location") };
}

function avatarFile(avatarUrl: string, size: 256 | 96): string {
  return path.join(storageDir, avatarUrl.replace("/billeder/", "").replace("-256.webp", `-${size}.webp`));
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

/** The posts the page sends to the settings page's action (with JavaScript, to /dashboard/indstillinger.data). */
function watchPosts(page: Page): string[] {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname.startsWith(SETTINGS)) posts.push(request.url());
  });
  return posts;
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
 * Sends a form with a wrong value, and checks its message is at the field. With JavaScript the
 * form is checked with its rules when sent, and nothing goes to the server; without, the server
 * answers `status` with the page again, its summary at the top linking to the field.
 */
async function sendInvalid(page: Page, javaScript: boolean, field: Locator, button: Locator, message: string, status = 400): Promise<void> {
  if (javaScript) {
    const posts = watchPosts(page);
    await rulesLoaded(page, field);
    await button.click();
    await expect.poll(() => fieldMessage(page, field)).toBe(message);
    await requestsSettled(page);
    expect(posts).toEqual([]);
  } else {
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.waitForEvent("framenavigated"),
      button.click(),
    ]);
    expect(answer.status()).toBe(status);
    await page.waitForLoadState();
    expect(await page.getByRole("alert").getByRole("link", { name: message }).getAttribute("href")).toBe(`#${await field.getAttribute("id")}`);
  }
  expect(await fieldMessage(page, field)).toBe(message);
}

describe("name and theme", () => {
  test("a new name is saved with a toast and shows in the dashboard menu", async () => {
    const { account, context, page, errors } = await signedIn({ name: "Gammelt Navn" });
    try {
      const form = section(page, texts.name.heading);
      await form.getByLabel(texts.name.label, { exact: true }).fill("  Ny Nielsen  ");
      await form.getByRole("button", { name: texts.name.submit }).click();
      await expectToast(page, texts.toasts.nameSaved);
      await expect.poll(() => page.getByRole("complementary").innerText()).toContain("Ny Nielsen");
      expect(userRow(account.id)?.name).toBe("Ny Nielsen");
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("without JavaScript: a blank name gets its message at the field, and the theme is saved with a toast", async () => {
    const { account, context, page } = await signedIn({ name: "Uden Script" }, { javaScript: false, viewport: PHONE });
    try {
      const form = section(page, texts.name.heading);
      await form.getByLabel(texts.name.label, { exact: true }).fill("   ");
      const [answer] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST"),
        page.waitForEvent("framenavigated"),
        form.getByRole("button").click(),
      ]);
      expect(answer.status()).toBe(400);
      await page.waitForLoadState();
      const field = section(page, texts.name.heading).getByRole("textbox", { name: texts.name.label });
      expect(await field.getAttribute("aria-invalid")).toBe("true");
      expect(await page.locator(`#${await field.getAttribute("aria-describedby")}`).innerText()).toBe(formTexts.personName.required);
      expect(await page.getByRole("alert").getByRole("link", { name: formTexts.personName.required }).getAttribute("href")).toBe("#navn");
      expect(userRow(account.id)?.name).toBe("Uden Script");

      const theme = section(page, texts.theme.heading);
      await theme.getByLabel(texts.theme.dark).check();
      const [saved] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST"),
        page.waitForEvent("framenavigated"),
        theme.getByRole("button", { name: texts.theme.submit }).click(),
      ]);
      expect(saved.status()).toBe(303);
      await page.waitForLoadState();
      expect(page.url()).toBe(url(SETTINGS));
      expect(await page.locator("html").getAttribute("class")).toBe("dark");
      expect(await toasts(page).allInnerTexts()).toEqual([expect.stringContaining(texts.toasts.themeSaved)]);
      expect(await section(page, texts.theme.heading).getByLabel(texts.theme.dark).isChecked()).toBe(true);
      const cookies = await context.cookies(baseUrl);
      expect(cookies.find((cookie) => cookie.name === "loppeguiden-theme")?.value).toBe("dark");
    } finally {
      await context.close();
    }
  });

  test("every post checks the session again: a session ended elsewhere sends the form to sign in", async () => {
    const { account, context, page } = await signedIn();
    try {
      withServerDatabase((db) => db.prepare('delete from "session" where "userId" = ?').run(account.id));
      const form = section(page, texts.name.heading);
      await form.getByLabel(texts.name.label, { exact: true }).fill("For sent");
      await form.getByRole("button").click();
      await page.waitForURL((address) => address.pathname === "/sign-in");
      expect(new URL(page.url()).searchParams.get("next")).toBe(SETTINGS);
      expect(userRow(account.id)?.name).not.toBe("For sent");
    } finally {
      await context.close();
    }
  });
});

describe("avatar", () => {
  test("a photo is re-encoded to small WebP files without its metadata; the next replaces it; removing deletes it", async () => {
    const { account, context, page, errors } = await signedIn({ name: "Billed Bruger" });
    try {
      const form = section(page, texts.avatar.heading);
      await form.getByLabel(texts.avatar.label).setInputFiles({ name: "ferie.png", mimeType: "image/png", buffer: await photo({ r: 200, g: 80, b: 40 }) });
      await form.getByRole("button", { name: texts.avatar.submit }).click();
      await expectToast(page, texts.toasts.avatarSaved);

      const first = profileRow(account.id)?.avatar_url;
      expect(first).toMatch(new RegExp(`^/billeder/avatars/${account.id}/[0-9a-f]{32}-256\\.webp$`));
      expect(userRow(account.id)?.image).toBe(first);
      await expect.poll(() => section(page, texts.avatar.heading).getByRole("img", { name: texts.avatar.currentAlt }).getAttribute("src")).toBe(first);

      const served = await fetch(url(first!));
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/webp");
      const large = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect([large.format, large.width, large.height]).toEqual(["webp", 256, 256]);
      expect(large.exif).toBeUndefined();
      const small = await sharp(readFileSync(avatarFile(first!, 96))).metadata();
      expect([small.format, small.width, small.height, small.exif]).toEqual(["webp", 96, 96, undefined]);

      await form.getByLabel(texts.avatar.label).setInputFiles({ name: "ny.png", mimeType: "image/png", buffer: await photo({ r: 20, g: 90, b: 200 }) });
      await form.getByRole("button", { name: texts.avatar.submit }).click();
      await expect.poll(() => profileRow(account.id)?.avatar_url).not.toBe(first);
      const second = profileRow(account.id)!.avatar_url!;
      expect(existsSync(avatarFile(second, 256))).toBe(true);
      // The old files go right after the new address is stored.
      await expect.poll(() => [existsSync(avatarFile(first!, 256)), existsSync(avatarFile(first!, 96))]).toEqual([false, false]);

      await section(page, texts.avatar.heading).getByRole("button", { name: texts.avatar.remove }).click();
      await expectToast(page, texts.toasts.avatarRemoved);
      expect(profileRow(account.id)?.avatar_url).toBeNull();
      expect(userRow(account.id)?.image).toBeNull();
      expect(existsSync(avatarFile(second, 256))).toBe(false);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("a file that is not a picture, or one too large, gets a Danish message and changes nothing", async () => {
    const { account, context, page } = await signedIn();
    try {
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

      // Too large is said before anything is sent (without JavaScript the server says it with 413: see "each form's rules").
      await input.setInputFiles({ name: "kæmpe.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(6 * 1024 * 1024, 7) });
      await sendInvalid(page, true, input, form.getByRole("button", { name: texts.avatar.submit }), AVATAR_TOO_LARGE);

      expect(profileRow(account.id)?.avatar_url).toBeNull();
      expect(existsSync(path.join(storageDir, "avatars", account.id))).toBe(false);
    } finally {
      await context.close();
    }
  });

  test("removing or replacing one's picture never deletes another person's files, whatever the stored address says", async () => {
    const owner = await signedIn();
    const intruder = await signedIn();
    try {
      const ownerForm = section(owner.page, texts.avatar.heading);
      await ownerForm.getByLabel(texts.avatar.label).setInputFiles({ name: "min.png", mimeType: "image/png", buffer: await photo({ r: 10, g: 120, b: 60 }) });
      await ownerForm.getByRole("button", { name: texts.avatar.submit }).click();
      await expectToast(owner.page, texts.toasts.avatarSaved);
      const ownersPicture = profileRow(owner.account.id)!.avatar_url!;

      // The intruder's stored picture points at the owner's files (as an address once set through
      // the auth library's own endpoint could), in the profile and in the library's user row.
      withServerDatabase((db) => {
        db.prepare("update profiles set avatar_url = ? where auth_user_id = ?").run(ownersPicture, intruder.account.id);
        db.prepare('update "user" set image = ? where id = ?').run(ownersPicture, intruder.account.id);
      });
      await intruder.page.reload();
      await section(intruder.page, texts.avatar.heading).getByRole("button", { name: texts.avatar.remove }).click();
      await expectToast(intruder.page, texts.toasts.avatarRemoved);
      expect([existsSync(avatarFile(ownersPicture, 256)), existsSync(avatarFile(ownersPicture, 96))]).toEqual([true, true]);

      withServerDatabase((db) => db.prepare("update profiles set avatar_url = ? where auth_user_id = ?").run(ownersPicture, intruder.account.id));
      await intruder.page.reload();
      const intruderForm = section(intruder.page, texts.avatar.heading);
      await intruderForm.getByLabel(texts.avatar.label).setInputFiles({ name: "egen.png", mimeType: "image/png", buffer: await photo({ r: 90, g: 9, b: 9 }) });
      await intruderForm.getByRole("button", { name: texts.avatar.submit }).click();
      await expectToast(intruder.page, texts.toasts.avatarSaved);
      expect([existsSync(avatarFile(ownersPicture, 256)), existsSync(avatarFile(ownersPicture, 96))]).toEqual([true, true]);
      expect((await fetch(url(ownersPicture))).status).toBe(200);
    } finally {
      await owner.context.close();
      await intruder.context.close();
    }
  });
});

describe("e-mail", () => {
  test("a verified address changes after a confirmation from the old address and a link to the new one", async () => {
    const { account, context, page } = await signedIn({ name: "Skift Adresse" });
    const mailDir = inject("mailDir");
    const newEmail = `ny-${account.email}`;
    try {
      const form = section(page, texts.email.heading);
      await form.getByLabel(texts.email.label).fill(account.email.toUpperCase());
      await form.getByRole("button", { name: texts.email.submit }).click();
      await expect.poll(() => page.locator("#ny-email-fejl").innerText()).toBe(texts.errors.emailSame);

      await form.getByLabel(texts.email.label).fill(newEmail);
      await form.getByRole("button", { name: texts.email.submit }).click();
      await expectToast(page, texts.toasts.emailSent);
      const waiting = texts.email.noticeAwaitingCurrent.replace("{{current}}", account.email).replace("{{next}}", newEmail);
      await expect.poll(() => section(page, texts.email.heading).getByRole("status").innerText()).toBe(waiting);

      // Step 1: the mail goes to the address the account has now.
      const confirmation = await waitForMail(mailDir, account.email);
      await page.goto(linkIn(confirmation, "/auth/callback"));
      await waitForHydration(page);
      expect(new URL(page.url()).pathname).toBe(SETTINGS);
      expect(await section(page, texts.email.heading).getByRole("status").innerText()).toBe(texts.email.noticeApproved.replace("{{next}}", newEmail));
      expect(userRow(account.id)?.email).toBe(account.email);

      // Step 2: the link in the mail to the new address makes the change.
      const verification = await waitForMail(mailDir, newEmail);
      await page.goto(linkIn(verification, "/auth/callback"));
      await page.goto(url(SETTINGS));
      await waitForHydration(page);
      expect(await section(page, texts.email.heading).getByRole("status").innerText()).toBe(texts.email.noticeChanged.replace("{{email}}", newEmail));
      expect(userRow(account.id)?.email).toBe(newEmail);
      expect(profileRow(account.id)?.email).toBe(newEmail);
      // The notice is said once: the remembered request is done with.
      await page.reload();
      expect(await section(page, texts.email.heading).getByRole("status").count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe("password", () => {
  test("the current password is required; a change can end the other sessions", async () => {
    const { account, context, page } = await signedIn();
    try {
      const elsewhere = await signInOverApi(account.email, account.password!);
      const form = section(page, texts.password.heading);
      const fill = async (current: string, next: string, again: string) => {
        await form.getByLabel(texts.password.current).fill(current);
        await form.getByLabel(texts.password.new, { exact: true }).fill(next);
        await form.getByLabel(texts.password.confirm).fill(again);
      };

      await fill("forkert-kode", "ny-hemmelighed", "ny-hemmelighed");
      await form.getByRole("button", { name: texts.password.submit }).click();
      await expect.poll(() => page.locator("#nuvaerende-adgangskode-fejl").innerText()).toBe(texts.errors.currentPasswordWrong);

      await fill(account.password!, "ny-hemmelighed", "noget-andet");
      await form.getByRole("button", { name: texts.password.submit }).click();
      await expect.poll(() => page.locator("#gentag-adgangskode-fejl").innerText()).toBe(texts.errors.passwordMismatch);

      await fill(account.password!, "ny-hemmelighed", "ny-hemmelighed");
      await form.getByLabel(texts.password.revokeOthers).check();
      await form.getByRole("button", { name: texts.password.submit }).click();
      await expectToast(page, texts.toasts.passwordSaved);

      // This browser carries on with the new session the change gave it; the other one is over.
      expect((await status("/dashboard", { cookies: await context.cookies(baseUrl) })).status).toBe(200);
      expect((await status("/dashboard", { cookies: elsewhere })).status).toBe(302);
      await expect(signInOverApi(account.email, account.password!)).rejects.toThrow(/failed/);
      expect((await signInOverApi(account.email, "ny-hemmelighed")).length).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });

  test("guessing the current password is cut off with a Danish message and 429", async () => {
    const account = await createTestAccount();
    const attempt = () =>
      fetch(url(SETTINGS), {
        method: "POST",
        redirect: "manual",
        headers: { Origin: new URL(baseUrl).origin, Cookie: cookieHeader(account) },
        body: new URLSearchParams({ intent: "password", currentPassword: "gæt", newPassword: "ny-hemmelighed", confirmPassword: "ny-hemmelighed" }),
      });
    for (let i = 0; i < 10; i++) expect((await attempt()).status).toBe(400);
    const refused = await attempt();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.text()).toMatch(/For mange forsøg\. Prøv igen om \d+ min\./);
  });

  test("an account that signs in with Google is offered a password by mail instead", async () => {
    const { context, page } = await signedIn({ googleOnly: true });
    try {
      const form = section(page, texts.password.heading);
      expect(await form.getByLabel(texts.password.current).count()).toBe(0);
      expect(await form.innerText()).toContain(texts.password.noPassword);
      expect(await form.getByRole("link", { name: texts.password.choosePassword }).getAttribute("href")).toBe("/forgot-password");
    } finally {
      await context.close();
    }
  });
});

describe("my data", () => {
  test("the download holds the account, profile, sessions, sign-in methods and markets, and no secret", async () => {
    const { account, context, page } = await signedIn({ name: "Data Dorte" });
    try {
      const market = claimMarket(account.id);
      const [download] = await Promise.all([page.waitForEvent("download"), section(page, texts.export.heading).getByRole("link", { name: texts.export.download }).click()]);
      expect(download.suggestedFilename()).toMatch(/^loppeguiden-data-\d{4}-\d\d-\d\d\.json$/);
      const text = readFileSync((await download.path())!, "utf8");
      const exported = JSON.parse(text);
      expect(exported.user).toMatchObject({ id: account.id, name: "Data Dorte", email: account.email, emailVerified: true });
      expect(exported.profile).toMatchObject({ email: account.email, isAdmin: false, role: "visitor" });
      expect(exported.sessions.length).toBeGreaterThanOrEqual(1);
      expect(exported.accounts).toEqual([expect.objectContaining({ providerId: "credential" })]);
      expect(exported.markets).toEqual([expect.objectContaining({ id: market.id, name: market.name, url: url(`/markeder/${market.slug}`) })]);
      for (const cookie of account.cookies) expect(text).not.toContain(decodeURIComponent(cookie.value).split(".")[0]);
      expect(text).not.toMatch(/token|password|\$scrypt|"hash"/i);
    } finally {
      await context.close();
    }
  });

  test("a visitor asking for the download is sent to sign in", async () => {
    const response = await fetch(url("/dashboard/indstillinger/mine-data"), { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/sign-in?next=${encodeURIComponent("/dashboard/indstillinger/mine-data")}`);
  });
});

describe("deleting the account", () => {
  test("confirmed with the password: personal data and every session gone, markets unclaimed, home with a toast", async () => {
    const { account, context, page } = await signedIn({ name: "Farvel Frede" });
    try {
      const market = claimMarket(account.id);
      const elsewhere = await signInOverApi(account.email, account.password!);
      const avatars = section(page, texts.avatar.heading);
      await avatars.getByLabel(texts.avatar.label).setInputFiles({ name: "mig.png", mimeType: "image/png", buffer: await photo({ r: 9, g: 9, b: 9 }) });
      await avatars.getByRole("button", { name: texts.avatar.submit }).click();
      await expectToast(page, texts.toasts.avatarSaved);

      const form = section(page, texts.delete.heading);
      await form.getByLabel(texts.delete.passwordLabel).fill("forkert-kode");
      await form.getByRole("button", { name: texts.delete.submit }).click();
      await expect.poll(() => page.locator("#slet-adgangskode-fejl").innerText()).toBe(texts.errors.deletePasswordWrong);
      expect(userRow(account.id)).toBeDefined();

      await form.getByLabel(texts.delete.passwordLabel).fill(account.password!);
      await form.getByRole("button", { name: texts.delete.submit }).click();
      await page.waitForURL(url("/"));
      await expectToast(page, texts.toasts.accountDeleted);

      expect(userRow(account.id)).toBeUndefined();
      expect(profileRow(account.id)).toBeUndefined();
      const left = withServerDatabase((db) => ({
        sessions: (db.prepare('select count(*) as n from "session" where "userId" = ?').get(account.id) as { n: number }).n,
        accounts: (db.prepare('select count(*) as n from "account" where "userId" = ?').get(account.id) as { n: number }).n,
      }));
      expect(left).toEqual({ sessions: 0, accounts: 0 });
      expect(ownerOf(market.id)).toBeNull();
      expect(existsSync(path.join(storageDir, "avatars", account.id))).toBe(false);
      expect((await context.cookies(baseUrl)).filter((cookie) => cookie.name.includes("session_token") && cookie.value)).toEqual([]);
      expect(await status("/dashboard", { cookies: elsewhere })).toEqual({ status: 302, location: "/sign-in?next=%2Fdashboard" });
      await expect(signInOverApi(account.email, account.password!)).rejects.toThrow(/failed/);
    } finally {
      await context.close();
    }
  });

  test("a Google-only account confirms by typing its e-mail address", async () => {
    const { account, context, page } = await signedIn({ googleOnly: true });
    try {
      const form = section(page, texts.delete.heading);
      expect(await form.getByLabel(texts.delete.passwordLabel).count()).toBe(0);
      const field = form.getByLabel(texts.delete.emailLabel.replace("{{email}}", account.email));
      await field.fill("en-anden@eksempel.dk");
      await form.getByRole("button", { name: texts.delete.submit }).click();
      await expect.poll(() => page.locator("#slet-email-fejl").innerText()).toBe(texts.errors.deleteEmailMismatch);
      expect(userRow(account.id)).toBeDefined();

      await field.fill(account.email.toUpperCase());
      await form.getByRole("button", { name: texts.delete.submit }).click();
      await page.waitForURL(url("/"));
      await expectToast(page, texts.toasts.accountDeleted);
      expect(userRow(account.id)).toBeUndefined();
    } finally {
      await context.close();
    }
  });
});

describe("each form's rules", () => {
  for (const javaScript of [true, false]) {
    const mode = javaScript ? "before anything is sent" : "by the server, without JavaScript";
    const options = { javaScript, viewport: javaScript ? DESKTOP : PHONE };

    test(`name: only spaces is said at the field ${mode}, and the field keeps what was typed`, async () => {
      const { account, context, page } = await signedIn({ name: "Kort Navn" }, options);
      try {
        const form = section(page, texts.name.heading);
        const field = form.getByRole("textbox", { name: texts.name.label });
        await field.fill("   ");
        await sendInvalid(page, javaScript, field, form.getByRole("button", { name: texts.name.submit }), formTexts.personName.required);
        expect(await field.inputValue()).toBe("   ");
        expect(userRow(account.id)?.name).toBe("Kort Navn");
      } finally {
        await context.close();
      }
    });

    test(`picture: none chosen, or too large, is said at the field ${mode}`, async () => {
      const { account, context, page } = await signedIn({}, options);
      try {
        const form = section(page, texts.avatar.heading);
        const input = form.getByLabel(texts.avatar.label);
        const button = form.getByRole("button", { name: texts.avatar.submit });
        await sendInvalid(page, javaScript, input, button, texts.errors.avatarMissing);
        await input.setInputFiles({ name: "kæmpe.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(6 * 1024 * 1024, 7) });
        await sendInvalid(page, javaScript, input, button, AVATAR_TOO_LARGE, 413);
        expect(profileRow(account.id)?.avatar_url).toBeNull();
      } finally {
        await context.close();
      }
    });

    test(`e-mail: an address that is not one is said at the field ${mode}, and stays as typed`, async () => {
      const { account, context, page } = await signedIn({}, options);
      try {
        const form = section(page, texts.email.heading);
        const field = form.getByRole("textbox", { name: texts.email.label });
        await field.fill("ikke-en-adresse");
        await sendInvalid(page, javaScript, field, form.getByRole("button", { name: texts.email.submit }), formTexts.email.invalid);
        expect(await field.inputValue()).toBe("ikke-en-adresse");
        expect(userRow(account.id)?.email).toBe(account.email);
      } finally {
        await context.close();
      }
    });

    test(`password: a short new one, and two that differ, are said at the field ${mode}; the choice to end other sessions stays`, async () => {
      const { account, context, page } = await signedIn({}, options);
      try {
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
        await sendInvalid(page, javaScript, next, button, formTexts.password.tooShort.replace("{{min}}", "6"));
        expect(await revoke.isChecked()).toBe(true);
        // Typed passwords are never sent back: without JavaScript they are typed again.
        expect([await current.inputValue(), await next.inputValue(), await again.inputValue()]).toEqual(
          javaScript ? [account.password!, "kort", "kort"] : ["", "", ""],
        );

        await current.fill(account.password!);
        await next.fill("ny-hemmelighed");
        await again.fill("noget-andet");
        await sendInvalid(page, javaScript, again, button, texts.errors.passwordMismatch);
        expect(await fieldMessage(page, next)).toBeNull();
        expect(await revoke.isChecked()).toBe(true);
        await expect(signInOverApi(account.email, account.password!)).resolves.not.toHaveLength(0);
      } finally {
        await context.close();
      }
    });

    test(`theme: none of the three chosen is said at the choices ${mode}`, async () => {
      const { context, page } = await signedIn({}, options);
      try {
        const form = section(page, texts.theme.heading);
        const light = form.getByLabel(texts.theme.light);
        // One of the three is always chosen; only a tampered page sends none.
        await form.getByRole("radio").evaluateAll((radios: HTMLInputElement[]) => radios.forEach((radio) => (radio.checked = false)));
        await sendInvalid(page, javaScript, light, form.getByRole("button", { name: texts.theme.submit }), texts.errors.themeInvalid);
        expect((await context.cookies(baseUrl)).find((cookie) => cookie.name === "loppeguiden-theme")).toBeUndefined();
      } finally {
        await context.close();
      }
    });

    test(`deleting: no password, or a Google account's address mistyped, is said at the field ${mode}`, async () => {
      const withPassword = await signedIn({}, options);
      try {
        const form = section(withPassword.page, texts.delete.heading);
        const field = form.getByLabel(texts.delete.passwordLabel);
        await sendInvalid(withPassword.page, javaScript, field, form.getByRole("button", { name: texts.delete.submit }), texts.errors.deletePasswordRequired);
        expect(userRow(withPassword.account.id)).toBeDefined();
      } finally {
        await withPassword.context.close();
      }

      const google = await signedIn({ googleOnly: true }, options);
      try {
        const form = section(google.page, texts.delete.heading);
        const field = form.getByLabel(texts.delete.emailLabel.replace("{{email}}", google.account.email));
        await field.fill("en-anden@eksempel.dk");
        await sendInvalid(google.page, javaScript, field, form.getByRole("button", { name: texts.delete.submit }), texts.errors.deleteEmailMismatch);
        expect(await field.inputValue()).toBe("en-anden@eksempel.dk");
        expect(userRow(google.account.id)).toBeDefined();
      } finally {
        await google.context.close();
      }
    });
  }
});
