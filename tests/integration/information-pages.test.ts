import { NodeType, type HTMLElement, type Node } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { withNext } from "../../app/auth/auth-paths";
import { CONSENT_CATEGORIES } from "../../app/consent/consent";
import { allArticles } from "../../app/content/articles.server";
import { STORED_ITEMS, itemsNeeding, type StorageCategory } from "../../app/content/cookie-inventory";
import translation from "../../app/locales/da/translation.json";
import { PASSWORD, uniqueEmail } from "../support/factories";
import type { Html } from "../support/html";
import { startSite, type Site, type SiteResponse } from "../support/site";

/**
 * The information pages tell the truth about the running site: the pages that talk to organisers
 * lead to the market form (by the sign-in page, as every public link to a signed-in page does,
 * app/claims/components/ClaimPrompt.tsx), nothing that exists is called "snart", Google sign-in is
 * not promised where the site has none, and /cookies names the cookies of the inventory
 * (app/content/cookie-inventory.ts), no more and no fewer. How the pages stand in a browser (axe,
 * 320 px): tests/e2e/every-page.ts.
 */

const texts = translation.content;

/** The market form, as the public pages link to it: a visitor signs in or up on the way, someone signed in goes straight on. */
const FORM = "/opret-marked";
const FORM_LINK = withNext("/sign-in", FORM);

/** The pages that talk to organisers, and the FAQ answer about adding a market. */
const ORGANISER_PAGES = ["/priser", "/features", "/partner", "/kontakt", "/om-os", "/faq"];

/** Every information page, and the articles, which speak of the site too. Blog posts are dated news: what was coming on the day. */
const INFORMATION_PAGES = ["/priser", "/features", "/partner", "/kontakt", "/om-os", "/faq", "/cookies", "/betingelser", "/privatlivspolitik"];

let site: Site;

beforeAll(async () => {
  site = await startSite();
});

afterAll(async () => {
  await site?.close();
});

const main = (page: SiteResponse) => page.html.one("main")!;
const textOf = (element: HTMLElement) => element.text.replace(/\s+/g, " ").trim();
/** Each piece of text as the page holds it, so that names in neighbouring elements are not run together. */
const textPieces = (element: Node): string[] => element.childNodes.flatMap((child) => (child.nodeType === NodeType.TEXT_NODE ? [child.text] : textPieces(child)));
const formLinks = (element: HTMLElement) => element.querySelectorAll("a").filter((link) => link.getAttribute("href") === FORM_LINK);

/** Words that say something is not there yet ("så snart" means "as soon as", "på vej ud" is on the way out). */
const NOT_YET = /(?<!\bså )\bsnart\b|\bpå vej\b(?! (ud|hjem|hen)\b)|\bkommer til at kunne\b|\bvi arbejder på\b|\ber ved at (indføre|bygge|lave)\b|\bunder opbygning\b/i;

