import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { PASSWORD, uniqueEmail } from "../support/factories";
import { REFUSED_PREFIX } from "../support/mailbox";
import { startSite, type Site, type SiteResponse } from "../support/site";

/**
 * Signing up as the server answers it (app/routes/sign-up.tsx and auth/callback.tsx): the mail,
 * its link, and the messages at the fields. The sign-up page in the browser: tests/e2e/auth-sign-up.test.ts.
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
const hiddenNext = (response: SiteResponse) => response.html.one('form input[name="next"]')?.getAttribute("value");

/** A verification token as the server would sign it, with an expiry of our choosing. */
function verificationToken(email: string, expiresAt: Date): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const issuedAt = Math.floor(expiresAt.getTime() / 1000) - 24 * 60 * 60;
  const input = `${part({ alg: "HS256" })}.${part({ email, iat: issuedAt, exp: Math.floor(expiresAt.getTime() / 1000) })}`;
  return `${input}.${createHmac("sha256", site.config.sessionSecret).update(input).digest("base64url")}`;
}

describe("sign-up", () => {
  test("from a guarded page to sign-up, the mail's link signs in and returns to that page", async () => {
    const client = site.client();
    const email = uniqueEmail("ny");
    // A name with markup must arrive in the mail as text.
    const name = "Ole <b>Loppe</b> & Co";

    const guarded = await client.get("/dashboard/indstillinger");
    expect(guarded.location).toBe("/sign-in?next=%2Fdashboard%2Findstillinger");
    const signUpLink = (await client.follow(guarded)).html.link(texts.signIn.signUpLink);
    expect(signUpLink).toBe("/sign-up?next=%2Fdashboard%2Findstillinger");
    expect(hiddenNext(await client.get(signUpLink!))).toBe("/dashboard/indstillinger");

    const { answer, page } = await client.submit(signUpLink!, { intent: "sign-up", name, email, password: PASSWORD, next: "/dashboard/indstillinger" });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/sign-up?tjek-email=1&next=%2Fdashboard%2Findstillinger");
    expect(answer.flash).toMatchObject({ title: texts.toasts.signedUpVerify, variant: "success" });
    expect(toastTitles(page)).toEqual([texts.toasts.signedUpVerify]);
    expect(page.html.h1s()).toEqual([texts.signUp.checkMail.heading]);
    // Not signed in until the address is confirmed.
    expect(client.session).toBeUndefined();

    const mail = await site.waitForMail(email);
    expect(mail.subject).toBe(texts.mail.verify.subject);
    expect(mail.text).toContain(`Hej ${name}`);
    expect(mail.html).toContain('<html lang="da">');
    expect(mail.html).toContain("Hej Ole &lt;b&gt;Loppe&lt;/b&gt; &amp; Co");
    expect(mail.html).not.toContain("<b>Loppe</b>");
    const link = new URL(site.linkIn(mail, "/auth/callback"), site.url);
    expect(link.searchParams.get("mode")).toBe("verify");
    expect(link.searchParams.get("next")).toBe("/dashboard/indstillinger");

    const verified = await client.get(`${link.pathname}${link.search}`);
    expect(verified.status).toBe(302);
    expect(verified.location).toBe("/dashboard/indstillinger");
    expect(verified.flash?.title).toBe(texts.callback.verifiedTitle);
    const session = verified.setCookies.find((cookie) => /session_token=[^;]/.test(cookie));
    expect(session).toMatch(/; HttpOnly/i);
    expect(session).toMatch(/; SameSite=Lax/i);
    expect(session).not.toMatch(/; Secure/i);
    const settings = await client.follow(verified);
    expect(settings.status).toBe(200);
    expect(toastTitles(settings)).toEqual([texts.callback.verifiedTitle]);
  });

  test("an address with an account, a short password and a missing name are answered at their fields", async () => {
    const email = uniqueEmail("dobbelt");
    expect((await site.post("/sign-up", { intent: "sign-up", name: "Første", email, password: PASSWORD, next: "/" })).status).toBe(303);

    const taken = await site.post("/sign-up", { intent: "sign-up", name: "Anden", email: email.toUpperCase(), password: PASSWORD, next: "/" });
    expect(taken.status).toBe(400);
    expect(taken.html.fieldMessage(taken.html.field(texts.fields.email))).toBe(texts.signUp.errors.exists);
    expect(taken.html.byId("email-fejl")?.text).toBe(texts.signUp.errors.exists);

    const wrong = await site.post("/sign-up", { intent: "sign-up", name: " ", email: uniqueEmail("kort"), password: "12345", next: "/" });
    expect(wrong.status).toBe(400);
    expect(wrong.html.fieldMessage(wrong.html.field(texts.fields.password))).toBe(texts.fields.passwordTooShort);
    expect(wrong.html.fieldMessage(wrong.html.field(texts.fields.name))).toBe(translation.forms.personName.required);
    expect(await site.database.db.selectFrom("user").select("id").where("email", "=", email).execute()).toHaveLength(1);
  });

  test("the check-your-mail page sends the mail again", async () => {
    const client = site.client();
    const email = uniqueEmail("igen");
    const signedUp = await client.post("/sign-up?next=%2Fkalender", { intent: "sign-up", name: "Gentager", email, password: PASSWORD, next: "/kalender" });
    const first = await site.waitForMail(email);
    const checkMail = await client.follow(signedUp);
    expect(checkMail.html.buttons()).toContain(texts.signUp.checkMail.submit);
    expect(hiddenNext(checkMail)).toBe("/kalender");

    const { answer, page } = await client.submit(signedUp.location!, { intent: "resend", email, next: "/kalender" });
    expect(answer.location).toBe("/sign-up?tjek-email=1&next=%2Fkalender");
    expect(answer.flash).toMatchObject({ title: texts.resend.sentTitle, variant: "success" });
    expect(toastTitles(page)).toEqual([texts.resend.sentTitle]);
    const second = await site.waitForMail(email, { after: first });
    expect(new URL(site.linkIn(second, "/auth/callback"), site.url).searchParams.get("next")).toBe("/kalender");

    const verified = await client.get(site.linkIn(second, "/auth/callback"));
    expect(verified.location).toBe("/kalender");
    expect(toastTitles(await client.follow(verified))).toEqual([texts.callback.verifiedTitle]);

    // The first link, used after the address is confirmed, signs nobody in a second time.
    const stranger = site.client();
    const again = await stranger.get(site.linkIn(first, "/auth/callback"));
    expect(new URL(again.location!, site.url).pathname).toBe("/sign-in");
    expect(again.flash?.title).toBe(texts.callback.alreadyVerifiedTitle);
    expect(stranger.session).toBeUndefined();
    expect(toastTitles(await stranger.follow(again))).toEqual([texts.callback.alreadyVerifiedTitle]);
  });

  test("an expired or altered verification link explains itself on the sign-in page", async () => {
    const email = uniqueEmail("udloebet");
    const expired = verificationToken(email, new Date(Date.now() - 60_000));
    const outdated = await site.get(`/auth/callback?mode=verify&token=${expired}&next=/kalender`);
    expect(outdated.status).toBe(302);
    expect(outdated.location).toBe("/sign-in?next=%2Fkalender");
    expect(outdated.flash).toMatchObject({ title: texts.callback.verifyExpiredTitle, variant: "destructive" });

    const altered = await site.get(`/auth/callback?mode=verify&token=${expired.slice(0, -3)}abc&next=/kalender`);
    expect(altered.location).toBe("/sign-in?next=%2Fkalender");
    expect(altered.flash).toMatchObject({ title: texts.callback.verifyInvalidTitle, variant: "destructive" });
  });

  test("when the verification mail cannot be sent, sign-up says so and keeps no half-made account", async () => {
    const email = uniqueEmail(REFUSED_PREFIX);
    const answer = await site.post("/sign-up", { intent: "sign-up", name: "Uden Post", email, password: PASSWORD, next: "/" });
    expect(answer.status).toBe(500);
    expect(answer.html.alerts()).toEqual([texts.signUp.errors.failed]);
    expect(await site.database.db.selectFrom("user").select("id").where("email", "=", email).execute()).toEqual([]);
    expect(await site.database.db.selectFrom("profiles").select("id").where("email", "=", email).execute()).toEqual([]);
  });
});
