import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startSite, type Site } from "../../support/site";
import { inBatches, rawRequest, siteRoutes } from "./site-routes";

/**
 * Every method against every route: an answer, never a server error. A method the route does not
 * take is 405 with an Allow header naming the ones it does, and a short body.
 */

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "PROPFIND", "BREW"];

/** Pages whose job is to show the server error screen (product §2's /500, and two test pages). */
const SHOWS_SERVER_ERROR = new Set(["/500", "/test/fejl", "/test/kritisk"]);

let site: Site;

beforeAll(async () => {
  site = await startSite();
});

afterAll(async () => {
  await site?.close();
});

describe("methods", () => {
  const routes = siteRoutes();

  test("the routes were found", () => {
    const patterns = routes.map((route) => route.pattern);
    expect(patterns).toEqual(expect.arrayContaining(["/healthz", "/api/markers", "/api/session", "/tema", "/sign-in", "/markeder/:slug"]));
    expect(routes.length).toBeGreaterThan(60);
  });

  // One test per method, so that a failure names it and each stays well within its time limit.
  test.each(METHODS)("%s on every route is answered without a server error; a 405 names what is allowed", async (method) => {
    const problems: string[] = [];
    await inBatches(routes, 16, async (route) => {
      const label = `${method} ${route.sample}`;
      try {
        const answer = await rawRequest(site.url, method, route.sample, { headers: { "Content-Length": "0" } });
        const deliberate = SHOWS_SERVER_ERROR.has(route.pattern) && (method === "GET" || method === "HEAD");
        if (answer.status >= 500 && !deliberate) problems.push(`${label}: ${answer.status}`);
        if (answer.status === 405) {
          const allow = String(answer.headers.allow ?? "");
          if (!allow) problems.push(`${label}: 405 without Allow`);
          else if (allow.split(/,\s*/).includes(method)) problems.push(`${label}: 405, yet Allow names ${method}`);
          if (answer.body.length > 2048) problems.push(`${label}: 405 with a ${answer.body.length}-byte body`);
        }
      } catch (error) {
        problems.push(`${label}: ${(error as Error).message}`);
      }
    });
    expect(problems).toEqual([]);
  });

  test("a method a route takes is not refused, and one it lacks is refused", async () => {
    const problems: string[] = [];
    const pages = routes.filter((route) => route.file !== null && route.methods.length > 0);
    await inBatches(pages, 16, async (route) => {
      const post = await rawRequest(site.url, "POST", route.sample, { headers: { "Content-Length": "0" } });
      if (route.methods.includes("POST") && post.status === 405) problems.push(`POST ${route.sample}: 405, but ${route.file} has an action`);
      if (!route.methods.includes("POST") && post.status !== 405) problems.push(`POST ${route.sample}: ${post.status}, but ${route.file} has no action`);
      const put = await rawRequest(site.url, "PUT", route.sample, { headers: { "Content-Length": "0" } });
      if (put.status !== 405) problems.push(`PUT ${route.sample}: ${put.status}`);
    });
    expect(problems).toEqual([]);
  });
});