/** The sentences of a page's main content, block by block. */
function sentences(html: Html): string[] {
  return html
    .all("main p, main li, main td, main th, main dd, main h2, main h3, main h4, main summary")
    .flatMap((block) => textOf(block).split(/(?<=[.!?])\s+(?=[A-ZÆØÅ"»])/))
    .filter((sentence) => sentence !== "");
}

describe("the pages that talk to organisers lead to the market form", () => {
  test.each(ORGANISER_PAGES)("%s links to the form with words that say so", async (path) => {
    const page = await site.get(path);
    expect(page.status).toBe(200);
    const links = formLinks(main(page));
    expect(links.length, `links to ${FORM_LINK} on ${path}`).toBeGreaterThan(0);
    for (const link of links) expect(textOf(link), path).toMatch(/tilføj/i);
  });

  test("/kontakt's new market and the FAQ's answer about adding one lead to the form, not to an e-mail", async () => {
    const contact = main(await site.get("/kontakt"));
    const newMarket = contact.querySelectorAll("li").find((item) => textOf(item).startsWith("Et nyt marked."));
    expect(newMarket && formLinks(newMarket)).toHaveLength(1);
    expect(newMarket!.querySelectorAll('a[href^="/kontakt"], a[href^="mailto:"]')).toEqual([]);

    const faq = (await site.get("/faq")).html;
    const answer = faq.byId("hvordan-faar-jeg-mit-marked-med-i-loppeguiden")!.parentNode!;
    expect(formLinks(answer)).toHaveLength(1);
    expect(answer.querySelectorAll('a[href^="/kontakt"], a[href^="mailto:"]')).toEqual([]);
  });

  test("/priser: the free plan's button goes to the form, each paid plan's to the contact form with the plan chosen", async () => {
    const cards = (await site.get("/priser")).html
      .region(texts.pricing.plansHeading)
      .all("li")
      .filter((item) => item.querySelector("h3"));
    const buttons = cards.map((card) => [textOf(card.querySelector("h3")!), card.querySelectorAll("a").at(-1)?.getAttribute("href"), textOf(card.querySelectorAll("a").at(-1)!)]);
    expect(buttons).toEqual([
      [texts.pricing.plans.gratis.name, FORM_LINK, texts.pricing.addMarket],
      [texts.pricing.plans.synlig.name, "/kontakt?plan=synlig", "Vælg Synlig"],
      [texts.pricing.plans.pro.name, "/kontakt?plan=pro", "Vælg Pro"],
    ]);
  });

  test("the form answers a visitor with the way to sign in and back, and the link sends someone signed in straight on", async () => {
    const visitor = await site.get(FORM);
    expect(visitor.status).toBe(302);
    expect(visitor.location).toBe(FORM_LINK);
    const { client } = await site.signedIn({ name: "Arrangør" });
    const signedIn = await client.get(FORM_LINK);
    expect(signedIn.status).toBe(302);
    expect(signedIn.location).toBe(FORM);
    const form = await client.follow(signedIn);
    expect(form.status).toBe(200);
    expect(form.html.one('main form[method="post"]')).not.toBeNull();
  });

  test("a new person signs up from the link, confirms the address and lands on the form", async () => {
    const client = site.client();
    const email = uniqueEmail("arrangoer");
    const signIn = await client.get(FORM_LINK);
    expect(signIn.status).toBe(200);
    expect(signIn.html.one('form input[name="next"]')?.getAttribute("value")).toBe(FORM);
    const signUpLink = signIn.html.link(translation.auth.signIn.signUpLink);
    expect(signUpLink).toBe(withNext("/sign-up", FORM));

    const signUp = await client.get(signUpLink!);
    expect(signUp.html.one('form input[name="next"]')?.getAttribute("value")).toBe(FORM);
    const { answer } = await client.submit(signUpLink!, { intent: "sign-up", name: "Ny Arrangør", email, password: PASSWORD, next: FORM });
    expect(answer.location).toBe(withNext("/sign-up?tjek-email=1", FORM));

    const link = site.linkIn(await site.waitForMail(email), "/auth/callback");
    expect(new URL(link, site.url).searchParams.get("next")).toBe(FORM);
    const verified = await client.get(link);
    expect(verified.location).toBe(FORM);
    const form = await client.follow(verified);
    expect(form.status).toBe(200);
    expect(form.html.one('main form[method="post"]')).not.toBeNull();
  });
});

/** Something of the site a page may speak of, the words that name it and where it is. */
interface Thing {
  what: string;
  words: RegExp;
  path: string;
}

/** What the site has, so no page may say it is coming. Each path answers a visitor (or sends them to sign in first). */
const EXISTS: Thing[] = [
  { what: "gemte markeder", words: /\bgem(me|mer|mes|t|te)?\b|yndlingsmarked/i, path: "/dashboard/gemte-markeder" },
  { what: "oprette og tilføje markeder", words: /\bopret\w*|\btilføj\w*/i, path: FORM },
  { what: "rette og aflyse sit marked", words: /\bret(te|ter)?\b|\baflys\w*|mine markeder/i, path: "/dashboard/mine-markeder" },
  { what: "kalenderen og kalenderfiler", words: /kalender/i, path: "/kalender" },
  { what: "kortet", words: /\bkortet\b|\bpå et kort\b|\bkort over\b/i, path: "/markeder" },
  { what: "registret og søgningen", words: /\bregist(er|ret)\b|\bsøg\w*/i, path: "/register" },
  { what: "forummet", words: /\bforum\w*|\bcommunity\b/i, path: "/community" },
  { what: "cookiebanneret og valget om cookies", words: /cookiebanner\w*|samtykke|cookie-?indstilling\w*|valg om cookies/i, path: "/cookies" },
];

/** What is not built yet, so a page may say it is coming. Each path shows the page of something still to come. */
const COMING: Thing[] = [{ what: "aktiviteten", words: /\baktivitet\w*/i, path: "/dashboard/aktivitet" }];

async function pagesToRead(): Promise<[string, Html][]> {
  const paths = [...INFORMATION_PAGES, ...allArticles().map((article) => `/artikler/${article.slug}`)];
  return Promise.all(paths.map(async (path) => [path, (await site.get(path)).html] as [string, Html]));
}

describe("the pages call nothing 'snart' that exists", () => {
  test("what the lists call existing answers, and what they call coming is still a page still to come", async () => {
    for (const { path } of EXISTS) {
      const answer = await site.get(path);
      expect([200, 302], path).toContain(answer.status);
      if (answer.status === 302) expect(answer.location, path).toBe(withNext("/sign-in", path));
    }
    const { client } = await site.signedIn();
    for (const { path } of COMING) {
      const page = await client.get(path);
      expect(page.status, path).toBe(200);
      expect(page.html.text("main"), path).toContain(translation.pages.planned.notice);
    }
  });

  test("every sentence that says something is coming names something still to come and nothing that exists", async () => {
    const found: string[] = [];
    for (const [path, html] of await pagesToRead()) {
      for (const sentence of sentences(html).filter((candidate) => NOT_YET.test(candidate))) {
        const existing = EXISTS.filter((thing) => thing.words.test(sentence)).map((thing) => thing.what);
        const coming = COMING.some((thing) => thing.words.test(sentence));
        if (existing.length > 0) found.push(`${path}: "${sentence}" calls ${existing.join(" and ")} coming`);
        else if (!coming) found.push(`${path}: "${sentence}" promises something the site has no page to come for`);
      }
    }
    expect(found).toEqual([]);
  });

  test("no page promises signing in with Google on a site that has no Google sign-in", async () => {
    expect(site.config.googleClientId).toBeNull();
    expect((await site.get("/sign-in")).html.buttons()).not.toContain(translation.auth.google.button);
    const promises = /\b(kan|kunne)\b(\s+\S+){0,8}\s+logge ind\b(\s+\S+){0,10}\s+(med|via) Google\b|\blog ind med Google\b/i;
    const found = (await pagesToRead()).flatMap(([path, html]) =>
      sentences(html)
        .filter((sentence) => promises.test(sentence))
        .map((sentence) => `${path}: "${sentence}"`),
    );
    expect(found).toEqual([]);
  });
});

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
    const off = choices((await site.get("/cookies")).html)
      .region(categoryLabel.analytics)
      .text();
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
