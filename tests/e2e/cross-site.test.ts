import { describe, expect, test } from "vitest";
import { url } from "./helpers";

/** A form on another site must not be able to act for a visitor here (server/express-app.ts). */
describe("state-changing requests from another site", () => {
  const post = (headers: Record<string, string>) =>
    fetch(url("/tema"), {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
      body: "theme=dark&redirectTo=/",
    });

  test("a foreign Origin is refused with 403 and a Danish message", async () => {
    const response = await post({ Origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("anden hjemmeside");
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  test("a browser's Sec-Fetch-Site: cross-site is refused even without an Origin", async () => {
    expect((await post({ "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
  });

  test("the site's own origin, or a same-origin fetch with Origin null, is let through", async () => {
    expect((await post({ Origin: new URL(url("/")).origin })).status).toBe(303);
    expect((await post({ Origin: "null", "Sec-Fetch-Site": "same-origin" })).status).toBe(303);
  });
});
