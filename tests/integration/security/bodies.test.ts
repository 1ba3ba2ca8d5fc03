import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { FORM_BODY_MAX_BYTES } from "../../../app/http/request-body.server";
import { startSite, type Site } from "../../support/site";
import { inBatches, rawRequest, siteRoutes } from "./site-routes";

/**
 * Bodies a form never sends, against every route that takes a post: a wrong content type, a body
 * that does not parse, and bodies far too large. Each gets an answer (4xx, never 5xx and never a
 * cut connection).
 */

let site: Site;

beforeAll(async () => {
  site = await startSite();
});

afterAll(async () => {
  await site?.close();
});

/** What scripts send where a form is expected, and forms that do not parse. */
const ODD_BODIES: { type: string | null; body: string }[] = [
  { type: "application/json", body: "{" },
  { type: "application/json", body: '{"theme":"dark"}' },
  { type: "text/plain", body: "theme=dark" },
  { type: "application/xml", body: "<theme>dark</theme>" },
  { type: "multipart/form-data; boundary=grænse", body: "--grænse\r\nbroken" },
  { type: "multipart/form-data", body: "no boundary" },
  { type: null, body: "theme=dark" },
];

/** Routes that take a post, React Router's and Express's. */
function postRoutes() {
  return siteRoutes().filter((route) => route.methods.includes("POST"));
}

describe("request bodies", () => {
  test("every route that takes a post answers odd bodies with 4xx, never a server error", async () => {
    const routes = postRoutes();
    expect(routes.map((route) => route.pattern)).toEqual(expect.arrayContaining(["/tema", "/samtykke", "/luk-banner", "/sign-in", "/kontakt"]));
    const problems: string[] = [];
    const cases = routes.flatMap((route) => ODD_BODIES.map((odd) => ({ route, odd })));
    await inBatches(cases, 12, async ({ route, odd }) => {
      const headers: Record<string, string> = { Origin: site.url, "Content-Length": String(Buffer.byteLength(odd.body)) };
      if (odd.type) headers["Content-Type"] = odd.type;
      const label = `POST ${route.sample} (${odd.type ?? "no type"}: ${odd.body.slice(0, 20)})`;
      try {
        const answer = await rawRequest(site.url, "POST", route.sample, { headers, body: odd.body });
        // A JSON endpoint may take a JSON body (the error reports); everything else refuses.
        if (answer.status >= 500) problems.push(`${label}: ${answer.status}`);
      } catch (error) {
        problems.push(`${label}: ${(error as Error).message}`);
      }
    });
    expect(problems).toEqual([]);
  });

  test("a body that is too large gets an answer, never a cut connection: 413 with a Danish page past every limit", async () => {
    const problems: string[] = [];
    for (const size of [1_000_000, 34_000_000]) {
      const body = Buffer.alloc(size, "a");
      await inBatches(postRoutes(), 4, async (route) => {
        const label = `POST ${route.sample} with ${size} bytes`;
        try {
          const answer = await rawRequest(site.url, "POST", route.sample, {
            headers: { Origin: site.url, "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(size), Accept: "text/html" },
            body,
          });
          // Under the server's limit a route may refuse for its own reasons first: a guarded page
          // sends a visitor to sign in, the closed auth endpoints are not found, an error report
          // that is not JSON is unreadable.
          if (size < FORM_BODY_MAX_BYTES) {
            if (answer.status >= 500 || answer.status < 300) problems.push(`${label}: ${answer.status}`);
            return;
          }
          if (answer.status !== 413) problems.push(`${label}: ${answer.status}`);
          else if (!/[æøå]/.test(answer.body)) problems.push(`${label}: 413 without a Danish text`);
        } catch (error) {
          problems.push(`${label}: ${(error as Error).message}`);
        }
      });
    }
    expect(problems).toEqual([]);
  });

  test("a body without a length is refused before it is read", async () => {
    const answer = await rawRequest(site.url, "POST", "/kontakt", {
      headers: { Origin: site.url, "Content-Type": "application/x-www-form-urlencoded", "Transfer-Encoding": "chunked" },
      body: "navn=x",
    });
    expect(answer.status).toBe(411);
  });
});
