import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startSite, type Site, type SiteResponse } from "../support/site";

/**
 * POST /api/client-errors, where the pages' error reporter sends what went wrong in the browser:
 * what it takes, what it refuses, and its limit per address. The reporter in a page (the toasts,
 * what it sends): tests/e2e/error-reporting.test.ts.
 */

const ENDPOINT = "/api/client-errors";
const LIMIT = 30;

let site: Site;

beforeAll(async () => {
  site = await startSite({ env: { RATE_LIMIT_CLIENT_ERRORS: `${LIMIT}/60` } });
});

afterAll(async () => {
  await site?.close();
});

const postReport = (data: unknown): Promise<SiteResponse> =>
  site.request("POST", ENDPOINT, { body: typeof data === "string" ? data : JSON.stringify(data), headers: { "Content-Type": "application/json" } });

describe("POST /api/client-errors", () => {
  test("a valid report is accepted with 204", async () => {
    expect((await postReport({ title: "Test", message: "En testrapport", severity: "error" })).status).toBe(204);
  });

  test("a report that does not fit the schema is refused with 400", async () => {
    expect((await postReport({ title: 42, severity: "fatal" })).status).toBe(400);
  });

  test("a body that is not JSON is refused with 400", async () => {
    expect((await postReport("{ this is not json")).status).toBe(400);
  });

  test("a body over 8 KB is refused with 413", async () => {
    expect((await postReport({ title: "Test", message: "x".repeat(9 * 1024), severity: "error" })).status).toBe(413);
  });
});

// Last in this file: after it, reports from this address are refused for the rest of the window.
describe("rate limit (last)", () => {
  test(`more than ${LIMIT} reports in the window are answered 429 with Retry-After`, async () => {
    const report = { title: "Test", message: "Grænsetest", severity: "warning" };
    const statuses: number[] = [];
    let limited: SiteResponse | null = null;
    // The reports above count too, so the limit may come sooner than LIMIT + 1; two windows' worth
    // of requests is enough even if a window ends while this runs.
    for (let i = 0; i < 2 * (LIMIT + 1) && !limited; i++) {
      const answer = await postReport(report);
      statuses.push(answer.status);
      if (answer.status === 429) limited = answer;
    }
    expect(limited, `statuses: ${statuses.join(",")}`).not.toBeNull();
    const accepted = statuses.filter((status) => status === 204).length;
    expect(accepted, "reports accepted before the limit").toBeLessThanOrEqual(LIMIT);
    expect(statuses.slice(0, -1).every((status) => status === 204)).toBe(true);

    const retryAfter = Number(limited!.headers.get("retry-after"));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // It stays refused.
    expect((await postReport(report)).status).toBe(429);
  });
});
