import { randomUUID } from "node:crypto";
import { betterAuth, type BetterAuthOptions } from "better-auth";
import { APIError } from "better-auth/api";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import type { Kysely } from "kysely";
import type { AppDatabase } from "../lib/db/database.server";
import { type SiteContext } from "../lib/site-context.server";
import { sendChangeEmailMail, sendResetPasswordMail, sendVerificationMail } from "./auth-mails.server";
import { googleOAuthConfig } from "./google.server";
import { createProfile, grantAdminIfListed, isBlocked, noteSignIn, syncProfileEmail } from "./profiles.server";

/** The code of the refusal a blocked person's sign-in gets (auth-errors.ts turns it into Danish). */
export const ACCOUNT_BLOCKED = "ACCOUNT_BLOCKED";

/** Where the library answers its own HTTP calls (server/express-app.ts mounts it there). */
export const AUTH_BASE_PATH = "/api/auth";

const DAY = 24 * 60 * 60;

/**
 * What a site's auth library is made from: its settings, its database (the library's tables and
 * the profiles its hooks write), its store (Google's picture), its logger and its mailer.
 */
export interface AuthSite extends Pick<SiteContext, "config" | "storage" | "logger" | "mailer"> {
  database: Pick<AppDatabase, "db" | "kind">;
  /** What the signed-in area does when an account is made or removed (app/account/account-lifecycle.server.ts). */
  lifecycle: AccountLifecycle;
}

/** The signed-in area's part in an account's life, which the library's hooks call. */
export interface AccountLifecycle {
  /** Before the library removes a user: what they leave behind is given up or removed. */
  beforeDelete(userId: string): Promise<void>;
  /** After Google made an account with a picture: it becomes the avatar (in the background). */
  importPicture(user: { id: string; image?: string | null }): Promise<void>;
}

/**
 * The auth library's settings (foundations §2): e-mail and password plus Google, UUID ids, sessions in
 * the database with no cookie cache (a revoked session must end at once, on every instance), its
 * own rate limiter off (ours is in the database: app/lib/rate-limit.server.ts), six-character
 * passwords. A function of the site's parts, so tests build it for their own database.
 */
export function authOptions(parts: AuthSite): BetterAuthOptions {
  const { config: settings, database: appDatabase, mailer } = parts;
  const { db, kind } = appDatabase;
  const baseUrl = settings.baseUrl;
  const google = googleOAuthConfig(settings);
  return {
    appName: "Loppeguiden",
    baseURL: baseUrl,
    basePath: AUTH_BASE_PATH,
    secret: settings.sessionSecret,
    trustedOrigins: [baseUrl],
    database: { db: db as unknown as Kysely<never>, type: kind },
    advanced: {
      // Made here, not by the database: the library's tables get no id default (getMigrations).
      database: { generateId: () => randomUUID() },
      useSecureCookies: baseUrl.startsWith("https:"),
    },
    // Our pages call the library through auth.api with the app's own limits; over HTTP it answers
    // only the way back from Google (app/auth/auth-http.server.ts).
    rateLimit: { enabled: false },
    // A sign-in with Google that fails before the library knows where to return (a lost or stale
    // state) lands on our callback page, which explains it in Danish, not on the library's own page.
    onAPIError: { errorURL: `${baseUrl}/auth/callback` },
    plugins: google ? [genericOAuth({ config: [google] })] : [],
    session: {
      expiresIn: 30 * DAY,
      // A session in use is moved on once a day: sessions of people who keep coming back never end.
      updateAge: DAY,
      cookieCache: { enabled: false },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      requireEmailVerification: settings.emailVerification,
      autoSignIn: !settings.emailVerification,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: ({ user, token }) => sendResetPasswordMail(mailer.send, baseUrl, user, token),
    },
    emailVerification: {
      sendOnSignUp: settings.emailVerification,
      autoSignInAfterVerification: true,
      expiresIn: DAY,
      sendVerificationEmail: ({ user, url, token }) => sendVerificationMail(mailer.send, baseUrl, user, url, token),
      afterEmailVerification: async (user) => {
        await grantAdminIfListed(db, { ...user, emailVerified: true }, settings.adminEmails);
      },
    },
    user: {
      changeEmail: {
        enabled: true,
        sendChangeEmailConfirmation: ({ user, newEmail, url }) => sendChangeEmailMail(mailer.send, baseUrl, user, newEmail, url),
      },
      deleteUser: { enabled: true, beforeDelete: (user) => parts.lifecycle.beforeDelete(user.id) },
    },
    databaseHooks: {
      // Every way in (password, Google, the link of a verification) makes a session: a blocked
      // person is refused there, as the library's own admin plugin does it (decision 0033).
      session: {
        create: {
          before: async (session) => {
            if (await isBlocked(db, session.userId)) throw new APIError("FORBIDDEN", { message: "Account blocked", code: ACCOUNT_BLOCKED });
          },
          after: async (session) => {
            await noteSignIn(db, session.userId, new Date(session.createdAt));
          },
        },
      },
      user: {
        create: {
          after: async (user) => {
            await createProfile(db, user);
            // Accounts created already verified (Google) are admins at once if listed.
            await grantAdminIfListed(db, user, settings.adminEmails);
            // Google's picture becomes the avatar, in the background: signing in does not wait for it.
            if (user.image) void parts.lifecycle.importPicture(user);
          },
        },
        update: {
          after: async (user) => {
            await syncProfileEmail(db, user);
            await grantAdminIfListed(db, user, settings.adminEmails);
          },
        },
      },
    },
  };
}

/** The auth library of one site: createSite makes it and keeps it in the SiteContext (`auth`). */
export function createAuth(parts: AuthSite) {
  return betterAuth(authOptions(parts));
}

export type Auth = ReturnType<typeof createAuth>;
