import { afterAll, beforeAll, describe, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { signIn, type Cookie } from "../support/factories";
import { startSite, type Site, type SiteResponse } from "../support/site";

/**
 * The three ways out of /sign-out as the server answers them (app/routes/sign-out.tsx).
 * A session check racing the sign-out in the browser: tests/e2e/auth-sign-out.test.ts.
 */

const texts = translation.auth;

let site: Site;

beforeAll(async () => {
  site = await startSite();
});

afterAll(async () => {
  await site?.close();
});

const toasts = (response: SiteResponse) => response.html.toasts();

/** Whether a device still has a session: a guarded page answers, or sends it to /sign-in. */
async function signedIn(cookies: Cookie[] | string): Promise<boolean> {
  const response = await site.get("/dashboard", { cookies });
  if (response.status === 200) return true;
  expect(response.location).toBe("/sign-in?next=%2Fdashboard");
  return false;
}

describe("sign-out", () => {
  test("Log ud ends this session and says so on the front page", async () => {
    const { account, client } = await site.signedIn({ name: "Ud Logger" });
    const page = await client.get("/sign-out");
    expect(page.html.text("main")).toContain(texts.signOut.signedInAs.replace("{{name}}", account.name));
    expect(page.html.buttons()).toEqual(expect.arrayContaining([texts.signOut.thisDevice, texts.signOut.allDevices, texts.signOut.otherDevices]));
    const session = client.cookieHeader;

    const { answer, page: home } = await client.submit("/sign-out", { intent: "this" });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/");
    expect(answer.flash).toMatchObject({ title: texts.toasts.signedOut, variant: "success" });
    expect(toasts(home)).toEqual([{ title: texts.toasts.signedOut, description: null }]);
    // The browser is told to forget the cookie, and the session itself is over.
    expect(client.session).toBeUndefined();
    expect(await signedIn(session)).toBe(false);
  });

  test("Log ud på alle enheder ends the sessions on every device, this one too", async () => {
    const { account, client } = await site.signedIn();
    const other = await signIn(site.url, account.email, account.password!);
    const session = client.cookieHeader;
    const { answer, page } = await client.submit("/sign-out", { intent: "all" });
    expect(answer.location).toBe("/");
    expect(toasts(page)).toEqual([{ title: texts.toasts.signedOut, description: texts.signOut.allDone }]);
    expect(await signedIn(session)).toBe(false);
    expect(await signedIn(other)).toBe(false);
  });

  test("Log ud på andre enheder keeps this session and ends the others", async () => {
    const { account, client } = await site.signedIn();
    const other = await signIn(site.url, account.email, account.password!);
    const { answer, page } = await client.submit("/sign-out", { intent: "others" });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/dashboard");
    expect(page.status).toBe(200);
    expect(toasts(page)).toEqual([{ title: texts.signOut.othersDoneTitle, description: texts.signOut.othersDone }]);
    expect(await signedIn(client.cookieHeader)).toBe(true);
    expect(await signedIn(other)).toBe(false);
  });

  test("ending the other sessions from a page whose session has meanwhile ended says Fejl ved udlogning", async () => {
    const { account, client } = await site.signedIn();
    expect((await client.get("/sign-out")).html.buttons()).toContain(texts.signOut.otherDevices);
    // Another device ends every session of the account while this page is open.
    const elsewhere = site.client(await signIn(site.url, account.email, account.password!));
    expect((await elsewhere.post("/sign-out", { intent: "all" })).location).toBe("/");

    const { answer, page } = await client.submit("/sign-out", { intent: "others" });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/sign-out");
    expect(answer.flash).toMatchObject({ title: texts.toasts.signOutFailed, description: texts.signOut.failedExpired, variant: "destructive" });
    expect(toasts(page)).toEqual([{ title: texts.toasts.signOutFailed, description: texts.signOut.failedExpired }]);
    expect(page.html.text("main")).toContain(texts.signOut.notSignedIn);
  });

  test("a visitor who is not signed in is told so, with the way to sign in", async () => {
    const page = await site.get("/sign-out");
    expect(page.status).toBe(200);
    expect(page.html.text("main")).toContain(texts.signOut.notSignedIn);
    expect(page.html.buttons()).not.toContain(texts.signOut.thisDevice);
    const main = page.html.all("main a").find((link) => link.text.trim() === texts.signOut.signInLink);
    expect(main?.getAttribute("href")).toBe("/sign-in");
  });
});
