import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { cookieHeader, createTestAccount, withServerDatabase, type TestAccount } from "../support/accounts";
import { axeViolations, collectPageErrors, DESKTOP, launchBrowser, PHONE } from "../support/browser";
import { baseUrl, countH1, h1TextsOf, isSameDocument, markDocument, url, waitForHydration, watchHydration } from "./helpers";

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
  "/dashboard/community/edit/0b6f3c9e-8d1f-4c59-a7f2-2e4d5b6c7d8e",
];
const ADMIN_PAGES = ["/dashboard/admin", "/dashboard/market-claims", "/dashboard/image-cleanup"];
const OTHER_GUARDED = ["/opret-marked", "/community/new", "/manage-market/7d7c1a52-2f3e-4d3b-9a43-1f7c3c1f2b10"];

function get(path: string, account?: TestAccount): Promise<Response> {
  return fetch(url(path), { redirect: "manual", headers: account ? { Cookie: cookieHeader(account) } : {} });
}

function post(path: string, body: Record<string, string>, account?: TestAccount): Promise<Response> {
  return fetch(url(path), {
    method: "POST",
    redirect: "manual",
    headers: { Origin: new URL(baseUrl).origin, ...(account ? { Cookie: cookieHeader(account) } : {}) },
    body: new URLSearchParams(body),
  });
}

function someMarket(): { id: string; name: string } {
  return withServerDatabase((db) => db.prepare("select id, name from markets where status = 'published' order by id limit 1").get() as { id: string; name: string });
}

let member: TestAccount;
let admin: TestAccount;

beforeAll(async () => {
  [member, admin] = await Promise.all([
    createTestAccount({ name: "Mette Medlem" }),
    createTestAccount({ name: "Anders Admin", admin: true }),
  ]);
});

