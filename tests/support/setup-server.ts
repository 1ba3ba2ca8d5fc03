import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startBuiltServer } from "../../scripts/built-server";
import { launchBrowserServer } from "./browser";
import { startMailCatcher } from "./mailbox";
import { startOidcStandIn } from "./oidc-stand-in";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** The SQLite file of that server, for tests that arrange data a page cannot create. */
    databaseFile: string;
    /** Where the test SMTP server files every mail it receives (tests/support/mailbox.ts reads it). */
    mailDir: string;
    /** The test SMTP server, for a test that starts a second app server. */
    smtpUrl: string;
    /** The stand-in for Google's OpenID Connect service (tests/support/oidc-stand-in.ts). */
    oidcIssuer: string;
    /** What the suite's server signs its session cookies with, for sessions the factories make. */
    sessionSecret: string;
    /** Everything the suite's server was started with that a second server needs to behave alike. */
    serverEnv: Record<string, string>;
    /** The suite's one Chromium (tests/support/browser.ts connects to it). */
    browserEndpoint: string;
  }
}

/** Every browser test signs in and writes from 127.0.0.1: the per-client limits must not trip the suite. */
const GENEROUS_CLIENT_LIMITS = {
  RATE_LIMIT_SIGN_IN_IP: "100000/60",
  RATE_LIMIT_SIGN_UP_IP: "100000/60",
  RATE_LIMIT_AUTH_MAIL_IP: "100000/60",
  RATE_LIMIT_CONTACT: "100000/60",
  RATE_LIMIT_MEASUREMENTS: "100000/60",
};

/**
 * One server and one Chromium for the whole browser suite, with a real SMTP server to receive its
 * mail and a stand-in for Google to sign in with.
 */
export default async function setup(project: TestProject) {
  const mailDir = mkdtempSync(path.join(tmpdir(), "lg-mail-"));
  const stops: (() => Promise<unknown>)[] = [async () => rmSync(mailDir, { recursive: true, force: true })];
  const stopAll = () => Promise.all(stops.map((stop) => stop()));
  let started;
  let serverEnv: Record<string, string>;
  try {
    const mail = await startMailCatcher(mailDir);
    stops.push(mail.stop);
    const oidc = await startOidcStandIn({ clientId: "loppeguiden-test", clientSecret: "stand-in-secret" });
    stops.push(oidc.stop);
    serverEnv = {
      SESSION_SECRET: randomBytes(32).toString("base64url"),
      SMTP_URL: mail.url,
      GOOGLE_CLIENT_ID: oidc.clientId,
      GOOGLE_CLIENT_SECRET: oidc.clientSecret,
      GOOGLE_DISCOVERY_URL: oidc.discoveryUrl,
    };
    const browserServer = await launchBrowserServer();
    stops.push(() => browserServer.close());
    project.provide("browserEndpoint", browserServer.wsEndpoint());
    started = await startBuiltServer({ RATE_LIMIT_CLIENT_ERRORS: "30/60", CACHE_POLL_MS: "200", ...GENEROUS_CLIENT_LIMITS, ...serverEnv });
    project.provide("smtpUrl", mail.url);
    project.provide("sessionSecret", serverEnv.SESSION_SECRET!);
    project.provide("oidcIssuer", oidc.issuer);
  } catch (error) {
    await stopAll();
    throw error;
  }
  const server = started;
  project.provide("baseUrl", server.url);
  project.provide("databaseFile", path.join(server.dataDir, "loppeguiden.db"));
  project.provide("mailDir", mailDir);
  project.provide("serverEnv", serverEnv);
  return async () => {
    const code = await server.stop();
    await stopAll();
    if (code !== 0) throw new Error(`The server did not shut down cleanly (exit code ${code}):\n${server.output()}`);
  };
}
