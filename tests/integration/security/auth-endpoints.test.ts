import { betterAuth } from "better-auth";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { authOptions } from "../../../app/auth/auth.server";
import { AUTH_HTTP_ALLOW_LIST, isAuthRequestAllowed } from "../../../app/auth/auth-http.server";
import { openDatabase } from "../../../app/lib/db/database.server";
import { authSiteFor } from "../../support/auth-site";
import { cookieHeader } from "../../support/factories";
import type { Site } from "../../support/site";
import { inBatches, rawRequest } from "./site-routes";
import { startSiteWithGoogle } from "./site-with-google";

/**
 * The auth library mounts an HTTP endpoint for every step it knows (update the user, change the
 * password, list the sessions …). The site does every account step in its own forms on the
 * server, so only what a browser must reach directly is open (app/auth/auth-http.server.ts): each
 * endpoint the library mounts, with each method it takes, must be refused unless it is on that list.
 */

let site: Site;
let stop: () => Promise<void>;

beforeAll(async () => {
  ({ site, stop } = await startSiteWithGoogle());
});

afterAll(async () => {
  await stop?.();
});

/** The endpoints of a library built with the site's own settings (Google on). */
function libraryEndpoints(): { method: string; path: string }[] {
  const appDatabase = openDatabase("file::memory:");
  const library = betterAuth(authOptions(authSiteFor(appDatabase, site.config)));
  return Object.values(library.api).flatMap((endpoint) => {
    const { path: endpointPath, options } = endpoint as unknown as { path?: string; options?: { method?: string | string[] } };
    if (!endpointPath) return [];
    const methods = [options?.method ?? "GET"].flat().map((method) => (method === "*" ? "POST" : method));
    const sample = endpointPath.replace(/:id\b/, "google").replace(/:(\w+)/g, "proeve");
    return methods.map((method) => ({ method, path: `/api/auth${sample}` }));
  });
}

describe("the auth library's own HTTP endpoints", () => {
  test("only the allow-list is reachable; every other endpoint is refused, signed in or not", async () => {
    const endpoints = libraryEndpoints();
    expect(endpoints.length).toBeGreaterThan(25);
    expect(endpoints).toContainEqual({ method: "POST", path: "/api/auth/update-user" });

    const { account } = await site.signedIn();
    const problems: string[] = [];
    const cases = endpoints.flatMap((endpoint) => [
      { ...endpoint, cookie: "" },
      { ...endpoint, cookie: cookieHeader(account) },
    ]);
    await inBatches(cases, 12, async ({ method, path: endpointPath, cookie }) => {
      const body =
        method === "GET"
          ? undefined
          : JSON.stringify({ name: "x".repeat(10), image: "javascript:alert(1)", currentPassword: "forkert", newPassword: "forkert-igen", password: "forkert" });
      const headers: Record<string, string> = { Origin: site.url, "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(body ?? "")) };
      if (cookie) headers.Cookie = cookie;
      const answer = await rawRequest(site.url, method, endpointPath, { headers, body });
      const refused = answer.status === 404;
      const allowed = isAuthRequestAllowed(method, endpointPath);
      if (allowed && refused) problems.push(`${method} ${endpointPath} is on the allow-list but refused`);
      if (!allowed && !refused) problems.push(`${method} ${endpointPath}${cookie ? " (signed in)" : ""} answered ${answer.status}: ${answer.body.slice(0, 80)}`);
    });
    expect(problems).toEqual([]);
  });

  test("the allow-list is the way back from Google, and nothing else", () => {
    expect(AUTH_HTTP_ALLOW_LIST).toEqual([{ method: "GET", path: "/api/auth/callback/google" }]);
  });

  test("the name, the password and the sessions cannot be reached over HTTP", async () => {
    const { account } = await site.signedIn();
    const headers = { Origin: site.url, "Content-Type": "application/json", Cookie: cookieHeader(account) };
    const huge = JSON.stringify({ name: "x".repeat(200_000) });
    const update = await rawRequest(site.url, "POST", "/api/auth/update-user", { headers: { ...headers, "Content-Length": String(huge.length) }, body: huge });
    expect(update.status).toBe(404);
    const sessions = await rawRequest(site.url, "GET", "/api/auth/list-sessions", { headers });
    expect(sessions.status).toBe(404);
    expect(sessions.body).not.toContain(account.cookies[0]!.value.split(".")[0]);
  });
});
