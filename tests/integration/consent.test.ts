import { afterAll, beforeAll, describe, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { createTestMarket } from "../support/factories";
import { formFields, plainForm } from "../support/plain-forms";
import { startSite, type Site, type SiteResponse } from "../support/site";

/**
 * The cookie choice as the server keeps it: the banner in the server's HTML until a choice is
 * stored, its buttons and the settings on /cookies as plain forms to /samtykke, the cookies those
 * set, and the demo-data notice closed through /luk-banner. What needs the browser (the choice made
 * by script without a reload, the consent signals, the dialog's focus): tests/e2e/consent.test.ts.
 */

const texts = translation.consent;
const CONSENT = "loppeguiden-consent";
const DETAILS = "loppeguiden-consent-details";
const DEMO_CLOSED = "loppeguiden-banner-closed-demo-data";
const DAY = 24 * 60 * 60;
const BANNER = "[data-cookie-banner]";

let site: Site;

beforeAll(async () => {
  site = await startSite();
});

afterAll(async () => {
  await site?.close();
});

/** Lifetime, path and SameSite of a cookie set over plain http; readable by the page's script (not HttpOnly). */
function expectAttributes(answer: SiteResponse, name: string, days: number) {
  const header = answer.setCookie(name);
  expect(header, `Set-Cookie ${name}`).toBeDefined();
  const attributes = header!
    .split(";")
    .slice(1)
    .map((part) => part.trim().toLowerCase());
  expect(attributes).toContain(`max-age=${days * DAY}`);
  expect(attributes).toContain("path=/");
  expect(attributes).toContain("samesite=lax");
  expect(attributes).not.toContain("secure");
  // The browser reads the choice itself (the vitals reporter, the dialog).
  expect(attributes).not.toContain("httponly");
}

const storedRecord = (answer: SiteResponse) => JSON.parse(answer.cookie(DETAILS)!) as Record<string, unknown>;

describe("the banner", () => {
  test("is in the server HTML of a first visit, with its three buttons and a link to /cookies, and nothing is set yet", async () => {
    const page = await site.get("/");
    expect(page.status).toBe(200);
    const banner = page.html.one(BANNER);
    expect(banner).not.toBeNull();
    expect(banner!.querySelectorAll("button").map((button) => button.text.trim())).toEqual([texts.actions.customize, texts.actions.rejectAll, texts.actions.acceptAll]);
    expect(
      banner!
        .querySelectorAll("a")
        .find((link) => link.text.trim() === texts.banner.readMore)
        ?.getAttribute("href"),
    ).toBe("/cookies");
    expect(page.setCookies).toEqual([]);
  });

  test("is left out once a choice is stored, and comes back when the stored choice cannot be read", async () => {
    const client = site.client();
    const chosen = await client.post("/samtykke", { decision: "accept-all", next: "/kalender" });
    expect(chosen.status).toBe(303);
    expect((await client.get("/kalender")).html.one(BANNER)).toBeNull();

    const unreadable = await site.get("/betingelser", { cookies: `${CONSENT}=1.0; ${DETAILS}=%7B%22essential%22%3Atrue%2C` });
    expect(unreadable.html.one(BANNER)).not.toBeNull();
  });
});

describe("without JavaScript", () => {
  test("the banner's buttons post to /samtykke, which stores the choice for a year and leads back to the page", async () => {
    const client = site.client();
    const page = await client.get("/faq?side=2");
    const form = plainForm(page.html, `${BANNER} form`);
    expect(form).toMatchObject({ method: "post", action: "/samtykke" });
    const answer = await client.post(form.action, formFields(form, texts.actions.rejectAll));
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/faq?side=2");
    expect(answer.cookie(CONSENT)).toBe("1.0");
    expect(storedRecord(answer)).toMatchObject({ essential: true, preferences: false, analytics: false, marketing: false, version: "1.0" });
    expectAttributes(answer, CONSENT, 365);
    expectAttributes(answer, DETAILS, 365);
    expect((await client.follow(answer)).html.one(BANNER)).toBeNull();
  });

  test("Tilpas indstillinger leads to the same toggles on /cookies as a plain form, where Annuller stores nothing", async () => {
    const client = site.client();
    const banner = plainForm((await client.get("/partner")).html, `${BANNER} form`);
    const customize = await client.post(banner.action, formFields(banner, texts.actions.customize));
    expect(customize.status).toBe(303);
    expect(customize.location).toBe("/cookies?tilpas=1#indstillinger");
    const settings = await client.follow(customize);
    expect(settings.html.one("#indstillinger details")?.hasAttribute("open")).toBe(true);
    const form = plainForm(settings.html, "#indstillinger form");
    expect(form).toMatchObject({ method: "post", action: "/samtykke" });

    const cancelled = await client.post(form.action, formFields(form, texts.actions.cancel));
    expect(cancelled.status).toBe(303);
    expect(cancelled.location).toBe("/cookies#indstillinger");
    expect(cancelled.setCookies).toEqual([]);

    const saved = await client.post(form.action, formFields(form, texts.actions.save, { preferences: "on", marketing: "on" }));
    expect(saved.status).toBe(303);
    expect(saved.location).toBe("/cookies#indstillinger");
    expect(storedRecord(saved)).toMatchObject({ preferences: true, analytics: false, marketing: true });
    const after = await client.follow(saved);
    expect(after.html.one(BANNER)).toBeNull();
    expect(after.html.text("#indstillinger [role=status]")).toContain("præferencer til, statistik fra, markedsføring til");
  });
});

describe("/samtykke", () => {
  test("refuses an unknown choice, never redirects off the site, and has nothing to show", async () => {
    const unknown = await site.post("/samtykke", { decision: "alt", next: "/" });
    expect(unknown.status).toBe(400);
    expect(unknown.setCookies).toEqual([]);
    const offsite = await site.post("/samtykke", { decision: "accept-all", next: "//evil.example/" });
    expect(offsite.status).toBe(303);
    expect(offsite.location).toBe("/");
    expect(offsite.setCookies.map((cookie) => cookie.split("=")[0])).toEqual([CONSENT, DETAILS]);
    expect((await site.get("/samtykke")).status).toBe(404);
  });
});

describe("the demo-data notice", () => {
  beforeAll(async () => {
    // The notice shows while any published market is demo data.
    const market = await createTestMarket(site.database, { name: "Demomarkedet" });
    await site.database.db.updateTable("markets").set({ source: "demo" }).where("id", "=", market.id).execute();
  });

  test("closes for 30 days without JavaScript, and the server leaves it out from then on", async () => {
    const client = site.client();
    await client.post("/samtykke", { decision: "reject-all", next: "/" });
    const page = await client.get("/features");
    const form = plainForm(page.html, "footer [data-banner-id=demo-data] form");
    const answer = await client.post(form.action, formFields(form, texts.infoBanner.closeDemoNotice));
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/features");
    expect(answer.cookie(DEMO_CLOSED)).toBe("1");
    expectAttributes(answer, DEMO_CLOSED, 30);
    const after = await client.follow(answer);
    expect(after.html.one("footer [data-banner-id=demo-data]")).toBeNull();
    expect(after.text).not.toContain(texts.infoBanner.closeDemoNotice);
  });

  test("closes for 30 days in the background, as the page's script asks, with no redirect", async () => {
    const answer = await site.post("/luk-banner", { id: "demo-data", next: "/om-os", background: "1" });
    expect(answer.status).toBe(200);
    expect(answer.json()).toEqual({ closed: "demo-data" });
    expectAttributes(answer, DEMO_CLOSED, 30);
  });

  test("/luk-banner accepts only a banner id", async () => {
    const answer = await site.post("/luk-banner", { id: "x; Path=/; Domain=evil.example", next: "/" });
    expect(answer.status).toBe(400);
    expect(answer.setCookies).toEqual([]);
  });
});

test("no external analytics tag is allowed by the page's policy when none is configured, whatever the choice", async () => {
  const client = site.client();
  await client.post("/samtykke", { decision: "accept-all", next: "/" });
  const page = await client.get("/register");
  expect(page.status).toBe(200);
  expect(page.headers.get("content-security-policy")).not.toContain("googletagmanager");
});
