import { request } from "node:http";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { startBuiltServer, type StartedServer } from "../../scripts/built-server";
import { DESKTOP, launchBrowser } from "../support/browser";
import { PASSWORD, uniqueEmail } from "../support/factories";
import { expectToast, fillSignIn, fillSignUp, openContext, submitButton, texts } from "./helpers";

/**
 * The limits on the account forms, crossed. A second server of its own, with limits low enough to
 * reach in a few requests (and e-mail verification switched off, which this file also covers), so
 * the suite's server keeps its generous ones. Limits per client address are crossed from
 * addresses of their own on the loopback network (127.0.0.x), so each test has its own count;
 * the browser always comes from 127.0.0.1.
 */

const LIMITS = {
  RATE_LIMIT_SIGN_IN_EMAIL: "3/600",
  RATE_LIMIT_SIGN_IN_IP: "5/600",
  RATE_LIMIT_SIGN_UP_EMAIL: "2/600",
  RATE_LIMIT_SIGN_UP_IP: "3/600",
  RATE_LIMIT_AUTH_MAIL_EMAIL: "2/600",
  RATE_LIMIT_AUTH_MAIL_IP: "4/600",
};

/** "For mange forsøg. Vent 10 minutter, og prøv så igen." for a fresh ten-minute window. */
const TOO_MANY = texts.rateLimit.message.replace("{{wait}}", texts.rateLimit.minutes.replace("{{count}}", "10"));

let server: StartedServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startBuiltServer({ ...inject("serverEnv"), DEMO_DATA: "0", EMAIL_VERIFICATION: "0", ...LIMITS }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const at = (path: string) => new URL(path, server.url).href;

/** A form post as a browser without JavaScript makes it, from a chosen loopback address. */
function postForm(path: string, fields: Record<string, string>, from: string): Promise<{ status: number; body: string; retryAfter?: string }> {
  const body = new URLSearchParams(fields).toString();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: new URL(server.url).port,
        path,
        method: "POST",
        localAddress: from,
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": Buffer.byteLength(body), Accept: "text/html" },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8"), retryAfter: res.headers["retry-after"] }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

async function statuses(count: number, post: (index: number) => Promise<{ status: number }>): Promise<number[]> {
  const result: number[] = [];
  for (let index = 0; index < count; index++) result.push((await post(index)).status);
  return result;
}

async function withContext(work: (context: BrowserContext) => Promise<void>) {
  const context = await openContext(browser, DESKTOP);
  try {
    await work(context);
  } finally {
    await context.close();
  }
}

describe("limits on the account forms", () => {
  test("sign-up without e-mail verification signs in at once; wrong passwords stop that client, not the account's owner elsewhere", async () => {
    await withContext(async (context) => {
      const page = await context.newPage();
      const email = uniqueEmail("graense");
      await page.goto(at("/sign-up?next=/kalender"));
      await fillSignUp(page, { name: "Grethe Grænse", email, password: PASSWORD });
      await submitButton(page, texts.signUp.submit).click();
      await page.waitForURL((address) => address.pathname === "/kalender");
      await expectToast(page, texts.toasts.signedUp);
      await context.clearCookies();

      for (let attempt = 1; attempt <= 3; attempt++) {
        await page.goto(at("/sign-in"));
        await fillSignIn(page, email, "forkert-kode");
        const answer = page.waitForResponse((response) => response.request().method() === "POST");
        await submitButton(page, texts.signIn.submit).click();
        expect((await answer).status()).toBe(401);
      }
      // From this client even the right password now waits.
      await page.goto(at("/sign-in"));
      await fillSignIn(page, email, PASSWORD);
      const refused = page.waitForResponse((response) => response.request().method() === "POST");
      await submitButton(page, texts.signIn.submit).click();
      expect((await refused).status()).toBe(429);
      await page.getByRole("alert").filter({ hasText: TOO_MANY }).waitFor();

      // The owner, from another address, signs in as usual: the guesses locked out only their sender.
      const owner = await postForm("/sign-in", { email, password: PASSWORD }, "127.0.0.6");
      expect(owner.status).toBe(303);
    });
  });

  test("guesses spread over many addresses lock nobody out; a right password is never refused for them", async () => {
    const email = uniqueEmail("spredt");
    expect((await postForm("/sign-up", { name: "Spredt", email, password: PASSWORD }, "127.0.0.7")).status).toBe(303);
    for (const from of ["127.0.0.8", "127.0.0.9", "127.0.0.10"]) {
      expect(await statuses(3, () => postForm("/sign-in", { email, password: "forkert-kode" }, from))).toEqual([401, 401, 401]);
    }
    expect((await postForm("/sign-in", { email, password: PASSWORD }, "127.0.0.11")).status).toBe(303);
  });

  test("a right password does not use up the client's attempts", async () => {
    const email = uniqueEmail("rigtig");
    expect((await postForm("/sign-up", { name: "Rigtig", email, password: PASSWORD }, "127.0.0.12")).status).toBe(303);
    // Five successful sign-ins from one address, where five attempts of any kind are its limit.
    expect(await statuses(6, () => postForm("/sign-in", { email, password: PASSWORD }, "127.0.0.13"))).toEqual([303, 303, 303, 303, 303, 303]);
  });

  test("sign-in per client address stops after five tries, whatever the addresses", async () => {
    const from = "127.0.0.2";
    const tries = await statuses(5, (index) => postForm("/sign-in", { email: `ukendt-${index}@example.com`, password: "forkert-kode" }, from));
    expect(tries).toEqual([401, 401, 401, 401, 401]);
    const refused = await postForm("/sign-in", { email: "endnu-en@example.com", password: "forkert-kode" }, from);
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toMatch(/^\d+$/);
    expect(refused.body).toContain(TOO_MANY);
  });

  test("sign-up stops per address and per client, so addresses cannot be tested in bulk", async () => {
    const email = uniqueEmail("samme");
    const sameAddress = await statuses(3, () => postForm("/sign-up", { name: "Samme", email, password: PASSWORD }, "127.0.0.3"));
    // Made, then "eksisterer allerede", then refused.
    expect(sameAddress).toEqual([303, 400, 429]);

    const manyAddresses = await statuses(4, () => postForm("/sign-up", { name: "Mange", email: uniqueEmail("mange"), password: PASSWORD }, "127.0.0.4"));
    expect(manyAddresses).toEqual([303, 303, 303, 429]);
  });

  test("reset mails stop per address at the form, and per client", async () => {
    await withContext(async (context) => {
      const page = await context.newPage();
      const email = uniqueEmail("post");
      for (let attempt = 1; attempt <= 2; attempt++) {
        await page.goto(at("/forgot-password"));
        await page.getByLabel(texts.fields.email, { exact: true }).fill(email);
        await submitButton(page, texts.forgotPassword.submit).click();
        await expectToast(page, texts.toasts.resetSent);
      }
      await page.goto(at("/forgot-password"));
      await page.getByLabel(texts.fields.email, { exact: true }).fill(email);
      const refused = page.waitForResponse((response) => response.request().method() === "POST");
      await submitButton(page, texts.forgotPassword.submit).click();
      expect((await refused).status()).toBe(429);
      await page.getByRole("alert").filter({ hasText: TOO_MANY }).waitFor();
    });

    const manyAddresses = await statuses(5, () => postForm("/forgot-password", { email: uniqueEmail("mange-post") }, "127.0.0.5"));
    expect(manyAddresses).toEqual([303, 303, 303, 303, 429]);
  });
});
