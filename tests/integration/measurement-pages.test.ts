import type { HTMLElement } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import type { TestAccount } from "../support/factories";
import type { Html } from "../support/html";
import { startSite, type Client, type Site } from "../support/site";

/**
 * Anonymous measurements at the level of requests: POST /api/maalinger taking a beacon or refusing
 * it, and the admins' page of 75th percentiles and page views. The beacons a page sends after
 * consent, and the page in a browser (axe): tests/e2e/measurements.test.ts. What is stored and how
 * it is counted, per database: measurements.test.ts.
 */

const ENDPOINT = "/api/maalinger";
const ADMIN_PAGE = "/dashboard/admin/maalinger";
const texts = translation.measurements;

let site: Site;
let member: { account: TestAccount; client: Client };
let admin: { account: TestAccount; client: Client };

const beacon = (body: string, headers: Record<string, string> = {}) => site.request("POST", ENDPOINT, { body, headers: { "Content-Type": "application/json", ...headers } });

beforeAll(async () => {
  site = await startSite();
  [member, admin] = await Promise.all([site.signedIn({ name: "Mads Medlem" }), site.signedIn({ name: "Aase Admin", admin: true })]);
});

afterAll(async () => {
  await site?.close();
});

describe("the endpoint", () => {
  test("takes a small beacon with 204 and sets no cookie", async () => {
    const answer = await beacon(JSON.stringify({ path: "/faq", events: [{ kind: "page-view" }, { kind: "vital", metric: "TTFB", value: 120 }] }));
    expect(answer.status).toBe(204);
    expect(answer.setCookies).toEqual([]);
  });

  test.each([
    ["unreadable JSON", "{", 400],
    ["FID, which is no longer reported", JSON.stringify({ path: "/", events: [{ kind: "vital", metric: "FID", value: 10 }] }), 400],
    ["an identifier", JSON.stringify({ path: "/", userId: "u1", events: [{ kind: "page-view" }] }), 400],
    ["a body over the size cap", JSON.stringify({ path: "/", events: [{ kind: "page-view" }], padding: "x".repeat(5000) }), 413],
  ])("refuses %s", async (_label, body, status) => {
    expect((await beacon(body)).status).toBe(status);
  });

  test("refuses a post from another site and answers nothing to a GET", async () => {
    const foreign = await site.request("POST", ENDPOINT, {
      body: JSON.stringify({ path: "/", events: [{ kind: "page-view" }] }),
      headers: { "Content-Type": "application/json" },
      origin: "https://example.com",
    });
    expect(foreign.status).toBe(403);
    expect((await site.get(ENDPOINT)).status).toBe(405);
  });
});

/** A table's cell in the row a row header names and the column a column header names. */
function cellOf(table: HTMLElement, row: string, column: string): string | undefined {
  const columns = table.querySelectorAll("thead th").map((header) => header.text.trim());
  const found = table.querySelectorAll("tbody tr").find((candidate) => candidate.querySelector('th[scope="row"]')?.text.trim() === row);
  return found?.querySelectorAll("th, td")[columns.indexOf(column)]?.text.replace(/\s+/g, " ").trim();
}

const tableCaptioned = (html: Html, caption: string) => html.all("table").find((table) => table.querySelector("caption")?.text.trim() === caption);

describe("the admin page", () => {
  test("answers 403 to a member, and sends a visitor to sign in", async () => {
    const asMember = await member.client.get(ADMIN_PAGE);
    expect(asMember.status).toBe(403);
    expect(asMember.html.h1s()).toEqual([translation.errors.unauthorized.heading]);
    expect((await site.get(ADMIN_PAGE)).status).toBe(302);
  });

  test("shows an admin the 75th percentiles per page type and the page views per day", async () => {
    // INP on a not-found page, the "other" page type: the 75th percentile of these is 250 ms.
    const events = [90, 150, 250, 600].map((value) => ({ kind: "vital", metric: "INP", value }));
    expect((await beacon(JSON.stringify({ path: "/maaling-findes-ikke", events }))).status).toBe(204);

    const page = await admin.client.get(ADMIN_PAGE);
    expect(page.status).toBe(200);
    expect(page.html.h1s()).toEqual([texts.heading]);
    const vitals = tableCaptioned(page.html, texts.vitals.caption);
    expect(vitals).toBeDefined();
    expect(cellOf(vitals!, texts.pageTypes.other, "INP")).toContain(`250 ms ${texts.ratings.needsImprovement}`);

    const views = tableCaptioned(page.html, texts.pageViews.caption.replace("{{days}}", "30"));
    expect(views?.querySelectorAll("tbody tr")).toHaveLength(30);
    const charts = page.html.all('[role="img"]').filter((chart) => /^Søjlediagram over sidevisninger pr\. dag/.test(chart.getAttribute("aria-label") ?? ""));
    expect(charts).toHaveLength(1);
  });

  test("is linked from an admin's dashboard", async () => {
    const dashboard = await admin.client.get("/dashboard");
    expect(dashboard.html.all("a").map((link) => link.getAttribute("href"))).toContain(ADMIN_PAGE);
  });
});
