import { afterAll, beforeAll, describe, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { PASSWORD, createUser, signIn, uniqueEmail } from "../support/factories";
import { REFUSED_PREFIX } from "../support/mailbox";
import { startSite, type Client, type Site, type SiteResponse } from "../support/site";

/**
 * A forgotten password as the server answers it (app/routes/forgot-password.tsx and
 * reset-password.tsx): the mail, its one-time link, and what a link that has run out says. The
 * new-password form's rules in the browser: tests/e2e/auth-password-reset.test.ts.
 */

const texts = translation.auth;

let site: Site;

beforeAll(async () => {
  site = await startSite();
});

afterAll(async () => {
  await site?.close();
});

const toastTitles = (response: SiteResponse) => response.html.toasts().map((toast) => toast.title);

/** Asks for a reset link as the form does; the server has tried to send the mail by the time it answers. */
function requestReset(client: Client, email: string): Promise<SiteResponse> {
  return client.post("/forgot-password", { intent: "reset", email });
}

function chooseNewPassword(client: Client, link: string, password: string, repeatPassword = password): Promise<SiteResponse> {
  const token = new URL(link, site.url).searchParams.get("token")!;
  return client.post(link, { intent: "reset-password", token, password, repeatPassword });
}

/** Moves a reset link's expiry into the past, as an hour's wait would. */
async function expireResetLink(link: string): Promise<void> {
  const token = new URL(link, site.url).searchParams.get("token");
  const past = new Date(Date.now() - 60_000);
  const result = await site.database.db
    .updateTable("verification")
    .set({ expiresAt: site.kind === "postgres" ? past : past.toISOString() })
    .where("identifier", "=", `reset-password:${token}`)
    .executeTakeFirst();
  expect(Number(result.numUpdatedRows)).toBe(1);
}

describe("forgotten password", () => {
  test("the mail's link sets a new password once, which signs out everywhere", async () => {
    const { email } = await createUser(site.database);
    // Signed in on another device: the new password must end that session.
    const other = await signIn(site.url, email, PASSWORD);
    const client = site.client();

    const requested = await requestReset(client, email);
    expect(requested.status).toBe(303);
    expect(requested.location).toBe("/forgot-password?sendt=1");
    expect(requested.flash).toMatchObject({ title: texts.toasts.resetSent, variant: "success" });
    const sent = await client.follow(requested);
    expect(toastTitles(sent)).toEqual([texts.toasts.resetSent]);
    expect(sent.html.statuses()).toContain(texts.forgotPassword.sent);

    const mail = await site.waitForMail(email);
    expect(mail.subject).toBe(texts.mail.reset.subject);
    const link = site.linkIn(mail, "/reset-password");
    const form = await client.get(link);
    expect(form.status).toBe(200);
    expect(form.html.h1s()).toEqual([texts.resetPassword.heading]);

    const { answer, page } = await client.submit(link, {
      intent: "reset-password",
      token: new URL(link, site.url).searchParams.get("token")!,
      password: "ny-hemmelig-kode",
      repeatPassword: "ny-hemmelig-kode",
    });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/sign-in");
    expect(answer.flash).toMatchObject({ title: texts.toasts.passwordUpdated, description: texts.resetPassword.signInAfter });
    expect(toastTitles(page)).toEqual([texts.toasts.passwordUpdated]);

    // The other device is signed out.
    const otherDevice = await site.get("/dashboard", { cookies: other });
    expect(otherDevice.status).toBe(302);
    expect(new URL(otherDevice.location!, site.url).pathname).toBe("/sign-in");

    // The old password no longer works, the new one does.
    const old = await client.post("/sign-in", { intent: "sign-in", email, password: PASSWORD, next: "/" });
    expect(old.status).toBe(401);
    expect(old.html.alerts()).toEqual([texts.signIn.errors.wrongCredentials]);
    const signedIn = await client.post("/sign-in", { intent: "sign-in", email, password: "ny-hemmelig-kode", next: "/" });
    expect(signedIn.status).toBe(303);
    expect(signedIn.flash?.title).toBe(texts.toasts.welcomeBack);

    // The link has been used.
    const again = await site.get(link);
    expect(again.status).toBe(410);
    expect(again.html.alerts().join(" ")).toContain(texts.resetPassword.linkInvalidTitle);
    expect(() => again.html.field(texts.fields.newPassword)).toThrow(/No field/);
  });

  test("an unknown address gets the same answer and no mail", async () => {
    const email = uniqueEmail("ukendt");
    const client = site.client();
    const answer = await requestReset(client, email);
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/forgot-password?sendt=1");
    expect(toastTitles(await client.follow(answer))).toEqual([texts.toasts.resetSent]);
    // A known address's mail is written before the page answers; none is coming for this one.
    expect(site.mailsTo(email)).toEqual([]);
  });

  test("an expired link says so, also when it runs out while the form is open", async () => {
    const { email } = await createUser(site.database);
    const client = site.client();
    await requestReset(client, email);
    const first = await site.waitForMail(email);
    const firstLink = site.linkIn(first, "/reset-password");

    await expireResetLink(firstLink);
    const expired = await client.get(firstLink);
    expect(expired.status).toBe(410);
    expect(expired.html.alerts().join(" ")).toContain(texts.resetPassword.linkExpiredTitle);
    expect(expired.html.link(texts.resetPassword.newLink)).toBe("/forgot-password");

    await requestReset(client, email);
    const second = await site.waitForMail(email, { after: first });
    const secondLink = site.linkIn(second, "/reset-password");
    expect((await client.get(secondLink)).status).toBe(200);
    await expireResetLink(secondLink);
    const answer = await chooseNewPassword(client, secondLink, "endnu-en-kode");
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(secondLink);
    expect(answer.flash).toMatchObject({ title: texts.toasts.passwordUpdateFailed, description: texts.resetPassword.linkExpired, variant: "destructive" });
    const page = await client.follow(answer);
    expect(page.status).toBe(410);
    expect(toastTitles(page)).toEqual([texts.toasts.passwordUpdateFailed]);
    expect(page.html.alerts().join(" ")).toContain(texts.resetPassword.linkExpiredTitle);
    await expect(signIn(site.url, email, "endnu-en-kode")).rejects.toThrow(/failed/);
  });

  test("a new password that is too short or typed differently twice is answered at its field", async () => {
    const { email } = await createUser(site.database);
    const client = site.client();
    await requestReset(client, email);
    const link = site.linkIn(await site.waitForMail(email), "/reset-password");

    const short = await chooseNewPassword(client, link, "123");
    expect(short.status).toBe(400);
    expect(short.html.fieldMessage(short.html.field(texts.fields.newPassword))).toBe(texts.fields.passwordTooShort);

    const differ = await chooseNewPassword(client, link, "lang-nok-kode", "en-anden-kode");
    expect(differ.status).toBe(400);
    expect(differ.html.fieldMessage(differ.html.field(texts.fields.repeatPassword))).toBe(translation.forms.password.differ);
    // Passwords are typed again after any error, and the link still works.
    expect(differ.html.value(differ.html.field(texts.fields.newPassword)) ?? "").toBe("");
    expect((await client.get(link)).status).toBe(200);
  });

  test("when the mail cannot be sent, the page says so", async () => {
    // An account whose mail server refuses mail.
    const { email } = await createUser(site.database, { email: uniqueEmail(REFUSED_PREFIX) });
    const client = site.client();
    const answer = await requestReset(client, email);
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/forgot-password");
    expect(answer.flash).toMatchObject({ title: texts.toasts.resetSendFailed, variant: "destructive" });
    expect(toastTitles(await client.follow(answer))).toEqual([texts.toasts.resetSendFailed]);
  });
});
