import type { Kysely } from "kysely";
import type { Database } from "../lib/db/schema";
import type { RateLimits } from "../lib/config.server";
import { t } from "../lib/i18n";
import { hitRateLimit, peekRateLimit, refundRateLimit, type RateLimit } from "../lib/rate-limit.server";

/**
 * Limits on the account forms, per client address and per e-mail address, counted in the database
 * so every app instance sees the same numbers (foundations §2: the library's own limiter skips the
 * server-side calls our forms make). Sign-up and the account mails count per client address (nobody
 * tests a list of addresses from one machine) and per e-mail (nobody floods one inbox from many).
 * Sign-in counts wrong passwords so that guessing is expensive without letting anybody lock an
 * account's owner out (beginSignIn, docs/decisions/0015).
 */
export type AuthLimitedAction = "signUp" | "authMail";

/** Wrong passwords counted per client, per client and address, and per address from anywhere. */
export type SignInLimits = RateLimits["signIn"];

const MINUTE = 60;

/** Each wrong password past the per-address limit makes the next answer this much slower… */
const SLOWDOWN_STEP_MS = 500;
/** …up to this: slow enough to make guessing expensive, short enough for the owner to wait. */
export const SLOWDOWN_MAX_MS = 5_000;

/** How long an answer for an address waits, given its wrong passwords from anywhere. */
export function signInDelayMs(failures: number, rule: RateLimit): number {
  const over = failures - rule.limit + 1;
  return over > 0 ? Math.min(SLOWDOWN_MAX_MS, over * SLOWDOWN_STEP_MS) : 0;
}

export type SignInAttempt =
  | { allowed: false; retryAfterSeconds: number }
  | {
      allowed: true;
      /** Wait this long before checking the password, whether it turns out right or wrong. */
      delayMs: number;
      /** Tells the counters how it went: a right password costs nothing. */
      settle(outcome: "right" | "wrong"): Promise<void>;
    };

/**
 * One sign-in attempt. Refused only for the client that made too many wrong guesses (in all, or
 * for this address); an address guessed at from many clients is slowed, never refused, so the
 * owner can always sign in with the right password from their own device. Every attempt is
 * counted before the password is checked and given back when it was right, so attempts sent
 * together cannot slip past the count.
 */
export async function beginSignIn(db: Kysely<Database>, who: { clientAddress: string | null; email: string }, rules: SignInLimits, now: Date = new Date()): Promise<SignInAttempt> {
  const email = who.email.trim().toLowerCase();
  const client = who.clientAddress ?? "unknown";
  const counted = [
    { key: `auth:signIn:pair:${client}:${email}`, rule: rules.perClientAndEmail },
    // Without a known address, one shared count would stop every visitor at once.
    ...(who.clientAddress ? [{ key: `auth:signIn:ip:${client}`, rule: rules.perClient }] : []),
  ];
  const verdicts = await Promise.all(counted.map(({ key, rule }) => hitRateLimit(db, key, rule, now)));
  const refused = verdicts.filter((verdict) => !verdict.allowed);
  if (refused.length > 0) return { allowed: false, retryAfterSeconds: Math.max(...refused.map((verdict) => verdict.retryAfterSeconds)) };

  const accountKey = `auth:signIn:email:${email}`;
  const failures = await peekRateLimit(db, accountKey, rules.perEmail, now);
  return {
    allowed: true,
    delayMs: signInDelayMs(failures, rules.perEmail),
    async settle(outcome) {
      if (outcome === "right") await Promise.all(counted.map(({ key, rule }) => refundRateLimit(db, key, rule, now)));
      else await hitRateLimit(db, accountKey, rules.perEmail, now);
    },
  };
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
  limits: Pick<RateLimits, AuthLimitedAction>,
  now: Date = new Date(),
): Promise<AuthRateLimitVerdict> {
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
