import { afterAll, beforeAll, describe, expect, test } from "vitest";
import translation from "../../../app/locales/da/translation.json";
import { startSite, type RequestOptions, type Site } from "../../support/site";

/**
 * A form on another site must not be able to act for a visitor here (server/express-app.ts). The
 * theme form changes a cookie for anybody, signed in or not: the one a foreign page would reach for.
 */

let site: Site;

beforeAll(async () => {
  site = await startSite();
});

afterAll(async () => {
  await site?.close();
});

describe("state-changing requests from another site", () => {
  const post = (options: Pick<RequestOptions, "origin" | "headers">) => site.post("/tema", { theme: "dark", redirectTo: "/" }, options);

  test("a foreign Origin is refused with 403 and a Danish message", async () => {
    const response = await post({ origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect(response.text).toContain(translation.api.crossSite);
    expect(response.setCookies).toEqual([]);
  });

  test("a browser's Sec-Fetch-Site: cross-site is refused even without an Origin", async () => {
    expect((await post({ origin: null, headers: { "Sec-Fetch-Site": "cross-site" } })).status).toBe(403);
  });

  test("the site's own origin, or a same-origin fetch with Origin null, is let through", async () => {
    expect((await post({})).status).toBe(303);
    expect((await post({ origin: "null", headers: { "Sec-Fetch-Site": "same-origin" } })).status).toBe(303);
  });
});
