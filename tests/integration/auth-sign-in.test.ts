import { afterAll, beforeAll, describe, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { PASSWORD, createUser, uniqueEmail } from "../support/factories";
import { startSite, type Client, type Site, type SiteResponse } from "../support/site";

/**
 * Signing in as the server answers it (app/routes/sign-in.tsx): where the form leads, its
 * toasts and messages, the way back from the verification mail, and what the account pages tell
 * caches and search engines. The sign-in page in the browser: tests/e2e/auth-sign-in.test.ts.
 */

const texts = translation.auth;
const ACCOUNT_PAGES = ["/sign-in", "/sign-up", "/sign-up?tjek-email=1", "/forgot-password", "/forgot-password?sendt=1", "/reset-password?token=ukendt", "/sign-out"];

let site: Site;

beforeAll(async () => {
  site = await startSite();
});

afterAll(async () => {
  await site?.close();
});

const toastTitles = (response: SiteResponse) => response.html.toasts().map((toast) => toast.title);
const hiddenNext = (response: SiteResponse) => response.html.one('form input[name="next"]')?.getAttribute("value");

function signInForm(email: string, password: string, next: string) {
  return { intent: "sign-in", email, password, next };
}

/** Signs up through the form; the page it leads to. */
async function signUp(client: Client, fields: { name: string; email: string; next: string }, page: string): Promise<SiteResponse> {
  const answer = await client.post(page, { intent: "sign-up", password: PASSWORD, ...fields });
  expect(answer.status).toBe(303);
  return answer;
}

describe("sign-in", () => {
  test("a visitor sent from a guarded page signs in and comes back to it", async () => {
    const { email } = await createUser(site.database);
    const client = site.client();
    const guarded = await client.get("/dashboard/indstillinger?fane=konto");
    expect(guarded.status).toBe(302);
    expect(guarded.location).toBe(`/sign-in?next=${encodeURIComponent("/dashboard/indstillinger?fane=konto")}`);
    const form = await client.follow(guarded);
    expect(form.status).toBe(200);
    expect(hiddenNext(form)).toBe("/dashboard/indstillinger?fane=konto");

    // A form without an action posts to the page's own address, query and all.
    const { answer, page } = await client.submit(guarded.location!, signInForm(email, PASSWORD, hiddenNext(form)!));
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/dashboard/indstillinger?fane=konto");
    expect(answer.flash).toMatchObject({ title: texts.toasts.welcomeBack, variant: "success" });
    expect(client.session).toBeDefined();
    expect(page.status).toBe(200);
    expect(toastTitles(page)).toEqual([texts.toasts.welcomeBack]);
  });

  test("a wrong password and an unknown address get the same answer, which reveals nothing", async () => {
    const { email } = await createUser(site.database);
    const answers: { status: number; alerts: string[] }[] = [];
    for (const address of [email, uniqueEmail("findes-ikke")]) {
      const answer = await site.post("/sign-in", signInForm(address, "forkert-kode", "/"));
      answers.push({ status: answer.status, alerts: answer.html.alerts() });
      // The typed address stays; the password is never sent back.
      expect(answer.html.value(answer.html.field(texts.fields.email))).toBe(address);
      expect(answer.html.value(answer.html.field(texts.fields.password)) ?? "").toBe("");
      expect(answer.text).not.toContain("forkert-kode");
      expect(answer.setCookies.filter((cookie) => cookie.includes("session_token"))).toEqual([]);
    }
    expect(answers).toEqual([
      { status: 401, alerts: [texts.signIn.errors.wrongCredentials] },
      { status: 401, alerts: [texts.signIn.errors.wrongCredentials] },
    ]);
  });

  test("an unconfirmed address is told so after the right password and can get the mail again", async () => {
    const email = uniqueEmail("ubekraeftet");
    const client = site.client();
    await signUp(client, { name: "Venter", email, next: "/register" }, "/sign-up?next=%2Fregister");
    const first = await site.waitForMail(email);

    const refused = await client.post("/sign-in?next=%2Fregister", signInForm(email, PASSWORD, "/register"));
    expect(refused.status).toBe(403);
    const alert = refused.html.all('[role="alert"]').find((candidate) => candidate.text.includes(texts.signIn.errors.unverifiedTitle));
    expect(alert).toBeDefined();
    // The alert holds a form of its own that asks for the mail again, for this address and page.
    expect(alert!.querySelector("button")?.getAttribute("value")).toBe("resend");
    expect(alert!.querySelector("button")?.text.trim()).toBe(texts.signIn.resend);
    expect(alert!.querySelector('input[name="email"]')?.getAttribute("value")).toBe(email);
    expect(alert!.querySelector('input[name="next"]')?.getAttribute("value")).toBe("/register");
    expect(client.session).toBeUndefined();

    const { answer, page } = await client.submit("/sign-in?next=%2Fregister", { intent: "resend", email, next: "/register" });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/sign-in?next=%2Fregister");
    expect(answer.flash).toMatchObject({ title: texts.resend.sentTitle, description: texts.resend.sentDescription });
    expect(toastTitles(page)).toEqual([texts.resend.sentTitle]);

    const second = await site.waitForMail(email, { after: first });
    const verified = await client.get(site.linkIn(second, "/auth/callback"));
    expect(verified.status).toBe(302);
    expect(verified.location).toBe("/register");
    expect(verified.flash?.title).toBe(texts.callback.verifiedTitle);
    expect(client.session).toBeDefined();
    expect(toastTitles(await client.follow(verified))).toEqual([texts.callback.verifiedTitle]);
  });

  test("next never leads off the site, and a signed-in visitor skips the form", async () => {
    const { account, client } = await site.signedIn();
    // Signed in: the sign-in page sends on at once.
    const skipped = await client.get("/sign-in");
    expect(skipped.status).toBe(302);
    expect(skipped.location).toBe("/dashboard");

    for (const next of ["//evil.example/fisk", "https://evil.example/", "/\\evil.example"]) {
      // The page does not offer it as the way back, and the form does not follow it if sent anyway.
      expect(hiddenNext(await site.get(`/sign-in?next=${encodeURIComponent(next)}`)), next).toBe("/");
      const answer = await site.post("/sign-in", signInForm(account.email, PASSWORD, next));
      expect(answer.status, next).toBe(303);
      expect(answer.location, next).toBe("/");
    }
  });

  test("without JavaScript: sign-up, the mail's link, sign-out, a wrong password and sign-in, each with its message", async () => {
    const client = site.client();
    const email = uniqueEmail("uden-js");
    expect(hiddenNext(await client.get("/sign-up?next=/kalender"))).toBe("/kalender");
    const signedUp = await signUp(client, { name: "Uden Skript", email, next: "/kalender" }, "/sign-up?next=%2Fkalender");
    expect(signedUp.location).toBe("/sign-up?tjek-email=1&next=%2Fkalender");
    expect(toastTitles(await client.follow(signedUp))).toEqual([texts.toasts.signedUpVerify]);

    const verified = await client.get(site.linkIn(await site.waitForMail(email), "/auth/callback"));
    expect(verified.location).toBe("/kalender");
    expect(toastTitles(await client.follow(verified))).toEqual([texts.callback.verifiedTitle]);

    expect((await client.get("/sign-out")).html.buttons()).toContain(texts.signOut.thisDevice);
    const signedOut = await client.post("/sign-out", { intent: "this" });
    expect(signedOut.location).toBe("/");
    expect(toastTitles(await client.follow(signedOut))).toEqual([texts.toasts.signedOut]);
    expect(client.session).toBeUndefined();

    const refused = await client.post("/sign-in?next=%2Fregister", signInForm(email, "forkert-kode", "/register"));
    expect(refused.status).toBe(401);
    expect(refused.html.alerts()).toEqual([texts.signIn.errors.wrongCredentials]);
    expect(refused.html.value(refused.html.field(texts.fields.email))).toBe(email);

    const { answer, page } = await client.submit("/sign-in?next=%2Fregister", signInForm(email, PASSWORD, "/register"));
    expect(answer.location).toBe("/register");
    expect(toastTitles(page)).toEqual([texts.toasts.welcomeBack]);
  });

  test("the account pages have one heading, keep out of caches and out of search engines", async () => {
    for (const path of ACCOUNT_PAGES) {
      const response = await site.get(path);
      expect(response.status, path).toBe(path.startsWith("/reset-password") ? 410 : 200);
      expect(response.html.h1s(), path).toHaveLength(1);
      expect(response.headers.get("cache-control"), path).toBe("private, no-store");
      expect(response.html.meta("robots"), path).toBe("noindex,follow");
    }
  });
});
