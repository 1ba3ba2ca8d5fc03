import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { setMarketStatus } from "../../app/markets/market-writes.server";
import { createTestMarket, PASSWORD, uniqueEmail, type TestAccount, type TestMarket } from "../support/factories";
import { startSite, type Client, type Site, type SiteResponse } from "../support/site";

const { kind } = inject("testDatabase");
const texts = translation.claims;
const QUEUE = "/dashboard/market-claims";
const claimPage = (market: TestMarket) => `/markeder/${market.slug}/ejerskab`;
const signInTo = (path: string) => `/sign-in?next=${encodeURIComponent(path)}`;
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_whole, name: string) => String(values[name]));

/**
 * "Er det dit marked?" at the level of requests, as a browser without JavaScript meets it: the
 * market page's button and "Kontakt os" (also from the page cache), the claim form and its
 * answers, the way back to it through sign-up and the verification mail, the admin's list, the
 * decisions and their mails, and who may do what. The rules on their own: market-claims.test.ts.
 */
describe(`claim pages on ${kind}`, () => {
  let site: Site;
  let admin: { account: TestAccount; client: Client };
  let member: { account: TestAccount; client: Client };

  beforeAll(async () => {
    // The page cache on, as in production: an approval must reach the market pages it holds.
    site = await startSite({ env: { PAGE_CACHE_MB: "8", RATE_LIMIT_CLAIMS: "3/86400" } });
    [admin, member] = await Promise.all([site.signedIn({ name: "Anders Admin", admin: true }), site.signedIn({ name: "Mette Medlem" })]);
  });

  afterAll(async () => {
    await site?.close();
  });

  const anonymous = (path: string) => site.get(path, { headers: { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140" } });
  const toastTitles = (response: SiteResponse) => response.html.toasts().map((toast) => toast.title);
  const claimBody = (fields: Record<string, string> = {}) => ({ intent: "claim", relation: "arrangoer", contact: "12 34 56 78", message: "Jeg er formand.", ...fields });

  async function openClaimId(marketId: string, userId: string): Promise<string> {
    const row = await site.database.db
      .selectFrom("market_claims")
      .select("id")
      .where("market_id", "=", marketId)
      .where("user_id", "=", userId)
      .where("status", "=", "open")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  test("a market without owner offers the claim form through sign-in; one with an owner, the contact form", async () => {
    const unowned = await createTestMarket(site.database);
    const page = await anonymous(`/markeder/${unowned.slug}`);
    expect(page.html.link(texts.prompt.claim)).toBe(signInTo(claimPage(unowned)));
    expect(page.html.link(texts.prompt.contact)).toBeNull();

    const owned = await createTestMarket(site.database, {}, { owner: member.account.id });
    const ownedPage = await anonymous(`/markeder/${owned.slug}`);
    expect(ownedPage.html.link(texts.prompt.claim)).toBeNull();
    expect(ownedPage.html.link(texts.prompt.contact)).toBe("/kontakt?emne=correction");
    const contact = await anonymous("/kontakt?emne=correction");
    expect(contact.html.one('option[value="correction"]')?.hasAttribute("selected")).toBe(true);

    // A closed market nobody owns is nothing to take over.
    const closed = await createTestMarket(site.database);
    await setMarketStatus(site.database.db, closed.id, "archived");
    expect((await anonymous(`/markeder/${closed.slug}`)).html.link(texts.prompt.claim)).toBeNull();
  });

  test("a visitor is sent to sign in and back; someone signed in is sent on to the form", async () => {
    const market = await createTestMarket(site.database);
    const path = claimPage(market);
    const visit = await site.get(path);
    expect(visit.status).toBe(302);
    expect(visit.location).toBe(signInTo(path));
    const post = await site.post(path, claimBody());
    expect(post.status).toBe(302);
    expect(post.location).toBe(signInTo(path));
    // The market page's link passes the sign-in page, which sends a signed-in person straight on.
    const through = await member.client.get(signInTo(path));
    expect(through.status).toBe(302);
    expect(through.location).toBe(path);
    expect((await member.client.get("/markeder/findes-ikke/ejerskab")).status).toBe(404);
    expect((await member.client.post("/markeder/findes-ikke/ejerskab", claimBody())).status).toBe(404);
  });

  test("signing up from the claim form, the verification mail's link ends on the form", async () => {
    const market = await createTestMarket(site.database);
    const path = claimPage(market);
    const client = site.client();
    const email = uniqueEmail("ny-arrangoer");
    const signedUp = await client.post(`/sign-up?next=${encodeURIComponent(path)}`, { intent: "sign-up", name: "Nina Ny", email, password: PASSWORD, next: path });
    expect(signedUp.status).toBe(303);
    const mail = await site.waitForMail(email);
    const link = site.linkIn(mail, "/auth/callback");
    expect(new URL(link, site.url).searchParams.get("next")).toBe(path);
    const verified = await client.get(link);
    expect(verified.location).toBe(path);
    const form = await client.follow(verified);
    expect(form.status).toBe(200);
    expect(form.html.h1s()).toEqual([texts.page.heading]);
    expect(form.html.buttons()).toContain(texts.form.submit);
  });

  test("the form: messages at the fields, then sent once, with what happens next; a second claim is told the first one's date", async () => {
    const market = await createTestMarket(site.database, { name: "Formularmarkedet" });
    const path = claimPage(market);
    const { client, account } = await site.signedIn({ name: "Frida Form" });
    const page = await client.get(path);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(page.html.h1s()).toEqual([texts.page.heading]);
    expect(page.html.text("title")).toBe(`${fill(texts.page.title, { name: "Formularmarkedet" })} | Loppeguiden`);
    // The account's address is offered as the contact.
    expect(page.html.value("contact")).toBe(account.email);

    const wrong = await client.post(path, { intent: "claim", contact: "ring til mig", message: "x".repeat(1001) });
    expect(wrong.status).toBe(400);
    expect(wrong.html.fieldMessage("relation-arrangoer")).toBe(texts.form.errors.relationRequired);
    expect(wrong.html.fieldMessage("contact")).toBe(texts.form.errors.contactInvalid);
    expect(wrong.html.fieldMessage("message")).toBe(fill(texts.form.errors.messageTooLong, { max: "1.000" }));
    expect(wrong.html.value("contact")).toBe("ring til mig");
    expect((await client.post(path, claimBody({ contact: "" }))).html.fieldMessage("contact")).toBe(texts.form.errors.contactRequired);

    const { answer, page: after } = await client.submit(path, claimBody({ relation: "forening", contact: "+45 20 30 40 50" }));
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(path);
    expect(toastTitles(after)).toEqual([texts.sent.title]);
    expect(after.html.one(`section[aria-labelledby="modtaget"]`)).not.toBeNull();
    expect(after.html.text(`section[aria-labelledby="modtaget"]`)).toContain(fill(texts.open.next2, { email: account.email }));
    expect(after.html.buttons()).not.toContain(texts.form.submit);
    const stored = await site.database.db.selectFrom("market_claims").selectAll().where("user_id", "=", account.id).execute();
    expect(stored).toEqual([expect.objectContaining({ market_id: market.id, relation: "forening", contact: "+45 20 30 40 50", message: "Jeg er formand.", status: "open" })]);

    const again = await client.post(path, claimBody());
    expect(again.status).toBe(409);
    const date = new Intl.DateTimeFormat("da-DK", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/Copenhagen" }).format(new Date(stored[0]!.created_at));
    expect(again.html.alerts()).toEqual([fill(texts.refused.open, { date })]);
    expect(await site.database.db.selectFrom("market_claims").select("id").where("user_id", "=", account.id).execute()).toHaveLength(1);
  });

  test("a market with an owner or closed answers with a clear message, not a form", async () => {
    const owned = await createTestMarket(site.database, {}, { owner: admin.account.id });
    const page = await member.client.get(claimPage(owned));
    expect(page.status).toBe(200);
    expect(page.html.text("#kan-ikke")).toBe(texts.hasOwner.heading);
    const post = await member.client.post(claimPage(owned), claimBody());
    expect(post.status).toBe(409);
    expect(post.html.alerts()).toEqual([texts.refused.hasOwner]);
    expect((await admin.client.get(claimPage(owned))).html.text("#dit-marked")).toBe(texts.own.heading);

    const closed = await createTestMarket(site.database);
    await setMarketStatus(site.database.db, closed.id, "archived");
    expect((await member.client.get(claimPage(closed))).html.text("#kan-ikke")).toBe(texts.closed.heading);
    expect((await member.client.post(claimPage(closed), claimBody())).html.alerts()).toEqual([texts.refused.closed]);
  });

  test("a person may send a few claims a day", async () => {
    const { client } = await site.signedIn();
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await client.post(claimPage(await createTestMarket(site.database)), claimBody())).status);
    expect(statuses).toEqual([303, 303, 303, 429]);
  });

  test("only admins open the list or decide: a visitor signs in, anyone else gets 403 on every action", async () => {
    const market = await createTestMarket(site.database);
    expect((await member.client.post(claimPage(market), claimBody())).status).toBe(303);
    const claimId = await openClaimId(market.id, member.account.id);
    const visit = await site.get(QUEUE);
    expect(visit.status).toBe(302);
    expect(visit.location).toBe(signInTo(QUEUE));
    expect((await member.client.get(QUEUE)).status).toBe(403);
    const organiser = await site.signedIn({ role: "organizer" });
    const bodies: Record<string, string>[] = [
      { intent: "approve", claim: claimId },
      { intent: "reject", claim: claimId, reason: "Nej" },
    ];
    for (const body of bodies) {
      expect((await site.post(QUEUE, body)).status, body.intent).toBe(302);
      // The claimant themselves, and someone with more rights than most, may not decide it either.
      expect((await member.client.post(QUEUE, body)).status, body.intent).toBe(403);
      expect((await organiser.client.post(QUEUE, body)).status, body.intent).toBe(403);
    }
    const row = await site.database.db.selectFrom("market_claims").select("status").where("id", "=", claimId).executeTakeFirstOrThrow();
    expect(row.status).toBe("open");
    expect((await admin.client.post(QUEUE, { intent: "approve", claim: "ikke-et-id" })).status).toBe(404);
    expect((await admin.client.post(QUEUE, { intent: "approve", claim: crypto.randomUUID() })).status).toBe(404);
    expect((await admin.client.post(QUEUE, { intent: "godkend", claim: claimId })).status).toBe(400);
  });

  test("approving: the list shows who asks; the market moves, the cached page says Kontakt os, both people are mailed in Danish", async () => {
    const market = await createTestMarket(site.database, { name: `Overtagelsesmarkedet ${Date.now().toString(36)}` });
    const claimant = await site.signedIn({ name: "Ole Overtager" });
    const rival = await site.signedIn({ name: "Rikke Rival" });
    const other = await createTestMarket(site.database, { name: "Oles andet marked" }, { owner: claimant.account.id });
    expect((await claimant.client.post(claimPage(market), claimBody({ contact: "ole@example.com", message: "Jeg har holdt det i ti år." }))).status).toBe(303);
    expect((await rival.client.post(claimPage(market), claimBody({ relation: "andet" }))).status).toBe(303);
    const claimId = await openClaimId(market.id, claimant.account.id);

    // Warm the page cache: the page as every visitor gets it, with "Er det dit marked?".
    const marketPath = `/markeder/${market.slug}`;
    await anonymous(marketPath);
    const cached = await anonymous(marketPath);
    expect(cached.headers.get("x-page-cache")).toBe("hit");
    expect(cached.html.link(texts.prompt.claim)).not.toBeNull();

    const list = await admin.client.get(QUEUE);
    expect(list.status).toBe(200);
    expect(list.html.h1s()).toEqual([texts.admin.heading]);
    const card = list.html.one(`article[aria-labelledby="anmodning-${claimId}"]`);
    expect(card).not.toBeNull();
    const cardText = card!.text.replace(/\s+/g, " ");
    for (const expected of [
      market.name,
      "Ole Overtager",
      claimant.account.email,
      texts.admin.card.verified,
      translation.admin.review.author.age.today,
      translation.claims.admin.relations.arrangoer,
      "ole@example.com",
      "Jeg har holdt det i ti år.",
      "Oles andet marked",
      texts.admin.card.rivalsOne,
    ]) {
      expect(cardText).toContain(expected);
    }
    expect(card!.querySelector(`a[href="/markeder/${other.slug}"]`)).not.toBeNull();
    // Oldest first: the claimant's card comes before the rival's.
    const rivalId = await openClaimId(market.id, rival.account.id);
    expect(list.text.indexOf(`anmodning-${claimId}`)).toBeLessThan(list.text.indexOf(`anmodning-${rivalId}`));

    const before = { claimant: site.mailsTo(claimant.account.email).at(-1), rival: site.mailsTo(rival.account.email).at(-1) };
    const { answer, page } = await admin.client.submit(QUEUE, { intent: "approve", claim: claimId });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(QUEUE);
    expect(toastTitles(page)).toEqual([fill(texts.admin.toast.approved, { name: market.name })]);
    expect(page.html.one(`article[aria-labelledby="anmodning-${claimId}"]`)).toBeNull();
    expect(page.html.one(`article[aria-labelledby="anmodning-${rivalId}"]`)).toBeNull();

    const approvedMail = await site.waitForMail(claimant.account.email, { after: before.claimant });
    expect(approvedMail.subject).toBe(fill(texts.mail.approved.subject, { name: market.name }));
    expect(approvedMail.text).toContain("Hej Ole Overtager");
    expect(approvedMail.text).toContain(texts.mail.approved.canNow);
    expect(approvedMail.html).toContain('<html lang="da">');
    const manage = site.linkIn(approvedMail, `/manage-market/${market.id}`);
    expect((await claimant.client.get(manage)).status).toBe(200);
    const rivalMail = await site.waitForMail(rival.account.email, { after: before.rival });
    expect(rivalMail.subject).toBe(fill(texts.mail.rejected.subject, { name: market.name }));
    expect(rivalMail.text).toContain(texts.decision.takenReason);

    // The page cache holds the page no longer: every visitor now gets "Kontakt os".
    const switched = await anonymous(marketPath);
    expect(switched.html.link(texts.prompt.claim)).toBeNull();
    expect(switched.html.link(texts.prompt.contact)).toBe("/kontakt?emne=correction");
    // The claimant is trusted with this market and given no role (decision 0027): a new market of theirs still waits.
    const session = (await claimant.client.get("/api/session")).json<{ roles?: string[] }>();
    expect(session.roles).toEqual(["visitor"]);

    // A second decision on the same claim is told who made the first, not a 500.
    const again = await admin.client.post(QUEUE, { intent: "reject", claim: claimId, reason: "For sent" });
    expect(again.status).toBe(409);
    expect(again.html.alerts()[0]).toMatch(/^Anmodningen er allerede godkendt af Anders Admin/);
  });

  test("rejecting needs a reason, which the person gets in a mail with a plain-text part", async () => {
    const market = await createTestMarket(site.database, { name: "Afvisningsmarkedet" });
    const person = await site.signedIn({ name: "Pia Prøver" });
    expect((await person.client.post(claimPage(market), claimBody())).status).toBe(303);
    const claimId = await openClaimId(market.id, person.account.id);

    const blank = await admin.client.post(QUEUE, { intent: "reject", claim: claimId, reason: " " });
    expect(blank.status).toBe(400);
    expect(blank.html.fieldMessage(`afvis-${claimId}-reason`)).toBe(texts.admin.reject.reasonRequired);

    const before = site.mailsTo(person.account.email).at(-1);
    const { answer, page } = await admin.client.submit(QUEUE, {
      intent: "reject",
      claim: claimId,
      reason: "Vi kunne ikke bekræfte, at du står for markedet.\n\nSkriv gerne til os.",
    });
    expect(answer.status).toBe(303);
    expect(toastTitles(page)).toEqual([fill(texts.admin.toast.rejected, { name: "Afvisningsmarkedet" })]);
    const mail = await site.waitForMail(person.account.email, { after: before });
    expect(mail.subject).toBe(fill(texts.mail.rejected.subject, { name: "Afvisningsmarkedet" }));
    expect(mail.text).toContain("Hej Pia Prøver");
    // Each paragraph of the reason a paragraph of the mail.
    expect(mail.text.replace(/\r\n/g, "\n")).toContain(`${texts.mail.rejected.reasonHeading}\n\nVi kunne ikke bekræfte, at du står for markedet.\n\nSkriv gerne til os.`);
    expect(mail.html).toContain("Vi kunne ikke bekræfte, at du står for markedet.");
    const stored = await site.database.db.selectFrom("market_claims").selectAll().where("id", "=", claimId).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ status: "rejected", decided_by: admin.account.id });
    expect(stored.decided_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    // The market stays without owner, and the person may ask again.
    expect((await person.client.get(claimPage(market))).html.buttons()).toContain(texts.form.submit);
  });
});
