import { afterAll, beforeAll, describe, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { createTestMarket } from "../support/factories";
import { Html } from "../support/html";
import { formTarget, plainForm, withoutScript } from "../support/plain-forms";
import { startSite, type Site } from "../support/site";

/**
 * The filters of the market lists (/register, a landing page, /kalender) as the server sends them:
 * the count on the "Filtrér" button, the chips that each remove one filter, and the filter and sort
 * forms as a browser without JavaScript sends them. A landing page runs no React (decision 0022),
 * so its chips are these plain links with JavaScript too. What needs the browser (the panel folded
 * on a phone, a new list without a reload): tests/e2e/results-first.test.ts.
 */

const texts = translation.markets;
const FORM = "#markedsfiltre";
const remove = (label: string) => texts.removeFilter.replace("{{filter}}", label);
const filterButton = (html: Html) => html.text("details[data-filter-panel] summary");
const counted = (count: number) => texts.filterButtonCount.replace("{{count}}", String(count));
const paramsOf = (href: string) => new URL(href, "http://x").searchParams;

let site: Site;

beforeAll(async () => {
  site = await startSite();
  // A flea market in København that is free and indoors, and an antique market in Aarhus.
  await createTestMarket(site.database, {
    name: "Loppemarked i Hallen",
    postalCode: "2200",
    city: "København N",
    latitude: "55,69",
    longitude: "12,55",
    entryFeeDkk: "0",
    setting: "indoor",
  });
  await createTestMarket(site.database, { name: "Antikmarked ved Åen", type: "antique_market" });
});

afterAll(async () => {
  await site?.close();
});

describe("the Filtrér button", () => {
  test("counts the filters behind it, not the text or the sort order, and its panel holds the chosen area", async () => {
    const page = await site.get("/register?q=marked&type=loppemarkeder&omraade=aarhus&sorter=navn");
    expect(page.status).toBe(200);
    expect(filterButton(page.html)).toBe(counted(2));
    const region = page.html.field(texts.regionLabel);
    expect(region.getAttribute("form") ?? region.closest("form")?.getAttribute("id")).toBe("markedsfiltre");
    expect(region.querySelectorAll("option[selected]").map((option) => option.getAttribute("value"))).toEqual(["aarhus"]);
  });
});

describe("without JavaScript", () => {
  test("the panel's button sends the chosen area to /register, whose answer shows it as a chip that removes it", async () => {
    const page = withoutScript((await site.get("/register")).text);
    const target = formTarget(plainForm(page, FORM), texts.applyFilters, { omraade: "fyn" });
    expect(new URL(target, site.url).pathname).toBe("/register");
    const answer = await site.get(target);
    expect(answer.status).toBe(200);
    const chip = answer.html.link(remove("Fyn"));
    expect(chip).not.toBeNull();
    expect(paramsOf(chip!).has("omraade")).toBe(false);
  });

  test("the sort order is sent by the button beside it, which only a page without JavaScript shows, and the filters stay", async () => {
    const served = await site.get("/register?type=antikmarkeder");
    // With JavaScript the select sends itself: the button is inside <noscript>.
    expect(served.html.buttons()).not.toContain(texts.sortShort);
    const target = formTarget(plainForm(withoutScript(served.text), FORM), texts.sortShort, { sorter: "navn" });
    const params = paramsOf(target);
    expect(params.get("sorter")).toBe("navn");
    expect(params.getAll("type")).toEqual(["antikmarkeder"]);
    const sorted = await site.get(target);
    expect(sorted.status).toBe(200);
    expect(sorted.html.all("main article").length).toBe(1);
  });
});

describe("the chips of the active filters", () => {
  test("remove their filter from /register and keep the others", async () => {
    const page = await site.get("/register?type=loppemarkeder&dato=weekend&gratis=1");
    const href = page.html.link(remove(texts.dateWeekend));
    expect(href).not.toBeNull();
    const params = paramsOf(href!);
    expect(params.has("dato")).toBe(false);
    expect(params.getAll("type")).toEqual(["loppemarkeder"]);
    expect(params.get("gratis")).toBe("1");

    const after = await site.get(href!);
    expect(after.status).toBe(200);
    expect(after.html.link(remove(texts.dateWeekend))).toBeNull();
    expect(filterButton(after.html)).toBe(counted(2));
  });

  test("remove their filter on a landing page, which stays the page it is", async () => {
    const page = await site.get("/loppemarkeder-i-koebenhavn?miljoe=inde&gratis=1");
    expect(page.status).toBe(200);
    const href = page.html.link(remove(texts.settingIndoor));
    expect(href).not.toBeNull();
    const target = new URL(href!, site.url);
    expect(target.pathname).toBe("/loppemarkeder-i-koebenhavn");
    expect(target.searchParams.has("miljoe")).toBe(false);
    expect(target.searchParams.get("gratis")).toBe("1");
    expect((await site.get(href!)).html.link(remove(texts.settingIndoor))).toBeNull();
  });

  test("remove their filter on the calendar, which keeps its month", async () => {
    const page = await site.get("/kalender?maaned=2027-06&type=loppemarkeder&omraade=fyn");
    const href = page.html.link(remove("Fyn"));
    expect(href).not.toBeNull();
    const target = new URL(href!, site.url);
    expect(target.pathname).toBe("/kalender");
    expect(target.searchParams.has("omraade")).toBe(false);
    expect(target.searchParams.get("maaned")).toBe("2027-06");
    expect(target.searchParams.getAll("type")).toEqual(["loppemarkeder"]);
  });

  test("an empty result offers the same chips once, and one brings markets back", async () => {
    const page = await site.get("/register?q=xyzzyqwertyzz&type=antikmarkeder");
    expect(page.html.all("h2").map((heading) => heading.text.trim())).toContain(texts.noResultsHeading);
    // Once, in the empty result: no second row of the same links above it.
    const chips = page.html.all("a").filter((link) => link.getAttribute("aria-label") === remove("“xyzzyqwertyzz”"));
    expect(chips).toHaveLength(1);
    const back = await site.get(chips[0]!.getAttribute("href")!);
    expect(paramsOf(back.path).has("q")).toBe(false);
    expect(back.html.all("main article").length).toBeGreaterThan(0);
  });
});
