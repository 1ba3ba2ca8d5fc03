import { isAPIError } from "better-auth/api";
import type { RateLimits } from "~/lib/config.server";
import { hitRateLimit } from "~/lib/rate-limit.server";
import type { SiteContext } from "~/lib/site-context.server";

/**
 * What the settings forms' domain functions share: each person's budget of attempts per kind of
 * change, and the auth library's refusals told apart from crashes.
 */

/** Each kind of change has its own budget per person (the settings' rateLimits). */
const RULES = { password: "accountPassword", email: "accountEmail", avatar: "accountAvatar" } as const satisfies Record<string, keyof RateLimits>;

/** The kinds of change that each have their own budget (checking a password, mailing, pictures). */
export type AccountAttempt = keyof typeof RULES;

/** The person has used up this kind of attempt for now. */
export type TooManyAttempts = { ok: false; problem: "too-many-attempts"; retryAfterSeconds: number };

/** Counts one attempt of this kind by the person; the refusal when there have been too many. */
export async function countAttempt(site: Pick<SiteContext, "database" | "config">, kind: AccountAttempt, userId: string): Promise<TooManyAttempts | null> {
  const verdict = await hitRateLimit(site.database.db, `account-${kind}:${userId}`, site.config.rateLimits[RULES[kind]]);
  if (verdict.allowed) return null;
  return { ok: false, problem: "too-many-attempts", retryAfterSeconds: verdict.retryAfterSeconds };
}

/** The library's error code (INVALID_PASSWORD, SESSION_EXPIRED …), or null for anything else. */
export function libraryErrorCode(error: unknown): string | null {
  if (!isAPIError(error)) return null;
  const code = (error.body as { code?: unknown } | undefined)?.code;
  return typeof code === "string" ? code : "UNKNOWN";
}
