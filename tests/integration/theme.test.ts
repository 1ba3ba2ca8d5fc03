import { afterAll, beforeAll, describe, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { THEME_COOKIE } from "../../app/theme/theme";
import { formFields, plainForm } from "../support/plain-forms";
import { startSite, type Site, type SiteResponse } from "../support/site";

/**
 * The theme as the server keeps it: the class it renders on <html> from the cookie, the buttons
 * that post to /tema without JavaScript, and how long the cookie lasts as the cookie consent
 * allows. Choosing a theme with JavaScript (at once, in every tab): tests/e2e/theme.test.ts.
 */

let site: Site;

beforeAll(async () => {
  site = await startSite();
});

afterAll(async () => {
  await site?.close();
});

const YEAR = 365 * 24 * 60 * 60;
const texts = translation.theme;

/** The three theme buttons of the header: which one is pressed, by its label. */
function pressedTheme(page: SiteResponse): string[] {
  return page.html
    .all("header form[data-theme-switcher] button[name=theme]")
    .filter((button) => button.getAttribute("aria-pressed") === "true")
    .map((button) => button.querySelector(".sr-only")?.text ?? "");
}

/** The Max-Age the response gives the theme cookie, or null for one that ends when the browser closes. */
function themeCookieMaxAge(response: SiteResponse): number | null {
  const header = response.setCookie(THEME_COOKIE);
  expect(header, "the response sets the theme cookie").toBeDefined();
  const maxAge = header!.match(/;\s*Max-Age=(\d+)/i)?.[1];
  if (maxAge !== undefined) return Number(maxAge);
  expect(header, "a cookie without Max-Age has no Expires either").not.toMatch(/;\s*Expires=/i);
  return null;
}

describe("the theme on <html>", () => {
  test("without a cookie the server renders the system theme, with its button pressed", async () => {
    const page = await site.get("/");
    expect(page.html.htmlClass).toBe("system");
    expect(pressedTheme(page)).toEqual([texts.system]);
  });

  test.each([
    ["light", texts.light],
    ["dark", texts.dark],
  ])("with the cookie %s the server renders that theme, with its button pressed, so there is no flash", async (theme, label) => {
    const page = await site.get("/faq", { cookies: `${THEME_COOKIE}=${theme}` });
    expect(page.html.htmlClass).toBe(theme);
    expect(pressedTheme(page)).toEqual([label]);
  });
});

describe("without JavaScript", () => {
  test("the buttons post a form to /tema, which answers 303 back to the page in the chosen theme", async () => {
    const client = site.client();
    const page = await client.get("/faq?a=1");
    expect(page.html.htmlClass).toBe("system");
    const switcher = plainForm(page.html, "header form[data-theme-switcher]");
    expect(switcher.action).toBe("/tema");

    const answer = await client.post(switcher.action, formFields(switcher, texts.dark));
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/faq?a=1");
    expect(answer.cookie(THEME_COOKIE)).toBe("dark");
    const back = await client.follow(answer);
    expect(back.html.htmlClass).toBe("dark");
    expect(pressedTheme(back)).toEqual([texts.dark]);
  });

  test("a choice made after allowing preferences is kept for a year", async () => {
    const client = site.client();
    const page = await client.get("/faq");
    const banner = plainForm(page.html, "[data-cookie-banner] form");
    const accepted = await client.post(banner.action, formFields(banner, translation.consent.actions.acceptAll));
    expect(accepted.status).toBe(303);

    const switcher = plainForm((await client.follow(accepted)).html, "header form[data-theme-switcher]");
    const chosen = await client.post(switcher.action, formFields(switcher, texts.dark));
    expect(chosen.status).toBe(303);
    expect(themeCookieMaxAge(chosen)).toBe(YEAR);
  });

  test("withdrawing preferences with the plain form keeps a stored choice only until the browser closes", async () => {
    const client = site.client();
    await client.post("/samtykke", { decision: "accept-all", next: "/faq" });
    await client.post("/tema", { theme: "dark", redirectTo: "/faq" });
    expect(client.cookies.get(THEME_COOKIE)).toBe("dark");

    const withdrawn = await client.post("/samtykke", { decision: "reject-all", next: "/faq" });
    expect(withdrawn.status).toBe(303);
    expect(withdrawn.cookie(THEME_COOKIE)).toBe("dark");
    expect(themeCookieMaxAge(withdrawn)).toBeNull();
  });
});
