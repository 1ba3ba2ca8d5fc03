import type { Kysely } from "kysely";
import type { Database } from "../lib/db/schema";
import { t } from "../lib/i18n";
import { hitRateLimit, parseRateLimit, type RateLimit } from "../lib/rate-limit.server";

/**
 * Limits on the account forms, per client address and per e-mail address, counted in the database
 * so every app instance sees the same numbers (DESIGN §2: the library's own limiter skips the
 * server-side calls our forms make). Per address so nobody can guess a password or test a list of
 * addresses from one machine; per e-mail so nobody can flood one inbox or one account from many.
 */
export type AuthLimitedAction = "signIn" | "signUp" | "authMail";

interface ActionLimits {
  perClient: RateLimit;
  perEmail: RateLimit;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/** "requests/seconds" in the environment, e.g. RATE_LIMIT_SIGN_IN_IP=30/900. */
export function authRateLimits(env: NodeJS.ProcessEnv = process.env): Record<AuthLimitedAction, ActionLimits> {
  return {
    signIn: {
      perClient: parseRateLimit(env.RATE_LIMIT_SIGN_IN_IP, { limit: 30, windowSeconds: 15 * MINUTE }),
      perEmail: parseRateLimit(env.RATE_LIMIT_SIGN_IN_EMAIL, { limit: 10, windowSeconds: 15 * MINUTE }),
    },
    signUp: {
      perClient: parseRateLimit(env.RATE_LIMIT_SIGN_UP_IP, { limit: 10, windowSeconds: HOUR }),
      perEmail: parseRateLimit(env.RATE_LIMIT_SIGN_UP_EMAIL, { limit: 5, windowSeconds: HOUR }),
    },
    // Password reset and verification mails share one budget: both put a mail in somebody's inbox.
    authMail: {
      perClient: parseRateLimit(env.RATE_LIMIT_AUTH_MAIL_IP, { limit: 10, windowSeconds: HOUR }),
      perEmail: parseRateLimit(env.RATE_LIMIT_AUTH_MAIL_EMAIL, { limit: 5, windowSeconds: HOUR }),
    },
  };
}

let limits: Record<AuthLimitedAction, ActionLimits> | null = null;

/**
 * The visitor's network address, which the server puts in the load context
 * (server/express-app.ts getLoadContext); null when it is not there.
 */
export function knownClientAddress(context: unknown): string | null {
  const address = (context as { clientAddress?: unknown } | null | undefined)?.clientAddress;
  return typeof address === "string" && address !== "" ? address : null;
}

/** The same, with "unknown" when it is not there (used by other forms' limits). */
export function clientAddressOf(context: unknown): string {
  return knownClientAddress(context) ?? "unknown";
}

export type AuthRateLimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one attempt against both limits; refused when either is used up. Without a known client
 * address only the per-e-mail limit counts: one shared count for every visitor would lock
 * everybody out at once.
 */
export async function checkAuthRateLimit(
  db: Kysely<Database>,
  action: AuthLimitedAction,
  who: { clientAddress: string | null; email: string },
  now: Date = new Date(),
): Promise<AuthRateLimitVerdict> {
  limits ??= authRateLimits();
  const rules = limits[action];
  const email = who.email.trim().toLowerCase();
  const verdicts = await Promise.all([
    hitRateLimit(db, `auth:${action}:email:${email}`, rules.perEmail, now),
    ...(who.clientAddress ? [hitRateLimit(db, `auth:${action}:ip:${who.clientAddress}`, rules.perClient, now)] : []),
  ]);
  const refused = verdicts.filter((verdict) => !verdict.allowed);
  if (refused.length === 0) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(...refused.map((verdict) => verdict.retryAfterSeconds)) };
}

/** "30 sekunder", "1 minut", "14 minutter", "2 timer": how long until the next try. */
export function waitText(seconds: number): string {
  if (seconds <= 1) return t("auth.rateLimit.second");
  if (seconds < MINUTE) return t("auth.rateLimit.seconds", { count: Math.ceil(seconds) });
  const minutes = Math.ceil(seconds / MINUTE);
  if (minutes === 1) return t("auth.rateLimit.minute");
  if (minutes < 90) return t("auth.rateLimit.minutes", { count: minutes });
  return t("auth.rateLimit.hours", { count: Math.round(minutes / 60) });
}

/** The Danish message for the form and the Retry-After header of the 429 answer. */
export function tooManyAttempts(retryAfterSeconds: number): { message: string; headers: Record<string, string> } {
  return {
    message: t("auth.rateLimit.message", { wait: waitText(retryAfterSeconds) }),
    headers: { "Retry-After": String(retryAfterSeconds), "Cache-Control": "private, no-store" },
  };
}
