import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { addDays, todayInDenmark, weekendOf } from "../../app/lib/dates";
import translation from "../../app/locales/da/translation.json";
import { createTestMarket } from "../support/factories";
import { startSite, type Site } from "../support/site";

/**
 * "Denne weekend" on the front page follows the place the visitor gives (an area, or "Nær mig"):
 * the place's markets this weekend, the nearest first, and the link to all of them keeps the place.
 * The button that asks the browser for the position: tests/e2e/home-search.test.ts.
 */

const texts = translation.pages.home;
const TODAY = todayInDenmark();
const { saturday } = weekendOf(TODAY);
const DAY = saturday < TODAY ? TODAY : saturday;
const oneDay = [{ kind: "dates", startDate: DAY, startTime: "10:00", endTime: "15:00", durationDays: 1 }];
const TAG = `wk${Date.now().toString(36)}`;
/** The test's markets named in a text, in order, each once (a card names its market more than once). */
const namesIn = (text: string) => [...new Set([...text.matchAll(new RegExp(`${TAG} (Aarhus|Risskov|Odense|Senere)`, "g"))].map(([name]) => name))];

let site: Site;

beforeAll(async () => {
  site = await startSite();
  await Promise.all([
    createTestMarket(site.database, { name: `${TAG} Aarhus`, postalCode: "8000", city: "Aarhus C", latitude: "56,1567", longitude: "10,2108", schedules: oneDay }),
    createTestMarket(site.database, { name: `${TAG} Risskov`, postalCode: "8240", city: "Risskov", latitude: "56,1937", longitude: "10,2108", schedules: oneDay }),
    createTestMarket(site.database, { name: `${TAG} Odense`, postalCode: "5000", city: "Odense C", latitude: "55,3959", longitude: "10,3883", schedules: oneDay }),
    // Near, but not this weekend.
    createTestMarket(site.database, {
      name: `${TAG} Senere`,
      postalCode: "8000",
      city: "Aarhus C",
      latitude: "56,1577",
      longitude: "10,2108",
      schedules: [{ ...oneDay[0]!, startDate: addDays(DAY, 20) }],
    }),
  ]);
});

afterAll(async () => {
  await site?.close();
});

describe("Denne weekend on the front page", () => {
  test("near the visitor: the nearest this weekend first, under its own heading, and the link to all keeps the position", async () => {
    const page = await site.get("/?omraade=&lat=56.1600&lng=10.2108&sorter=afstand");
    expect(page.status).toBe(200);
    const names = namesIn(page.html.region(texts.weekendHeadingNear).text());
    expect(names.slice(0, 2)).toEqual([`${TAG} Aarhus`, `${TAG} Risskov`]);
    expect(names).not.toContain(`${TAG} Senere`);
    const more = page.html.all("a").find((link) => link.getAttribute("href")?.startsWith("/register?") && link.text.startsWith("Se alle"));
    const params = new URL(more!.getAttribute("href")!, "http://x").searchParams;
    expect(Object.fromEntries(params)).toMatchObject({ dato: "weekend", lat: "56.1600", lng: "10.2108", sorter: "afstand" });
    expect(page.html.meta("robots")).toBe("noindex,follow");
  });

  test("in an area: only that area's markets, under a heading that names it, and the search above keeps the area", async () => {
    const page = await site.get("/?omraade=fyn");
    expect(page.status).toBe(200);
    const names = namesIn(page.html.region(texts.weekendHeadingIn.replace("{{place}}", "på Fyn")).text());
    expect(names).toContain(`${TAG} Odense`);
    expect(names).not.toContain(`${TAG} Aarhus`);
    for (const select of ["#forside-omraade", "#weekend-omraade"]) expect(page.html.one(`${select} option[selected]`)?.getAttribute("value"), select).toBe("fyn");
  });

  test("without a place, or with a wrong one, the whole country under the plain heading, and the page is for search engines", async () => {
    for (const path of ["/", "/?omraade=atlantis&lat=999"]) {
      const page = await site.get(path);
      expect(page.status, path).toBe(200);
      page.html.region(texts.weekendHeading);
    }
    expect((await site.get("/")).html.meta("robots")).not.toBe("noindex,follow");
  });

  test("the place form works without JavaScript: a GET back to the section, its Nær mig button waiting for a script", async () => {
    const form = (await site.get("/")).html.one(`form[aria-label="${texts.weekendPlaceForm}"]`)!;
    expect(form.getAttribute("method")).toBe("get");
    expect(form.getAttribute("action")).toBe("/#weekend");
    const locate = form.querySelector("button[data-locate]")!;
    expect(locate.hasAttribute("hidden")).toBe(true);
    expect(locate.text).toBe(texts.nearMe);
  });
});
