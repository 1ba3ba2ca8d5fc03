import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { cookieHeader, PASSWORD, type TestAccount } from "../../support/factories";
import type { Site } from "../../support/site";
import { inBatches, rawRequest, reactRouterRoutes, type SiteRoute } from "./site-routes";
import { startSiteWithGoogle } from "./site-with-google";

/**
 * Every parameter that takes a path to go to next, found in the code (where a route, or a helper
 * it imports, hands a query parameter, a form field or the Referer to safeNextPath or
 * returnPathFor, or a form's schema declares a returnPathField), is sent a corpus of addresses that lead off the site. Whatever the route
 * answers, a redirect stays on the site (or goes to the Google sign-in the button starts).
 */

const APP_DIR = path.resolve(import.meta.dirname, "../../../app");

const CORPUS = [
  "//evil.example",
  "/.//evil.example",
  "/..//evil.example",
  "/%2e//evil.example",
  "/%2E%2E//evil.example",
  "/a/..//evil.example",
  "/.//evil.example/%2e%2e",
  "/\\evil.example",
  "/./\\evil.example",
  "/\t/evil.example",
  "\\\\evil.example",
  "https://evil.example/",
  "http:evil.example",
  "javascript:alert(1)",
  "/%5cevil.example",
];

type Source = "query" | "form" | "referer";

interface PathParameter {
  route: SiteRoute;
  name: string;
  source: Source;
}

const CALL = /(?:safeNextPath|returnPathFor)\(([^;]*)/g;
const PARAMETER = /(?:formText\(form, |form\.get\(|searchParams\.get\()"(\w+)"/g;
const SCHEMA_FIELD = /(\w+): returnPathField\(\)/g;

/** The code a route runs: its module and the app modules it imports (one level is where these live). */
function sourcesOf(file: string): string[] {
  const own = readFileSync(path.join(APP_DIR, file), "utf8");
  const imported = [...own.matchAll(/from "(~\/[^"]+|\.\/[^"]+)"/g)].flatMap(([, specifier]) => {
    const base = specifier!.startsWith("~/") ? path.join(APP_DIR, specifier!.slice(2)) : path.join(APP_DIR, path.dirname(file), specifier!);
    for (const candidate of [base, `${base}.ts`, `${base}.tsx`]) {
      try {
        return [readFileSync(candidate, "utf8")];
      } catch {
        // not this spelling
      }
    }
    return [];
  });
  return [own, ...imported];
}

function pathParameters(): PathParameter[] {
  const found = new Map<string, PathParameter>();
  for (const route of reactRouterRoutes()) {
    for (const source of sourcesOf(route.file!)) {
      for (const [, name] of source.matchAll(SCHEMA_FIELD)) found.set(`${route.pattern} form ${name}`, { route, name: name!, source: "form" });
      for (const [, argument] of source.matchAll(CALL)) {
        if (argument!.startsWith("request")) {
          // returnPathFor(request): ?next=, else the Referer.
          found.set(`${route.pattern} query next`, { route, name: "next", source: "query" });
          found.set(`${route.pattern} referer`, { route, name: "Referer", source: "referer" });
        }
        for (const [whole, name] of argument!.matchAll(PARAMETER)) {
          const from: Source = whole.startsWith("searchParams") ? "query" : "form";
          found.set(`${route.pattern} ${from} ${name}`, { route, name: name!, source: from });
        }
      }
    }
  }
  return [...found.values()];
}

/** What a form needs besides the path, so that its action gets as far as the redirect. */
function successFields(pattern: string, account: TestAccount): Record<string, string> {
  switch (pattern) {
    case "/tema":
      return { theme: "dark" };
    case "/samtykke":
      return { decision: "accept-all" };
    case "/luk-banner":
      return { id: "demo-data" };
    case "/sign-in":
      return { intent: "sign-in", email: account.email, password: PASSWORD };
    case "/sign-up":
      return { intent: "sign-up", name: "Omvej", email: `omvej-${Math.random().toString(36).slice(2)}@example.com`, password: PASSWORD };
    default:
      return {};
  }
}

let site: Site;
let stop: () => Promise<void>;
/** The site, or the Google stand-in that "Log ind med Google" is sent to. */
let allowedOrigins: string[];

beforeAll(async () => {
  const started = await startSiteWithGoogle();
  ({ site, stop } = started);
  allowedOrigins = [new URL(site.url).origin, new URL(started.google.issuer).origin];
});

afterAll(async () => {
  await stop?.();
});

describe("open redirects", () => {
  const parameters = pathParameters();
  let account: TestAccount;

  beforeAll(async () => {
    ({ account } = await site.signedIn());
  });

  test("every parameter that takes a path was found in the code", () => {
    const names = parameters.map((parameter) => `${parameter.route.pattern} ${parameter.source} ${parameter.name}`);
    expect(names).toEqual(
      expect.arrayContaining([
        "/sign-in query next",
        "/sign-in form next",
        "/sign-in referer Referer",
        "/sign-up form next",
        "/auth/callback query next",
        "/auth/google form next",
        "/tema form redirectTo",
        "/samtykke form next",
        "/luk-banner form next",
      ]),
    );
  });

  // One test per parameter, so that a failure names it and each stays well within its time limit:
  // about 450 requests in all, a few dozen of them real sign-ins (each a deliberately slow hash).
  const labelled = parameters.map((parameter) => [`${parameter.route.pattern} ${parameter.source} ${parameter.name}`, parameter] as const);
  test.each(labelled)("%s: no corpus address leads a redirect off the site, signed in or not", async (_label, parameter) => {
    const problems: string[] = [];
    const cases = CORPUS.flatMap((value) => [false, true].map((signedIn) => ({ value, signedIn })));
    await inBatches(cases, 8, async ({ value, signedIn }) => {
      const { route, name, source } = parameter;
      const headers: Record<string, string> = { Origin: site.url };
      // Signing in again while signed in is not what the sign-in form is for; it is tested signed out.
      const useSession = signedIn && !(source === "form" && route.pattern === "/sign-in");
      if (useSession) headers.Cookie = cookieHeader(account);
      let answer;
      if (source === "form") {
        const body = new URLSearchParams({ ...successFields(route.pattern, account), [name]: value }).toString();
        answer = await rawRequest(site.url, "POST", route.sample, {
          headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(Buffer.byteLength(body)) },
          body,
        });
      } else if (source === "query") {
        answer = await rawRequest(site.url, "GET", `${route.sample}?${new URLSearchParams({ [name]: value })}`, { headers });
      } else {
        answer = await rawRequest(site.url, "GET", route.sample, { headers: { ...headers, Referer: `${site.url}${value.startsWith("/") ? value : `/${value}`}` } });
      }
      const location = answer.headers.location;
      if (!location) return;
      const label = `${route.pattern} ${source} ${name}=${JSON.stringify(value)}${useSession ? " (signed in)" : ""}`;
      // "//" alone is no URL at all, and a browser would still read it as another host.
      const origin = URL.canParse(location, site.url) ? new URL(location, site.url).origin : "none";
      if (!allowedOrigins.includes(origin) || location.startsWith("//") || location.includes("\\")) {
        problems.push(`${label} → ${answer.status} Location: ${location}`);
      }
    });
    expect(problems).toEqual([]);
  });
});
