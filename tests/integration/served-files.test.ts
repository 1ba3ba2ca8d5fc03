import { afterAll, beforeAll, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { startSite, type Site } from "../support/site";

/**
 * What the server answers besides pages: its health, the translation file the browser reads, the
 * built assets with their cache headers, and compressed answers for a client that takes them.
 */

let site: Site;

beforeAll(async () => {
  site = await startSite();
});

afterAll(async () => {
  await site?.close();
});

test("/healthz answers ok, as JSON", async () => {
  const response = await site.get("/healthz");
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/application\/json/);
  expect(response.json()).toMatchObject({ status: "ok" });
});

test("/locales/da/translation.json serves the translation file", async () => {
  const response = await site.get("/locales/da/translation.json");
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/application\/json/);
  expect(response.json()).toEqual(translation);
});

test("hashed assets are cached for good", async () => {
  const page = await site.get("/");
  const assets = [...new Set([...page.text.matchAll(/["'](\/assets\/[^"']+\.(?:js|css))["']/g)].map((match) => match[1]!))];
  expect(assets.length).toBeGreaterThan(0);
  for (const asset of assets.slice(0, 3)) {
    const response = await site.get(asset);
    expect(response.status, asset).toBe(200);
    expect(response.headers.get("cache-control"), asset).toContain("immutable");
  }
});

test("responses are compressed when the client accepts it", async () => {
  const response = await site.get("/", { headers: { "Accept-Encoding": "gzip, br" } });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-encoding")).toMatch(/^(gzip|br)$/);
  // Still readable once decoded.
  expect(response.text).toContain("<html");
});
