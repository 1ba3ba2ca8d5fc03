import { afterAll, beforeAll, describe, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { cookieHeaderFrom, PASSWORD, uniqueEmail } from "../support/factories";
import { postFrom } from "../support/from-address";
import { startSite, type FormFields, type Site } from "../support/site";

/**
 * The limits on the account forms, crossed, as the server answers them. The site runs with limits
 * low enough to reach in a few requests (and e-mail verification switched off, which this file
 * also covers). Limits per client address are crossed from addresses of their own on the loopback
 * network (127.0.0.x), so each test has its own count. The counting itself, request by request:
 * sign-in-limits.test.ts and rate-limit.test.ts.
 */

const texts = translation.auth;

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

let site: Site;

beforeAll(async () => {
  site = await startSite({ env: { EMAIL_VERIFICATION: "0", ...LIMITS } });
});

afterAll(async () => {
  await site?.close();
});

const signIn = (email: string, password: string) => ({ intent: "sign-in", email, password, next: "/" });
const signUp = (name: string, email: string, next = "/") => ({ intent: "sign-up", name, email, password: PASSWORD, next });

async function statuses(count: number, post: (index: number) => Promise<{ status: number }>): Promise<number[]> {
  const result: number[] = [];
  for (let index = 0; index < count; index++) result.push((await post(index)).status);
  return result;
}

const post = (path: string, fields: FormFields, from: string) => postFrom(site, path, fields, from);

describe("limits on the account forms", () => {
  test("sign-up without e-mail verification signs in at once; wrong passwords stop that client, not the account's owner elsewhere", async () => {
    const email = uniqueEmail("graense");
    const signedUp = await post("/sign-up?next=%2Fkalender", signUp("Grethe Grænse", email, "/kalender"), "127.0.0.14");
    expect(signedUp.status).toBe(303);
    expect(signedUp.location).toBe("/kalender");
    expect(signedUp.flash?.title).toBe(texts.toasts.signedUp);
    expect((await site.get("/dashboard", { cookies: cookieHeaderFrom(signedUp.setCookies) })).status).toBe(200);

    expect(await statuses(3, () => post("/sign-in", signIn(email, "forkert-kode"), "127.0.0.15"))).toEqual([401, 401, 401]);
    // From this client even the right password now waits, and is told so.
    const refused = await post("/sign-in", signIn(email, PASSWORD), "127.0.0.15");
    expect(refused.status).toBe(429);
    expect(refused.html.alerts()).toContain(TOO_MANY);

    // The owner, from another address, signs in as usual: the guesses locked out only their sender.
    expect((await post("/sign-in", signIn(email, PASSWORD), "127.0.0.6")).status).toBe(303);
  });

  test("guesses spread over many addresses lock nobody out; a right password is never refused for them", async () => {
    const email = uniqueEmail("spredt");
    expect((await post("/sign-up", signUp("Spredt", email), "127.0.0.7")).status).toBe(303);
    for (const from of ["127.0.0.8", "127.0.0.9", "127.0.0.10"]) {
      expect(await statuses(3, () => post("/sign-in", signIn(email, "forkert-kode"), from))).toEqual([401, 401, 401]);
    }
    expect((await post("/sign-in", signIn(email, PASSWORD), "127.0.0.11")).status).toBe(303);
  });

  test("a right password does not use up the client's attempts", async () => {
    const email = uniqueEmail("rigtig");
    expect((await post("/sign-up", signUp("Rigtig", email), "127.0.0.12")).status).toBe(303);
    // Six successful sign-ins from one address, where five attempts of any kind are its limit.
    expect(await statuses(6, () => post("/sign-in", signIn(email, PASSWORD), "127.0.0.13"))).toEqual([303, 303, 303, 303, 303, 303]);
  });

  test("sign-in per client address stops after five tries, whatever the addresses", async () => {
    const from = "127.0.0.2";
    const tries = await statuses(5, (index) => post("/sign-in", signIn(`ukendt-${index}@example.com`, "forkert-kode"), from));
    expect(tries).toEqual([401, 401, 401, 401, 401]);
    const refused = await post("/sign-in", signIn("endnu-en@example.com", "forkert-kode"), from);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(refused.html.alerts()).toContain(TOO_MANY);
  });

  test("sign-up stops per address and per client, so addresses cannot be tested in bulk", async () => {
    const email = uniqueEmail("samme");
    const sameAddress = await statuses(3, () => post("/sign-up", signUp("Samme", email), "127.0.0.3"));
    // Made, then "eksisterer allerede", then refused.
    expect(sameAddress).toEqual([303, 400, 429]);

    const manyAddresses = await statuses(4, () => post("/sign-up", signUp("Mange", uniqueEmail("mange")), "127.0.0.4"));
    expect(manyAddresses).toEqual([303, 303, 303, 429]);
  });

  test("reset mails stop per address at the form, and per client", async () => {
    const email = uniqueEmail("post");
    for (let attempt = 1; attempt <= 2; attempt++) {
      const sent = await post("/forgot-password", { intent: "reset", email }, "127.0.0.16");
      expect(sent.status).toBe(303);
      expect(sent.flash?.title).toBe(texts.toasts.resetSent);
    }
    const refused = await post("/forgot-password", { intent: "reset", email }, "127.0.0.16");
    expect(refused.status).toBe(429);
    expect(refused.html.alerts()).toContain(TOO_MANY);

    const manyAddresses = await statuses(5, () => post("/forgot-password", { intent: "reset", email: uniqueEmail("mange-post") }, "127.0.0.5"));
    expect(manyAddresses).toEqual([303, 303, 303, 303, 429]);
  });
});
