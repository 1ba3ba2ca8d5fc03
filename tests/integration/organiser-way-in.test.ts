import { afterAll, beforeAll, describe, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { createAccount, createTestMarket, type TestAccount, type TestMarket } from "../support/factories";
import { startSite, type Site } from "../support/site";

/**
 * The way to the market form from the pages every organiser passes (the header, the footer, a
 * market's page, the landing pages), and that no menu leads to a page that is not built yet.
 * The information pages' own links to the form: tests/integration/information-pages.test.ts.
 */

const FORM = "/opret-marked";
/** A public page's way to the form: through sign-in, which sends someone signed in straight on. */
const WAY_IN = `/sign-in?next=${encodeURIComponent(FORM)}`;
const NOT_BUILT = translation.pages.planned.notice;

let site: Site;
let member: TestAccount;
let admin: TestAccount;
let market: TestMarket;

beforeAll(async () => {
  site = await startSite();
  [member, admin, market] = await Promise.all([
    createAccount(site, { name: "Mette Medlem" }),
    createAccount(site, { name: "Anders Admin", admin: true }),
    createTestMarket(site.database, { name: "Loppemarked på Havnen" }),
  ]);
});

afterAll(async () => {
  await site?.close();
});

/** The addresses the links of a navigation landmark lead to. */
async function menuLinks(path: string, label: string, cookies?: TestAccount["cookies"]): Promise<string[]> {
  const page = (await site.get(path, { cookies })).html;
  const menus = page.all(`nav[aria-label="${label}"], ul[aria-label="${label}"]`);
  expect(menus.length, `${path}: ${label}`).toBeGreaterThan(0);
  return [...new Set(menus.flatMap((menu) => menu.querySelectorAll("a[href]").map((link) => link.getAttribute("href")!)))];
}

describe("the way to the market form", () => {
  test("the header and the footer of every kind of page lead to it", async () => {
    for (const path of ["/", "/register", `/markeder/${market.slug}`, "/loppemarkeder", "/kalender", "/faq"]) {
      expect(await menuLinks(path, translation.shell.mainNavigation), path).toContain(WAY_IN);
      expect(await menuLinks(path, translation.shell.footerNavigation), path).toContain(WAY_IN);
    }
  });

  test("a market's page asks its organiser to add their own, in the page itself", async () => {
    const page = (await site.get(`/markeder/${market.slug}`)).html;
    expect(page.all(`main a[href="${WAY_IN}"]`).length).toBeGreaterThan(0);
  });

  test("a landing page that says an organiser can add a missing market links the form", async () => {
    const page = (await site.get("/loppemarkeder")).html;
    expect(page.all(`main a[href="${WAY_IN}"]`).length).toBeGreaterThan(0);
  });

  test("a signed-in person's header leads to the form itself, and the way in sends them straight on", async () => {
    expect(await menuLinks("/faq", translation.shell.mainNavigation, member.cookies)).toContain(FORM);
    const through = await site.get(WAY_IN, { cookies: member.cookies });
    expect(through.status).toBe(302);
    expect(through.location).toBe(FORM);
  });
});

describe("no menu leads to a page that is not built", () => {
  test("for a visitor, a member and an admin, every header, footer and dashboard entry opens a built page", async () => {
    const people: [string, TestAccount["cookies"] | undefined][] = [
      ["visitor", undefined],
      ["member", member.cookies],
      ["admin", admin.cookies],
    ];
    for (const [who, cookies] of people) {
      const links = [
        ...(await menuLinks("/", translation.shell.mainNavigation, cookies)),
        ...(await menuLinks("/", translation.shell.footerNavigation, cookies)),
        ...(cookies ? await menuLinks("/dashboard", translation.dashboard.nav.label, cookies) : []),
      ].filter((href) => href.startsWith("/"));
      for (const href of new Set(links)) {
        const response = await site.get(href, { cookies });
        // The form sends a visitor to sign in first; everything else opens.
        expect([200, 302], `${who}: ${href}`).toContain(response.status);
        if (response.status === 200) expect(response.text.includes(NOT_BUILT), `${who}: ${href} is not built`).toBe(false);
      }
    }
  });

  test("the page not built yet still answers at its address", async () => {
    for (const path of ["/dashboard/aktivitet"]) {
      const response = await site.get(path, { cookies: member.cookies });
      expect(response.status, path).toBe(200);
      expect(response.text, path).toContain(NOT_BUILT);
    }
  });
});