describe("the guard", () => {
  test.each([...MEMBER_PAGES, ...ADMIN_PAGES, ...OTHER_GUARDED])("a visitor on %s is sent to sign in and back", async (path) => {
    const response = await get(`${path}?fane=2`);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/sign-in?next=${encodeURIComponent(`${path}?fane=2`)}`);
  });

  test("a visitor's post is sent to sign in too, before the page reads it", async () => {
    for (const path of ["/dashboard/indstillinger", "/dashboard/admin", "/opret-marked"]) {
      const response = await post(path, { intent: "name", name: "Ubuden" });
      expect(response.status, path).toBe(302);
      expect(response.headers.get("location"), path).toBe(`/sign-in?next=${encodeURIComponent(path)}`);
    }
  });

  test("a signed-in member sees every member page, each with one heading of its own", async () => {
    const headings = new Set<string>();
    for (const path of [...MEMBER_PAGES, "/opret-marked", "/community/new"]) {
      const response = await get(path, member);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(countH1(html), path).toBe(1);
      headings.add(h1TextsOf(html)[0]!);
      expect(html, path).toContain('<meta name="robots" content="noindex,follow"/>');
    }
    expect(headings.size).toBe(MEMBER_PAGES.length + 2);
  });

  test("the overview greets the member by name and links to every page they may open", async () => {
    const html = await (await get("/dashboard", member)).text();
    expect(h1TextsOf(html)).toEqual([translation.dashboard.overview.heading.replace("{{name}}", "Mette Medlem")]);
    for (const path of MEMBER_PAGES.slice(1).filter((path) => !path.includes("/edit/"))) expect(html).toContain(`href="${path}"`);
    for (const path of ADMIN_PAGES) expect(html).not.toContain(`href="${path}"`);
  });

  test.each(ADMIN_PAGES)("a member gets 403 and the access-denied screen on %s; its post is refused too", async (path) => {
    const response = await get(path, member);
    expect(response.status).toBe(403);
    const html = await response.text();
    expect(h1TextsOf(html)).toEqual([translation.errors.unauthorized.heading]);
    // The dashboard's menu stays around the message.
    expect(html).toContain(`aria-label="${translation.dashboard.nav.label}"`);
    expect((await post(path, { anything: "1" }, member)).status).toBe(403);
  });

  test.each(ADMIN_PAGES)("an admin opens %s", async (path) => {
    const response = await get(path, admin);
    expect(response.status).toBe(200);
    expect(countH1(await response.text())).toBe(1);
  });

  test("an admin's overview and menu list the admin pages", async () => {
    const html = await (await get("/dashboard", admin)).text();
    for (const path of ADMIN_PAGES) expect(html.split(`href="${path}"`).length - 1, path).toBe(2);
    expect(html).toContain(translation.dashboard.overview.adminHeading);
  });

  test("/manage-market/{id}: a malformed or unknown id is not found, a market's id shows its name", async () => {
    expect((await get("/manage-market/ikke-et-id", member)).status).toBe(404);
    expect((await get("/manage-market/7d7c1a52-2f3e-4d3b-9a43-1f7c3c1f2b1", member)).status).toBe(404);
    expect((await get("/manage-market/00000000-0000-4000-8000-000000000000", member)).status).toBe(404);
    const market = someMarket();
    const response = await get(`/manage-market/${market.id}`, member);
    expect(response.status).toBe(200);
    expect(h1TextsOf(await response.text())).toEqual([translation.dashboard.guarded.manageMarket.heading.replace("{{name}}", market.name)]);
  });

  test("a post to a page that takes none is refused with 405 once signed in", async () => {
    expect((await post("/dashboard/mine-markeder", { a: "1" }, member)).status).toBe(405);
    expect((await post("/opret-marked", { a: "1" }, member)).status).toBe(405);
  });
});

describe("in the browser", () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  async function signedInContext(options: typeof DESKTOP, account: TestAccount, theme?: "dark"): Promise<BrowserContext> {
    const context = await browser.newContext(options);
    await watchHydration(context);
    await context.addCookies(account.cookies.map((cookie) => ({ ...cookie, url: baseUrl, httpOnly: true, sameSite: "Lax" as const })));
    if (theme) await context.addCookies([{ name: "loppeguiden-theme", value: theme, url: baseUrl }]);
    return context;
  }

  test("the header's Min side leads into the dashboard without a reload, and its menu moves between pages", async () => {
    const context = await signedInContext(DESKTOP, member);
    try {
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      await page.goto(url("/kalender"));
      await waitForHydration(page);
      await markDocument(page);
      await page.locator("header nav").getByRole("link", { name: translation.nav.myPage }).click();
      // The address changes as the navigation commits; the page renders a moment after.
      await expect.poll(() => page.locator("h1").innerText()).toBe(translation.dashboard.overview.heading.replace("{{name}}", "Mette Medlem"));
      expect(page.url()).toBe(url("/dashboard"));
      const menu = page.getByRole("navigation", { name: translation.dashboard.nav.label });
      await menu.getByRole("link", { name: translation.dashboard.pages.savedMarkets.label }).click();
      await expect.poll(() => page.locator("h1").innerText()).toBe(translation.dashboard.planned.savedMarkets.heading);
      expect(page.url()).toBe(url("/dashboard/gemte-markeder"));
      expect(await menu.getByRole("link", { name: translation.dashboard.pages.savedMarkets.label }).getAttribute("aria-current")).toBe("page");
      expect(await isSameDocument(page)).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  const PAGES = ["/dashboard", "/dashboard/indstillinger", "/dashboard/mine-markeder", "/dashboard/admin", "/opret-marked"];
  const VIEWS = [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const;

  describe.each(VIEWS)("on a %s", (_view, viewport) => {
    test.each(["light", "dark"] as const)("the dashboard pages are accessible in the %s theme", async (theme) => {
      const context = await signedInContext(viewport, admin, theme === "dark" ? "dark" : undefined);
      try {
        const page = await context.newPage();
        const errors = collectPageErrors(page);
        const titles = new Set<string>();
        for (const path of PAGES) {
          const response = await page.goto(url(path));
          expect(response?.status(), path).toBe(200);
          await waitForHydration(page);
          expect(await page.evaluate(() => document.documentElement.classList.contains("dark")), path).toBe(theme === "dark");
          expect(await page.locator("h1:visible").count(), path).toBe(1);
          titles.add(await page.title());
          expect(await page.locator('link[rel="canonical"]').getAttribute("href"), path).toBe(url(path));
          // Nothing wider than the screen: the menu scrolls inside itself on a phone.
          // (Compared with the configured width: a phone's layout viewport grows to fit what overflows.)
          expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(page.viewportSize()!.width);
          const violations = await axeViolations(page);
          expect(violations, `${path} (${theme}):\n${JSON.stringify(violations, null, 2)}`).toEqual([]);
        }
        expect(titles.size).toBe(PAGES.length);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });
});
