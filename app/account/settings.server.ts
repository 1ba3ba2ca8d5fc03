import { isAPIError } from "better-auth/api";
import type { Kysely } from "kysely";
import { environment } from "~/lib/config.server";
import type { Database } from "~/lib/db/schema";
import { hitRateLimit, parseRateLimit, type RateLimit } from "~/lib/rate-limit.server";

/**
 * What the settings forms' domain functions share: each person's budget of attempts per kind of
 * change, and the auth library's refusals told apart from crashes.
 */

function limits(): Record<"password" | "email" | "avatar", RateLimit> {
  return {
    // Guessing the current password with a stolen session must be slow.
    password: parseRateLimit(environment().RATE_LIMIT_ACCOUNT_PASSWORD, { limit: 10, windowSeconds: 15 * 60 }),
    // Each request mails someone: not a way to flood an inbox.
    email: parseRateLimit(environment().RATE_LIMIT_ACCOUNT_EMAIL, { limit: 5, windowSeconds: 60 * 60 }),
    // Re-encoding pictures costs CPU.
    avatar: parseRateLimit(environment().RATE_LIMIT_ACCOUNT_AVATAR, { limit: 30, windowSeconds: 60 * 60 }),
  };
}

/** The kinds of change that each have their own budget (checking a password, mailing, pictures). */
export type AccountAttempt = keyof ReturnType<typeof limits>;

/** The person has used up this kind of attempt for now. */
export type TooManyAttempts = { ok: false; problem: "too-many-attempts"; retryAfterSeconds: number };

/** Counts one attempt of this kind by the person; the refusal when there have been too many. */
export async function countAttempt(db: Kysely<Database>, kind: AccountAttempt, userId: string): Promise<TooManyAttempts | null> {
  const verdict = await hitRateLimit(db, `account-${kind}:${userId}`, limits()[kind]);
  if (verdict.allowed) return null;
  return { ok: false, problem: "too-many-attempts", retryAfterSeconds: verdict.retryAfterSeconds };
}

/** The library's error code (INVALID_PASSWORD, SESSION_EXPIRED …), or null for anything else. */
export function libraryErrorCode(error: unknown): string | null {
  if (!isAPIError(error)) return null;
  const code = (error.body as { code?: unknown } | undefined)?.code;
  return typeof code === "string" ? code : "UNKNOWN";
}
