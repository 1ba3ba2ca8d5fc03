import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { addDays, todayInDenmark } from "../../app/lib/dates";
import translation from "../../app/locales/da/translation.json";
import { setMarketStatus } from "../../app/markets/market-writes.server";
import { createTestMarket, PASSWORD, uniqueEmail, type TestAccount, type TestMarket } from "../support/factories";
import type { Html } from "../support/html";
import { startSite, type Client, type Site } from "../support/site";

const { kind } = inject("testDatabase");
const texts = translation.saved;
const LIST = "/dashboard/gemte-markeder";
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_whole, name: string) => String(values[name]));

/** The "Gem" form of a market on a page: its state as the server rendered it. */
function saveForm(html: Html, market: TestMarket) {
  const form = html.one(`form[data-save-market="${market.id}"]`);
  if (!form) return null;
  return {
    saved: form.hasAttribute("data-saved"),
    pressed: form.querySelector("button")?.getAttribute("aria-pressed"),
    wanted: form.querySelector('input[name="gem"]')?.getAttribute("value"),
    back: form.querySelector('input[name="tilbage"]')?.getAttribute("value"),
    action: form.getAttribute("action"),
  };
}

/**
 * "Gem" at the level of requests, as a browser without JavaScript and the buttons' script meet it:
 * the form on the market page and the cards, a visitor's way through sign-in and sign-up with the
 * save kept, the state a signed-in person's pages carry and a cached page never does, refusals,
 * the saved list with its feed, and who may do what. The rules alone: saved-markets.test.ts.
 */
