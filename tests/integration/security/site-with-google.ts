import { startOidcStandIn, type OidcStandIn } from "../../support/oidc-stand-in";
import { startSite, type Site } from "../../support/site";

/**
 * The site with "Log ind med Google" switched on, against the stand-in for Google
 * (tests/support/oidc-stand-in.ts), as production runs it: the auth library then mounts the
 * Google endpoints too, and the Google button leads to the stand-in's address.
 */
export async function startSiteWithGoogle(): Promise<{ site: Site; google: OidcStandIn; stop: () => Promise<void> }> {
  const google = await startOidcStandIn({ clientId: "loppeguiden-test", clientSecret: "stand-in-secret" });
  try {
    const site = await startSite({
      env: { GOOGLE_CLIENT_ID: google.clientId, GOOGLE_CLIENT_SECRET: google.clientSecret, GOOGLE_DISCOVERY_URL: google.discoveryUrl },
    });
    return {
      site,
      google,
      async stop() {
        await site.close();
        await google.stop();
      },
    };
  } catch (error) {
    await google.stop();
    throw error;
  }
}
