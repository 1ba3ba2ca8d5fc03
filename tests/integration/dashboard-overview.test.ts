import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { rolesOf } from "../../app/auth/roles";
import translation from "../../app/locales/da/translation.json";
import { submitMarket } from "../../app/revisions/send.server";
import { snapshotOf } from "../../app/revisions/snapshot";
import { saveMarket } from "../../app/saved/saved-markets.server";
import { createAccount, createTestMarket, marketInput, type TestAccount, type TestMarket } from "../support/factories";
import { startSite, type Site } from "../support/site";

/**
 * /dashboard shows what matters to the person: their markets and where each stands (those waiting
 * for review first), the saved markets that open next, and for an admin what waits for them.
 */

const texts = translation.dashboard.overview;

let site: Site;
let organiser: TestAccount;
let newcomer: TestAccount;
let admin: TestAccount;
let live: TestMarket;
let saved: TestMarket;

beforeAll(async () => {
  site = await startSite();
  [organiser, newcomer, admin] = await Promise.all([
    createAccount(site, { name: "Olga Arrangør" }),
    createAccount(site, { name: "Niels Ny" }),
    createAccount(site, { name: "Anders Admin", admin: true }),
  ]);
  const db = site.database.db;
  live = await createTestMarket(site.database, { name: "Algade Kræmmermarked" }, { owner: organiser.id });
  // Sent by someone not yet trusted: it waits for an admin.
  await submitMarket(db, { id: organiser.id, roles: rolesOf({ isAdmin: false, role: "visitor" }) }, snapshotOf(await marketInput({ name: "Bakkens Loppemarked" })));
  saved = await createTestMarket(site.database, { name: "Torvets Loppemarked" });
  await saveMarket(db, organiser.id, saved.id);
});

afterAll(async () => {
  await site?.close();
});

describe("the overview of /dashboard", () => {
  test("shows an organiser's markets with their state, the one waiting for review first, and their coming saved markets", async () => {
    const page = (await site.get("/dashboard", { cookies: organiser.cookies })).html;
    const markets = page.region(texts.markets.heading);
    expect(markets.all("h3").map((heading) => heading.text.trim())).toEqual(["Bakkens Loppemarked", "Algade Kræmmermarked"]);
    expect(markets.text()).toContain(texts.markets.waitingOne);
    expect(markets.text()).toContain(translation.organiser.mine.status.pending);
    expect(markets.all(`a[href="/markeder/${live.slug}"]`)).toHaveLength(1);
    expect(markets.all('a[href="/opret-marked"]')).toHaveLength(1);

    const coming = page.region(texts.saved.heading);
    expect(coming.all(`a[href="/markeder/${saved.slug}"]`).map((link) => link.text.trim())).toEqual(["Torvets Loppemarked"]);
    expect(coming.all('a[href="/dashboard/gemte-markeder"]')).toHaveLength(1);
    // Nothing for admins on a member's overview.
    expect(() => page.region(texts.admin.heading)).toThrow();
  });

  test("tells a newcomer how to begin instead of showing empty lists", async () => {
    const page = (await site.get("/dashboard", { cookies: newcomer.cookies })).html;
    expect(page.region(texts.markets.heading).text()).toContain(texts.markets.none);
    expect(page.region(texts.saved.heading).text()).toContain(texts.saved.none);
    expect(page.region(texts.markets.heading).all('a[href="/opret-marked"]')).toHaveLength(1);
  });

  test("tells someone whose saved markets have no coming date so, rather than that they saved none", async () => {
    const past = await createTestMarket(site.database, {
      name: "Sidste års marked",
      schedules: [{ kind: "dates", startDate: "2025-05-03", startTime: "10:00", endTime: "15:00", durationDays: 1 }],
    });
    await saveMarket(site.database.db, newcomer.id, past.id);
    const coming = (await site.get("/dashboard", { cookies: newcomer.cookies })).html.region(texts.saved.heading);
    expect(coming.text()).toContain(texts.saved.noneComing);
    expect(coming.all('a[href="/dashboard/gemte-markeder"]')).toHaveLength(1);
  });

  test("shows an admin how many markets and claims wait for them", async () => {
    const page = (await site.get("/dashboard", { cookies: admin.cookies })).html;
    const waiting = page.region(texts.admin.heading);
    expect(waiting.text()).toMatch(/\d+ (marked|markeder)/);
    expect(waiting.text()).toContain(texts.admin.claimsNone);
  });
});