describe(`saving markets on ${kind}`, () => {
  let site: Site;
  let member: { account: TestAccount; client: Client };

  beforeAll(async () => {
    // The page cache on, as in production: one person's "Gemt" must never be kept for another.
    site = await startSite({ env: { PAGE_CACHE_MB: "8", RATE_LIMIT_SAVES: "40/3600" } });
    member = await site.signedIn({ name: "Gemme Gerda" });
  });

  afterAll(async () => {
    await site?.close();
  });

  const anonymous = (path: string) => site.get(path, { headers: { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140" } });
  const savedIds = async (userId: string) =>
    (await site.database.db.selectFrom("saved_markets").select("market_id").where("user_id", "=", userId).execute()).map((row) => row.market_id);

  test("a signed-in person saves without JavaScript: 303 back to the button with a toast, and their pages say Gemt while the cached page does not", async () => {
    const market = await createTestMarket(site.database, { name: "Gemt Uden Script" });
    const path = `/markeder/${market.slug}`;
    // Warm the cache for visitors first.
    expect(saveForm((await anonymous(path)).html, market)).toMatchObject({ saved: false, wanted: "1", action: `/gem/${market.id}`, back: `${path}#gem-${market.id}` });

    const { answer, page } = await member.client.submit(`/gem/${market.id}`, { gem: "1", tilbage: `${path}#gem-${market.id}` });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`${path}#gem-${market.id}`);
    expect(page.html.toasts()).toEqual([{ title: texts.toasts.saved, description: fill(texts.toasts.savedName, { name: market.name }) }]);
    expect(saveForm(page.html, market)).toMatchObject({ saved: true, pressed: "true", wanted: "0" });
    // The address's #gem-… is the button itself, so the browser brings it back into view.
    expect(page.html.byId(`gem-${market.id}`)?.closest(`form[data-save-market="${market.id}"]`)).toBeTruthy();
    expect(await savedIds(member.account.id)).toContain(market.id);

    // The register's card says so too, for them; a visitor's copy of both pages still says Gem.
    const register = await member.client.get(`/register?q=${encodeURIComponent(market.name)}`);
    expect(saveForm(register.html, market)).toMatchObject({ saved: true });
    expect(saveForm((await anonymous(path)).html, market)).toMatchObject({ saved: false, pressed: "false" });
    expect(saveForm((await anonymous(`/register?q=${encodeURIComponent(market.name)}`)).html, market)).toMatchObject({ saved: false });

    const removed = await member.client.submit(`/gem/${market.id}`, { gem: "0", tilbage: path });
    expect(removed.page.html.toasts()).toEqual([{ title: texts.toasts.removed, description: fill(texts.toasts.removedName, { name: market.name }) }]);
    expect(saveForm(removed.page.html, market)).toMatchObject({ saved: false });
    expect(await savedIds(member.account.id)).not.toContain(market.id);
  });

  test("the buttons' script gets JSON: the state and the toast, a refusal for a closed market, 401 with the way to sign in for a visitor", async () => {
    const market = await createTestMarket(site.database, { name: "Scriptmarkedet" });
    const json = { headers: { Accept: "application/json" } };
    const saved = await member.client.post(`/gem/${market.id}`, { gem: "1", tilbage: "/register" }, json);
    expect(saved.status).toBe(200);
    expect(saved.json()).toEqual({ saved: true, toast: { title: texts.toasts.saved, description: fill(texts.toasts.savedName, { name: market.name }), variant: "success" } });

    await setMarketStatus(site.database.db, market.id, "archived");
    const other = await createTestMarket(site.database, { name: "Lukker Snart" });
    await setMarketStatus(site.database.db, other.id, "archived");
    const refused = await member.client.post(`/gem/${other.id}`, { gem: "1", tilbage: "/register" }, json);
    expect(refused.status).toBe(409);
    expect(refused.json()).toMatchObject({ saved: false, toast: { title: texts.toasts.closed, variant: "destructive" } });
    expect(await savedIds(member.account.id)).not.toContain(other.id);
    // A closed market already saved can still be taken off the list.
    expect((await member.client.post(`/gem/${market.id}`, { gem: "0", tilbage: "/register" }, json)).json()).toMatchObject({ saved: false });

    const visitor = await site.post(`/gem/${other.id}`, { gem: "1", tilbage: "/register" }, json);
    expect(visitor.status).toBe(401);
    expect(visitor.json<{ signIn: string }>().signIn).toBe(`/sign-in?next=${encodeURIComponent(`/gem/${other.id}?tilbage=%2Fregister`)}`);
  });

  test("bad ids are 404, a GET never saves, another site's post is refused, and too many presses are 429", async () => {
    const market = await createTestMarket(site.database, { name: "Grænsemarkedet" });
    expect((await member.client.post("/gem/ikke-et-id", { gem: "1" })).status).toBe(404);
    const unknown = await member.client.post("/gem/00000000-0000-4000-8000-000000000000", { gem: "1", tilbage: "/" });
    expect(unknown.status).toBe(303);
    expect(unknown.flash).toMatchObject({ title: texts.toasts.notFound, variant: "destructive" });

    const visit = await member.client.get(`/gem/${market.id}?tilbage=%2Fregister`);
    expect(visit.status).toBe(302);
    expect(visit.location).toBe("/register");
    const crossSite = await site.request("POST", `/gem/${market.id}`, { body: { gem: "1" }, cookies: member.client.cookieHeader, origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    expect(await savedIds(member.account.id)).not.toContain(market.id);

    const { client } = await site.signedIn({ name: "Travle Tom" });
    const answers = [];
    for (let press = 0; press < 41; press += 1)
      answers.push((await client.post(`/gem/${market.id}`, { gem: press % 2 ? "0" : "1", tilbage: "/" }, { headers: { Accept: "application/json" } })).status);
    expect(answers.slice(0, 40).every((status) => status === 200)).toBe(true);
    const limited = await client.post(`/gem/${market.id}`, { gem: "1", tilbage: "/" });
    expect(limited.status).toBe(303);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(limited.flash).toMatchObject({ title: texts.toasts.tooMany });
  });

  test("a visitor's Gem goes through sign-in and comes back with the market saved", async () => {
    const market = await createTestMarket(site.database, { name: "Efter Login" });
    const back = `/markeder/${market.slug}#gem-${market.id}`;
    const client = site.client();
    const pressed = await client.post(`/gem/${market.id}`, { gem: "1", tilbage: back });
    expect(pressed.status).toBe(303);
    const signIn = new URL(pressed.location!, site.url);
    expect(signIn.pathname).toBe("/sign-in");
    const next = signIn.searchParams.get("next")!;
    expect(next).toBe(`/gem/${market.id}?${new URLSearchParams({ tilbage: back })}`);

    const { account } = await site.signedIn({ name: "Login Lone" });
    const client2 = site.client();
    const answer = await client2.post(`/sign-in?${signIn.searchParams}`, { email: account.email, password: PASSWORD, next });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(back);
    expect(answer.flash?.title).toBe(`${translation.auth.toasts.welcomeBack} ${texts.toasts.saved}`);
    expect(await savedIds(account.id)).toEqual([market.id]);
    expect(saveForm((await client2.follow(answer)).html, market)).toMatchObject({ saved: true });
  });

  test("signing up from Gem: the sign-in page's link to sign up keeps the press, and the verification mail's link saves the market and returns to it", async () => {
    const market = await createTestMarket(site.database, { name: "Efter Tilmelding" });
    const back = `/markeder/${market.slug}#gem-${market.id}`;
    const next = `/gem/${market.id}?${new URLSearchParams({ tilbage: back })}`;
    const client = site.client();
    const signIn = await client.follow(await client.post(`/gem/${market.id}`, { gem: "1", tilbage: back }));
    const signUpLink = signIn.html.link(translation.auth.signIn.signUpLink)!;
    expect(new URL(signUpLink, site.url).searchParams.get("next")).toBe(next);
    expect(signIn.html.one('form input[name="next"]')?.getAttribute("value")).toBe(next);
    const email = uniqueEmail("ny-gemmer");
    const signedUp = await client.post(signUpLink, { intent: "sign-up", name: "Nora Ny", email, password: PASSWORD, next });
    expect(signedUp.status).toBe(303);
    const link = site.linkIn(await site.waitForMail(email), "/auth/callback");
    const verified = await client.get(link);
    expect(verified.status).toBe(302);
    expect(verified.location).toBe(back);
    const user = await site.database.db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirstOrThrow();
    expect(await savedIds(user.id)).toEqual([market.id]);
  });

  test("the saved list: next date first, closed ones with their state, Fjern, and the private feed with a new address", async () => {
    const { client } = await site.signedIn({ name: "Liste Lars" });
    // Dates from today: the feed holds the coming year.
    const oneDay = (days: number) => [{ kind: "dates", startDate: addDays(todayInDenmark(), days), startTime: "10:00", endTime: "14:00" }];
    const later = await createTestMarket(site.database, { name: "Zulu Senere", schedules: oneDay(60) });
    const sooner = await createTestMarket(site.database, { name: "Alfa Snart", schedules: oneDay(30) });
    const closed = await createTestMarket(site.database, { name: "Mellem Lukket" });
    for (const market of [later, sooner, closed]) await client.post(`/gem/${market.id}`, { gem: "1", tilbage: LIST });
    await setMarketStatus(site.database.db, closed.id, "archived");

    const page = await client.get(LIST);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(page.html.h1s()).toEqual([texts.heading]);
    expect(page.html.all('[data-testid="saved-markets"] h2').map((heading) => heading.text)).toEqual(["Alfa Snart", "Zulu Senere"]);
    const all = await client.get(`${LIST}?vis=alle`);
    expect(all.html.all('[data-testid="saved-markets"] h2').map((heading) => heading.text)).toEqual(["Alfa Snart", "Zulu Senere", "Mellem Lukket"]);
    expect(all.html.text('[data-testid="saved-markets"]')).toContain(texts.list.closed);

    const removed = await client.submit(`/gem/${later.id}`, { gem: "0", tilbage: LIST });
    expect(removed.answer.location).toBe(LIST);
    expect(removed.page.html.all('[data-testid="saved-markets"] h2').map((heading) => heading.text)).toEqual(["Alfa Snart"]);

    const feedUrl = new URL(page.html.value(page.html.field(texts.feed.label))!);
    expect(feedUrl.pathname).toMatch(/^\/gemte-markeder\/kalender\/[A-Za-z0-9_-]{43}\.ics$/);
    const feed = await site.get(feedUrl.pathname);
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toContain("text/calendar");
    expect(feed.headers.get("cache-control")).toBe("private, no-store");
    expect(feed.text).toContain("SUMMARY:Alfa Snart");
    // A closed market leaves the feed.
    expect(feed.text).not.toContain("SUMMARY:Mellem Lukket");
    expect((await site.get(feedUrl.pathname)).headers.get("cache-control")).toBe("private, no-store");

    const renewed = await client.submit(LIST, { intent: "ny-adresse" });
    expect(renewed.answer.status).toBe(303);
    expect(renewed.page.html.toasts()[0]?.title).toBe(texts.feed.renewed);
    expect((await site.get(feedUrl.pathname)).status).toBe(404);
    const newUrl = new URL(renewed.page.html.value(renewed.page.html.field(texts.feed.label))!);
    expect(newUrl.pathname).not.toBe(feedUrl.pathname);
    expect((await site.get(newUrl.pathname)).status).toBe(200);
    const unknown = await client.post(LIST, { intent: "noget-andet" });
    expect(unknown.status).toBe(400);
    expect(unknown.html.alerts()).toEqual([texts.feed.unknownAction]);

    // Visitors sign in first; nobody else's list or feed is shown.
    expect((await site.get(LIST)).status).toBe(302);
    expect((await site.post(LIST, { intent: "ny-adresse" })).status).toBe(302);
    const others = await member.client.get(LIST);
    expect(others.text).not.toContain("Alfa Snart");
    expect(others.text).not.toContain(newUrl.pathname);
  });

  test("the list says which date was called off and why; an empty list says there is nothing saved", async () => {
    const { client } = await site.signedIn({ name: "Aflyst Aase" });
    const market = await createTestMarket(site.database, {
      name: "Regnvejrsmarkedet",
      schedules: [10, 17].map((days) => ({ kind: "dates", startDate: addDays(todayInDenmark(), days), startTime: "10:00", endTime: "14:00" })),
    });
    await client.post(`/gem/${market.id}`, { gem: "1", tilbage: LIST });
    await site.database.db
      .updateTable("market_occurrences")
      .set({ status: "cancelled", note: "Regnvejr" })
      .where("market_id", "=", market.id)
      .where("local_date", "=", addDays(todayInDenmark(), 10))
      .execute();
    expect((await client.get(LIST)).html.text('[data-testid="saved-markets"]')).toContain("Regnvejr");

    const empty = await (await site.signedIn({ name: "Tomme Tove" })).client.get(LIST);
    expect(empty.status).toBe(200);
    expect(empty.html.h1s()).toEqual([texts.heading]);
    expect(empty.html.all("h2").map((heading) => heading.text.trim())).toContain(texts.empty.heading);
  });

  test("owners see how many saved each of their markets", async () => {
    const owner = await site.signedIn({ name: "Ejer Eva" });
    const market = await createTestMarket(site.database, { name: "Ejers Marked" }, { owner: owner.account.id });
    await member.client.post(`/gem/${market.id}`, { gem: "1", tilbage: "/" });
    const page = await owner.client.get("/dashboard/mine-markeder");
    expect(page.html.text()).toContain(translation.organiser.mine.savesOne);
  });
});
