import { NodeType, type HTMLElement, type Node } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { CONSENT_CATEGORIES } from "../../app/consent/consent";
import { STORED_ITEMS, itemsNeeding, type StorageCategory } from "../../app/content/cookie-inventory";
import translation from "../../app/locales/da/translation.json";
import type { Html } from "../support/html";
import { startSite, type Site } from "../support/site";

/**
 * The information pages tell the truth about the running site: /cookies names the cookies of the
 * inventory (app/content/cookie-inventory.ts), no more and no fewer, and says what each choice of
 * the banner allows. How the pages stand in a browser (axe, 320 px): tests/e2e/every-page.ts.
 */

const texts = translation.content;

let site: Site;

beforeAll(async () => {
  site = await startSite();
});

afterAll(async () => {
  await site?.close();
});

const textOf = (element: HTMLElement) => element.text.replace(/\s+/g, " ").trim();
/** Each piece of text as the page holds it, so that names in neighbouring elements are not run together. */
const textPieces = (element: Node): string[] => element.childNodes.flatMap((child) => (child.nodeType === NodeType.TEXT_NODE ? [child.text] : textPieces(child)));

/** Words that say something is not there yet ("så snart" means "as soon as", "på vej ud" is on the way out). */
const NOT_YET = /(?<!\bså )\bsnart\b|\bpå vej\b(?! (ud|hjem|hen)\b)|\bkommer til at kunne\b|\bvi arbejder på\b|\ber ved at (indføre|bygge|lave)\b|\bunder opbygning\b/i;

/** The sentences of a page's main content, block by block. */
function sentences(html: Html): string[] {
  return html
    .all("main p, main li, main td, main th, main dd, main h2, main h3, main h4, main summary")
    .flatMap((block) => textOf(block).split(/(?<=[.!?])\s+(?=[A-ZÆØÅ"»])/))
    .filter((sentence) => sentence !== "");
}

describe("/cookies describes the consent the site asks for", () => {
  const inventory = STORED_ITEMS.map((item) => item.name);
  /** Cookie and storage names as the page writes them; on https the session's cookie carries the prefix __Secure-. */
  const NAME = /(?:__Secure-)?(?:loppeguiden-[a-z]+(?:-[a-z]+)*(?:-\{id\})?|better-auth\.[a-z_]+)|(?<![\w.-])_[a-z]+(?:_<[^>\s]+>|_[a-z0-9]+)*/g;
  const categoryLabel: Record<StorageCategory, string> = {
    necessary: translation.consent.categories.essential.label,
    preferences: translation.consent.categories.preferences.label,
    analytics: translation.consent.categories.analytics.label,
    marketing: translation.consent.categories.marketing.label,
  };
  const choices = (html: Html) => html.region(texts.cookies.consentHeading);

  test("it names every cookie of the inventory, in the table and nowhere anything else", async () => {
    const page = (await site.get("/cookies")).html;
    const table = page.region(texts.cookies.tableHeading);
    expect(table.all("tbody th[scope=row] code").map(textOf)).toEqual(inventory);
    const named = new Set(textPieces(page.one("main")!).flatMap((piece) => [...piece.matchAll(NAME)].map(([name]) => name.replace(/^__Secure-/, ""))));
    expect([...named].sort()).toEqual([...inventory].sort());
  });

  test("under each choice of the banner: what it allows and the inventory's cookies it allows, in the table with that consent", async () => {
    const page = (await site.get("/cookies")).html;
    const categories: StorageCategory[] = ["necessary", ...CONSENT_CATEGORIES];
    for (const category of categories) {
      const choice = choices(page).region(categoryLabel[category]);
      const names = itemsNeeding(category).map((item) => item.name);
      expect(choice.all("code").map(textOf), category).toEqual(names);
      if (names.length === 0) expect(choice.text(), category).toContain(texts.cookies.storedNone);
    }
    const rows = page.region(texts.cookies.tableHeading).all("tbody tr");
    expect(rows.map((row) => textOf(row.querySelectorAll("td")[1]!))).toEqual(STORED_ITEMS.map((item) => categoryLabel[item.category]));
  });

  test("it tells how to change the choice and leads there, and says nothing is coming", async () => {
    const page = (await site.get("/cookies")).html;
    expect(page.all('main a[href="#indstillinger"]')).not.toHaveLength(0);
    const settings = page.byId("indstillinger")!;
    expect(settings.querySelector("form[action='/samtykke'], button")).not.toBeNull();
    expect(sentences(page).filter((sentence) => NOT_YET.test(sentence))).toEqual([]);
  });

  test("statistics say whether Google Analytics is on: off here, and on a site that has it, its cookies are not denied", async () => {
    const off = choices((await site.get("/cookies")).html).region(categoryLabel.analytics).text();
    expect(off).toContain(texts.cookies.analyticsTag.off);
    const withAnalytics = await startSite({ env: { GA_MEASUREMENT_ID: "G-TEST12345" } });
    try {
      const on = choices((await withAnalytics.get("/cookies")).html);
      expect(on.region(categoryLabel.analytics).text()).toContain(texts.cookies.analyticsTag.on);
      expect(on.region(categoryLabel.analytics).text()).not.toMatch(/ingen cookies/i);
      expect(on.region(categoryLabel.marketing).text()).toContain(texts.cookies.marketingTag.on);
    } finally {
      await withAnalytics.close();
    }
  });
});
