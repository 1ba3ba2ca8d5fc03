import { describe, expect, test } from "vitest";
import { GOOGLE_DISCOVERY_URL, loadConfig } from "../lib/config.server";
import { googleProviderOrigin, googleOAuthConfig } from "./google.server";

const settings = (env: Record<string, string>) => loadConfig({ SESSION_SECRET: "test", ...env });

describe("Google sign-in settings", () => {
  test("off without a client id", () => {
    expect(googleOAuthConfig(settings({}))).toBeNull();
    expect(googleProviderOrigin(settings({}))).toBeNull();
  });

  test("product §7: offline access and consent, the OpenID scopes, Google's discovery document by default", () => {
    const google = googleOAuthConfig(settings({ GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "hemmelig" }));
    expect(google).toMatchObject({
      providerId: "google",
      discoveryUrl: GOOGLE_DISCOVERY_URL,
      clientId: "id",
      clientSecret: "hemmelig",
      scopes: ["openid", "email", "profile"],
      accessType: "offline",
      prompt: "consent",
      disableProviderLogout: true,
    });
    // Google's endpoints stand by in case its discovery document cannot be read at start.
    expect(google?.authorizationUrl).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    expect(googleProviderOrigin(settings({ GOOGLE_CLIENT_ID: "id" }))).toBe("https://accounts.google.com");
  });

  test("another discovery document (the tests' stand-in) is read as it is", () => {
    const env = { GOOGLE_CLIENT_ID: "id", GOOGLE_DISCOVERY_URL: "http://127.0.0.1:4010/.well-known/openid-configuration" };
    const google = googleOAuthConfig(settings(env));
    expect(google?.discoveryUrl).toBe(env.GOOGLE_DISCOVERY_URL);
    expect(google?.authorizationUrl).toBeUndefined();
    expect(googleProviderOrigin(settings(env))).toBe("http://127.0.0.1:4010");
  });
});
