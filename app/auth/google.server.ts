import type { GenericOAuthConfig } from "better-auth/plugins/generic-oauth";
import { GOOGLE_DISCOVERY_URL, type Config } from "../lib/config.server";

/** The provider id: also the last part of the address Google sends people back to (/api/auth/callback/google). */
export const GOOGLE_PROVIDER_ID = "google";

/**
 * Google's endpoints as its discovery document names them. The library reads the discovery
 * document once, when the server starts; should Google not answer then, these keep the button
 * working instead of leaving Google sign-in off until the next restart.
 */
const GOOGLE_ENDPOINTS = {
  authorizationUrl: "https://accounts.google.com/o/oauth2/v2/auth",
  tokenUrl: "https://oauth2.googleapis.com/token",
  userInfoUrl: "https://openidconnect.googleapis.com/v1/userinfo",
};

/** Google sign-in is offered only when the site has a client id for it. */
export function googleEnabled(settings: Config): boolean {
  return Boolean(settings.googleClientId);
}

/**
 * Google as an OpenID Connect provider read from its discovery document, so tests can point the
 * same code at a local stand-in (GOOGLE_DISCOVERY_URL). product §7: access_type=offline and
 * prompt=consent.
 */
export function googleOAuthConfig(settings: Config): GenericOAuthConfig | null {
  if (!settings.googleClientId) return null;
  return {
    providerId: GOOGLE_PROVIDER_ID,
    name: "Google",
    discoveryUrl: settings.googleDiscoveryUrl,
    ...(settings.googleDiscoveryUrl === GOOGLE_DISCOVERY_URL ? GOOGLE_ENDPOINTS : {}),
    clientId: settings.googleClientId,
    clientSecret: settings.googleClientSecret ?? undefined,
    scopes: ["openid", "email", "profile"],
    accessType: "offline",
    prompt: "consent",
    // Signing out of Loppeguiden must not sign the visitor out of their Google account.
    disableProviderLogout: true,
  };
}

/**
 * Where the provider lives (the origin of its discovery document; null without Google). The
 * Content-Security-Policy's form-action must allow it, because browsers apply form-action to the
 * redirects that follow the Google button's form post; and a profile picture is fetched over plain
 * http only from there (app/account/profile-picture.server.ts).
 */
export function googleProviderOrigin(settings: Config): string | null {
  if (!googleEnabled(settings)) return null;
  try {
    return new URL(settings.googleDiscoveryUrl).origin;
  } catch {
    return null;
  }
}
