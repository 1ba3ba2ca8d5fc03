import { describe, expect, test } from "vitest";
import { loadConfig } from "../lib/config.server";
import { signInDelayMs, tooManyAttempts, waitText } from "./auth-rate-limits.server";

/** The limits a server started with these variables reads (a secret given, so nothing is written). */
const limitsFrom = (env: NodeJS.ProcessEnv) => loadConfig({ SESSION_SECRET: "test", ...env }).rateLimits;
const signInLimits = (env: NodeJS.ProcessEnv) => limitsFrom(env).signIn;

describe("limits on the account forms", () => {
  test("defaults, and the environment's requests/seconds", () => {
    expect(signInLimits({})).toEqual({
      perClient: { limit: 30, windowSeconds: 900 },
      perClientAndEmail: { limit: 10, windowSeconds: 900 },
      perEmail: { limit: 10, windowSeconds: 900 },
    });
    const tight = limitsFrom({ RATE_LIMIT_SIGN_UP_IP: "3/600", RATE_LIMIT_AUTH_MAIL_EMAIL: "1/60" });
    expect(tight.signUp.perClient).toEqual({ limit: 3, windowSeconds: 600 });
    expect(tight.authMail.perEmail).toEqual({ limit: 1, windowSeconds: 60 });
    expect(signInLimits({ RATE_LIMIT_SIGN_IN_EMAIL: "nonsens", RATE_LIMIT_SIGN_IN_ACCOUNT: "4/60" })).toMatchObject({
      perClientAndEmail: { limit: 10, windowSeconds: 900 },
      perEmail: { limit: 4, windowSeconds: 60 },
    });
  });

  test("an address guessed at from everywhere answers slower, up to five seconds, never refused", () => {
    const rule = { limit: 10, windowSeconds: 900 };
    expect([0, 9, 10, 11, 12, 19, 100].map((failures) => signInDelayMs(failures, rule))).toEqual([0, 0, 500, 1000, 1500, 5000, 5000]);
  });

  test("how long to wait, in Danish", () => {
    expect(waitText(1)).toBe("1 sekund");
    expect(waitText(45)).toBe("45 sekunder");
    expect(waitText(60)).toBe("1 minut");
    expect(waitText(61)).toBe("2 minutter");
    expect(waitText(600)).toBe("10 minutter");
    expect(waitText(3600)).toBe("60 minutter");
    expect(waitText(2 * 3600)).toBe("2 timer");
  });

  test("the answer: a message for the form and Retry-After", () => {
    expect(tooManyAttempts(600)).toEqual({
      message: "For mange forsøg. Vent 10 minutter, og prøv så igen.",
      headers: { "Retry-After": "600", "Cache-Control": "private, no-store" },
    });
  });
});
