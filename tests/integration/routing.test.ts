import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { infoPage } from "../../app/content/pages.server";
import translation from "../../app/locales/da/translation.json";
import { startSite, type Site } from "../support/site";

/**
 * Addresses as the server answers them: permanent redirects, the error pages' statuses and
 * headings, and a page error that gives nothing of itself away. The same pages once hydrated:
 * tests/e2e/routing.test.ts.
 */

let site: Site;

beforeAll(async () => {
  site = await startSite();
});

afterAll(async () => {
  await site?.close();
});

describe("permanent redirects", () => {
  const REDIRECTS: [from: string, to: string][] = [
    ["/en/kalender?x=1", "/kalender?x=1"],
    ["/en", "/"],
    ["/en/pricing", "/priser"],
    ["/marked/some-slug", "/markeder/some-slug"],
    ["/markeder/alle", "/register"],
    ["/pricing", "/priser"],
    ["/gemte-markeder", "/dashboard/gemte-markeder"],
  ];

  test.each(REDIRECTS)("%s answers 301 to %s in one hop", async (from, to) => {
    const response = await site.get(from);
    expect(response.status).toBe(301);
    expect(response.location, "Location header").not.toBeNull();
    // Relative or absolute, it must point at the target on this site, query kept.
    expect(new URL(response.location!, site.url).href).toBe(new URL(to, site.url).href);
  });

  test("following /en/kalender?x=1 ends on the calendar with the query kept", async () => {
    const client = site.client();
    const redirect = await client.get("/en/kalender?x=1");
    expect(redirect.status).toBe(301);
    expect(new URL(redirect.location!, site.url).pathname).toBe("/kalender");
    const page = await client.follow(redirect);
    expect(page.status).toBe(200);
    expect(page.path).toBe("/kalender?x=1");
    expect(page.html.h1s()).toEqual([translation.pages.kalender.heading]);
  });

  test("following /pricing ends on /priser", async () => {
    const client = site.client();
    const redirect = await client.get("/pricing");
    expect(redirect.status).toBe(301);
    const page = await client.follow(redirect);
    expect(page.status).toBe(200);
    expect(page.path).toBe("/priser");
    expect(page.html.h1s()).toEqual([infoPage("priser").heading]);
  });
});

describe("error pages", () => {
  test.each(["/findes-ikke-123", "/markeder/x/y/z"])("unknown path %s is a 404 with the not-found page", async (path) => {
    const response = await site.get(path);
    expect(response.status).toBe(404);
    expect(response.html.h1s(), "h1 elements in the server HTML").toEqual([translation.errors.notFound.heading]);
    expect(response.html.link(translation.errors.backHome)).toBe("/");
  });

  test("/500 answers 500 with the server error page", async () => {
    const response = await site.get("/500");
    expect(response.status).toBe(500);
    expect(response.html.h1s()).toEqual([translation.errors.serverError.heading]);
  });

  test("/unauthorized answers 403 with the access denied page", async () => {
    const response = await site.get("/unauthorized");
    expect(response.status).toBe(403);
    expect(response.html.h1s()).toEqual([translation.errors.unauthorized.heading]);
  });
});

describe("sign-in and sign-up sub-paths", () => {
  test.each([
    ["/sign-in/anything/deep", translation.auth.signIn.heading],
    ["/sign-in", translation.auth.signIn.heading],
    ["/sign-up/x", translation.auth.signUp.heading],
    ["/sign-up", translation.auth.signUp.heading],
  ])("%s answers 200 with the heading %s", async (path, heading) => {
    const response = await site.get(path);
    expect(response.status).toBe(200);
    expect(response.html.h1s()).toEqual([heading]);
  });
});

describe("errors thrown by pages", () => {
  test("a loader that throws gives a 500 page error inside the shell, without details", async () => {
    const response = await site.get("/test/fejl");
    expect(response.status).toBe(500);
    const html = response.text;
    expect(response.html.h1s()).toEqual([translation.errors.page.heading]);
    expect(html).toMatch(/<header\b/);
    expect(html).toMatch(/<footer\b/);
    // Nothing of the error itself reaches the visitor.
    expect(html).not.toMatch(/^\s*at \S/m);
    expect(html).not.toMatch(/\bat \S+ \(/);
    expect(html).not.toContain("Bevidst fejl");
    expect(html).not.toMatch(/\.tsx?:\d/);
    expect(html).not.toContain("/work/");
  });
});
