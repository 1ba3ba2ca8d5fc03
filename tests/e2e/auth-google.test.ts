import type { Browser, BrowserContext, Request } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { DESKTOP, PHONE, launchBrowser } from "../support/browser";
import { PASSWORD, uniqueEmail, withServerDatabase } from "../support/factories";
import { IDENTITY_COOKIE, PICTURE_COLOUR, identityCookie, type StandInIdentity } from "../support/oidc-stand-in";
import { expectToast, fillSignUp, gotoHydrated, openContext, submitButton, texts, url } from "./helpers";

/**
 * Sign-in with Google against a local OpenID Connect stand-in (tests/support/oidc-stand-in.ts),
 * which the server reaches through GOOGLE_DISCOVERY_URL: the library's own code path runs
 * unchanged, with state, PKCE, nonce and the ID token's signature checked.
 */

const issuer = inject("oidcIssuer");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** "Signed in at Google" as this person, in this browser context. */
async function actAs(context: BrowserContext, identity: StandInIdentity): Promise<void> {
  await context.addCookies([{ name: IDENTITY_COOKIE, value: identityCookie(identity), url: issuer }]);
}

const isAuthorizeRequest = (request: Request) => request.url().startsWith(`${issuer}/authorize`);

describe("sign-in with Google", () => {
  test("on a phone: the button asks Google for offline access with consent, and the visitor returns signed in to next", async () => {
    const context = await openContext(browser, PHONE);
    try {
      const email = uniqueEmail("google");
      await actAs(context, { email, name: "Gitte Google" });
      const page = await context.newPage();
      await gotoHydrated(page, "/sign-in?next=/kalender");

      const authorize = page.waitForRequest(isAuthorizeRequest);
      await page.getByRole("button", { name: texts.google.button }).click();
      const query = new URL((await authorize).url()).searchParams;
      expect(query.get("access_type")).toBe("offline");
      expect(query.get("prompt")).toBe("consent");
      expect(query.get("scope")?.split(" ").sort()).toEqual(["email", "openid", "profile"]);
      expect(query.get("code_challenge_method")).toBe("S256");
      expect(query.get("redirect_uri")).toBe(url("/api/auth/callback/google"));

      await page.waitForURL((address) => address.pathname === "/kalender");
      // A first visit makes the account.
      await expectToast(page, texts.toasts.signedUp);

      // The next time, the same Google account signs in to the same user.
      await context.clearCookies();
      await actAs(context, { email, name: "Gitte Google" });
      await gotoHydrated(page, "/sign-in?next=/register");
      await page.getByRole("button", { name: texts.google.button }).click();
      await page.waitForURL((address) => address.pathname === "/register");
      await expectToast(page, texts.toasts.welcomeBack);
      await page.goto(url("/dashboard"));
      expect(new URL(page.url()).pathname).toBe("/dashboard");
    } finally {
      await context.close();
    }
  });

  test("the Google picture becomes the avatar, re-encoded and served from the site", async () => {
    const context = await openContext(browser, DESKTOP);
    try {
      const email = uniqueEmail("billede");
      await actAs(context, { email, name: "Pia Portræt", picture: true });
      const page = await context.newPage();
      await gotoHydrated(page, "/sign-in?next=/dashboard/indstillinger");
      await page.getByRole("button", { name: texts.google.button }).click();
      await page.waitForURL((address) => address.pathname === "/dashboard/indstillinger");

      const avatarOf = () =>
        withServerDatabase(
          (db) =>
            (db.prepare('select p.avatar_url from profiles p join "user" u on u.id = p.auth_user_id where u.email = ?').get(email) as { avatar_url: string | null }).avatar_url,
        );
      await expect.poll(avatarOf).toMatch(/^\/billeder\/avatars\/[0-9a-f-]{36}\/[0-9a-f]{32}-256\.webp$/);
      await page.reload();
      const shown = page.getByRole("region", { name: translation.settings.avatar.heading }).getByRole("img", { name: translation.settings.avatar.currentAlt });
      expect(await shown.getAttribute("src")).toBe(avatarOf());

      const served = await fetch(url(avatarOf()!));
      expect(served.headers.get("content-type")).toBe("image/webp");
      const { data, info } = await sharp(Buffer.from(await served.arrayBuffer())).raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([256, 256]);
      // The stand-in's orange, give or take the WebP encoding.
      expect(Math.abs(data[0]! - PICTURE_COLOUR.r) + Math.abs(data[1]! - PICTURE_COLOUR.g) + Math.abs(data[2]! - PICTURE_COLOUR.b)).toBeLessThan(30);
    } finally {
      await context.close();
    }
  });

  test("a visitor who says no at Google is back on the sign-in page with Fejl ved Google-login", async () => {
    const context = await openContext(browser, DESKTOP);
    try {
      await actAs(context, { email: uniqueEmail("nej"), name: "Nej Tak", deny: true });
      const page = await context.newPage();
      await gotoHydrated(page, "/sign-in?next=/kalender");
      await page.getByRole("button", { name: texts.google.button }).click();
      await page.waitForURL((address) => address.pathname === "/sign-in");
      expect(new URL(page.url()).searchParams.get("next")).toBe("/kalender");
      await expectToast(page, texts.toasts.googleFailed);
      await page.getByText(texts.google.errors.denied).waitFor();
    } finally {
      await context.close();
    }
  });

  test("a return from Google that the site did not start is refused", async () => {
    const context = await openContext(browser, DESKTOP);
    try {
      const page = await context.newPage();
      await page.goto(url("/api/auth/callback/google?code=opdigtet&state=opdigtet"));
      await page.waitForURL((address) => address.pathname === "/sign-in");
      await expectToast(page, texts.toasts.googleFailed);
      expect((await context.cookies()).some((cookie) => cookie.name.endsWith("session_token"))).toBe(false);
    } finally {
      await context.close();
    }
  });

  test("a Google account is not joined to an unconfirmed account with the same address", async () => {
    const context = await openContext(browser, DESKTOP);
    try {
      const email = uniqueEmail("ikke-bekraeftet");
      const page = await context.newPage();
      await gotoHydrated(page, "/sign-up");
      await fillSignUp(page, { name: "Først Med Kode", email, password: PASSWORD });
      await submitButton(page, texts.signUp.submit).click();
      await page.waitForURL((address) => address.searchParams.has("tjek-email"));

      await actAs(context, { email, name: "Den Rigtige Ejer" });
      await gotoHydrated(page, "/sign-in");
      await page.getByRole("button", { name: texts.google.button }).click();
      await page.waitForURL((address) => address.pathname === "/sign-in");
      await expectToast(page, texts.toasts.googleFailed);
      await page.getByText(texts.google.errors.notLinked).waitFor();
    } finally {
      await context.close();
    }
  });
});
