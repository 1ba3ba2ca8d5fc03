import { afterAll, beforeAll, expect, test } from "vitest";
import { THEME_COOKIE } from "../../app/theme/theme";
import { cookieHeader, createAccount } from "../support/factories";
import { EVERY_PAGE } from "../support/every-page-routes";
import { startSite, type Site } from "../support/site";

/**
 * What the server sends around a page, for every page the browser suite opens in both themes
 * (tests/e2e/every-page.ts, dashboard.test.ts): Danish, one heading, its own description and
 * canonical address, the theme of the cookie already on <html> so that a dark page never flashes
 * light, and the security headers. How each page stands once hydrated (its heading, axe, no
 * sideways scrolling, no console errors): the browser.
 */

let site: Site;

beforeAll(async () => {
  site = await startSite();
});

afterAll(async () => {
  await site?.close();
});

// Asked with the dark cookie, where a class left off would show as a flash of light: without a
// cookie the root renders "system" (theme.test.ts), and every page hydrates in the light theme in
// every-page.ts.
test.each(EVERY_PAGE)("%s is Danish, with one heading, and the theme cookie's class on <html>", async (path) => {
  const page = await site.get(path, { cookies: `${THEME_COOKIE}=dark` });
  expect(page.status, path).toBe(200);
  expect(page.html.one("html")?.getAttribute("lang"), path).toBe("da");
  expect(page.html.h1s(), `h1 elements in the server HTML of ${path}`).toHaveLength(1);
  expect(page.html.all('meta[name="description"]'), path).toHaveLength(1);
  expect(
    page.html.all('link[rel="canonical"]').map((link) => link.getAttribute("href")),
    path,
  ).toEqual([new URL(path, site.url).href]);
  expect(page.html.htmlClass, path).toBe("dark");
});

// The dashboard in the browser, light and dark: tests/e2e/dashboard.test.ts.
test("the admin's dashboard pages are Danish, each with one heading, a title and a canonical address of its own, in the theme of the cookie", async () => {
  const admin = await createAccount(site, { name: "Anders Admin", admin: true });
  const titles = new Set<string>();
  for (const path of ["/dashboard", "/dashboard/indstillinger", "/dashboard/admin"]) {
    const page = await site.get(path, { cookies: `${cookieHeader(admin)}; ${THEME_COOKIE}=dark` });
    expect(page.status, path).toBe(200);
    expect(page.html.one("html")?.getAttribute("lang"), path).toBe("da");
    expect(page.html.h1s(), path).toHaveLength(1);
    expect(page.html.htmlClass, path).toBe("dark");
    expect(
      page.html.all('link[rel="canonical"]').map((link) => link.getAttribute("href")),
      path,
    ).toEqual([new URL(path, site.url).href]);
    const title = page.html.text("title");
    expect(title, path).not.toBe("");
    titles.add(title);
  }
  expect(titles.size).toBe(3);
});

test("pages carry a Content-Security-Policy and the other security headers", async () => {
  // A page that hydrates (public pages do not, decision 0032): its inline scripts are allowed by their hashes.
  const response = await site.get("/test/geolocation");
  expect(response.status).toBe(200);
  const csp = response.headers.get("content-security-policy");
  expect(csp, "Content-Security-Policy").not.toBeNull();
  const directives = new Map(
    csp!
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
  expect(csp).toContain("script-src 'self' 'sha256-");
  expect(directives.get("script-src")).not.toContain("'unsafe-inline'");
  // The harness serves map tiles from the site itself (MAP_TILE_URL); the policy names that origin.
  expect(directives.get("img-src")).toContain(new URL(site.url).origin);
  expect(directives.get("frame-ancestors")).toEqual(["'none'"]);
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
});
