import { afterAll, beforeAll, describe, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { cookieHeader, createAccount, createTestMarket, type TestAccount, type TestMarket } from "../support/factories";
import { startSite, type Site, type SiteResponse } from "../support/site";

/**
 * The guard in front of the dashboard and the other pages for members (each route's access(), app/http/access.server.ts)
 * as the server answers: who is sent to sign in, who is refused, and what each gets to see. The
 * dashboard in the browser (its menu, themes, axe, phones): tests/e2e/dashboard.test.ts.
 */

const MEMBER_PAGES = [
  "/dashboard",
  "/dashboard/indstillinger",
  "/dashboard/mine-markeder",
  "/dashboard/mine-markeder/edit/7d7c1a52-2f3e-4d3b-9a43-1f7c3c1f2b10",
  "/dashboard/aktivitet",
  "/dashboard/gemte-markeder",
  "/dashboard/community",
  "/dashboard/community/discussions",
  "/dashboard/community/new",
];
/** The member pages the menu lists: the rest answer but are not built yet. */
const BUILT_MEMBER_PAGES = ["/dashboard/indstillinger", "/dashboard/mine-markeder", "/dashboard/gemte-markeder", "/dashboard/community", "/dashboard/community/discussions"];
const ADMIN_PAGES = ["/dashboard/admin", "/dashboard/market-claims", "/dashboard/image-cleanup"];
const OTHER_GUARDED = ["/opret-marked", "/community/new", "/manage-market/7d7c1a52-2f3e-4d3b-9a43-1f7c3c1f2b10"];

let site: Site;
let member: TestAccount;
let admin: TestAccount;
let market: TestMarket;
/** The member's own market: its edit page is one of their pages (another id is not found or not theirs). */
let ownMarket: TestMarket;

beforeAll(async () => {
  site = await startSite();
  [member, admin, market] = await Promise.all([
    createAccount(site, { name: "Mette Medlem" }),
    createAccount(site, { name: "Anders Admin", admin: true }),
    createTestMarket(site.database, { name: "Loppemarked på Havnen" }),
  ]);
  ownMarket = await createTestMarket(site.database, { name: "Mettes Loppemarked" }, { owner: member.id });
});

afterAll(async () => {
  await site?.close();
});

function get(path: string, account?: TestAccount): Promise<SiteResponse> {
  return site.get(path, { cookies: account ? cookieHeader(account) : undefined });
}

function post(path: string, body: Record<string, string>, account?: TestAccount): Promise<SiteResponse> {
  return site.post(path, body, { cookies: account ? cookieHeader(account) : undefined });
}

describe("the guard", () => {
  test.each([...MEMBER_PAGES, ...ADMIN_PAGES, ...OTHER_GUARDED])("a visitor on %s is sent to sign in and back", async (path) => {
    const response = await get(`${path}?fane=2`);
    expect(response.status).toBe(302);
    expect(response.location).toBe(`/sign-in?next=${encodeURIComponent(`${path}?fane=2`)}`);
  });

  test("a visitor's post is sent to sign in too, before the page reads it", async () => {
    for (const path of ["/dashboard/indstillinger", "/dashboard/admin", "/opret-marked"]) {
      const response = await post(path, { intent: "name", name: "Ubuden" });
      expect(response.status, path).toBe(302);
      expect(response.location, path).toBe(`/sign-in?next=${encodeURIComponent(path)}`);
    }
  });

  test("a signed-in member sees every member page, each with one heading of its own", async () => {
    const headings = new Set<string>();
    const ownPages = MEMBER_PAGES.map((path) => (path.startsWith("/dashboard/mine-markeder/edit/") ? `/dashboard/mine-markeder/edit/${ownMarket.id}` : path));
    // /community/new is the page /dashboard/community/new shows outside the dashboard: not a page of its own.
    for (const path of [...ownPages, "/opret-marked"]) {
      const response = await get(path, member);
      expect(response.status, path).toBe(200);
      const h1s = response.html.h1s();
      expect(h1s, path).toHaveLength(1);
      headings.add(h1s[0]!);
      expect(response.text, path).toMatch(/<meta name="robots" content="noindex,(no)?follow"\/>/);
    }
    expect(headings.size).toBe(MEMBER_PAGES.length + 1);
  });

  test("the overview greets the member by name, its menu links every built page they may open and no admin page", async () => {
    const html = (await get("/dashboard", member)).html;
    expect(html.h1s()).toEqual([translation.dashboard.overview.heading.replace("{{name}}", "Mette Medlem")]);
    for (const path of BUILT_MEMBER_PAGES) expect(html.source).toContain(`href="${path}"`);
    for (const path of ADMIN_PAGES) expect(html.source).not.toContain(`href="${path}"`);
  });

  test.each(ADMIN_PAGES)("a member gets 403 and the access-denied screen on %s; its post is refused too", async (path) => {
    const response = await get(path, member);
    expect(response.status).toBe(403);
    expect(response.html.h1s()).toEqual([translation.errors.unauthorized.heading]);
    // The dashboard's menu stays around the message.
    expect(response.text).toContain(`aria-label="${translation.dashboard.nav.label}"`);
    expect((await post(path, { anything: "1" }, member)).status).toBe(403);
  });

  test.each(ADMIN_PAGES)("an admin opens %s", async (path) => {
    const response = await get(path, admin);
    expect(response.status).toBe(200);
    expect(response.html.h1s()).toHaveLength(1);
  });

  test("an admin's menu lists the admin pages, and the overview what waits for them", async () => {
    const page = (await get("/dashboard", admin)).html;
    for (const path of ADMIN_PAGES) expect(page.source, path).toContain(`href="${path}"`);
    const waiting = page.region(translation.dashboard.overview.admin.heading);
    expect(waiting.all("a").map((link) => link.getAttribute("href"))).toEqual(["/dashboard/admin/godkendelser", "/dashboard/market-claims", "/dashboard/admin"]);
  });

  test("/manage-market/{id}: a malformed or unknown id is not found, a market nobody owns is an admin's", async () => {
    expect((await get("/manage-market/ikke-et-id", member)).status).toBe(404);
    expect((await get("/manage-market/7d7c1a52-2f3e-4d3b-9a43-1f7c3c1f2b1", member)).status).toBe(404);
    expect((await get("/manage-market/00000000-0000-4000-8000-000000000000", member)).status).toBe(404);
    expect((await get(`/manage-market/${market.id}`, member)).status).toBe(403);
    const response = await get(`/manage-market/${market.id}`, admin);
    expect(response.status).toBe(200);
    expect(response.html.h1s()).toEqual([market.name]);
  });

  test("a post to a page that takes none is refused with 405 once signed in", async () => {
    expect((await post("/opret-marked/7d7c1a52-2f3e-4d3b-9a43-1f7c3c1f2b10", { a: "1" }, member)).status).toBe(405);
    expect((await post("/dashboard/community", { a: "1" }, member)).status).toBe(405);
  });
});
