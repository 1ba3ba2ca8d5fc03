import { afterAll, beforeAll, describe, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { claimPath } from "../../app/claims/claim-paths";
import { MARKET_ID_FIELD, readDraftFields } from "../../app/organiser/form/draft-fields";
import { createTestMarket, type TestAccount } from "../support/factories";
import { startSite, type Client, type Site, type SiteResponse } from "../support/site";

/**
 * The market form as a browser without JavaScript uses it (routes/opret-marked/…, the edit page
 * routes/dashboard/mine-markeder/edit/$id.tsx): every step posted, saved as a draft and led on
 * with 303, a wrong value answered at its field with every field kept, the daily limit at the send
 * button, and the guards on the pages and their posts. With JavaScript: tests/e2e/submit-market.test.ts.
 */

const form = translation.organiser.form;
const input = translation.markets.input;
const UNKNOWN_ID = "7d7c1a52-2f3e-4d3b-9a43-1f7c3c1f2b10";

/** Every step of a market as a person fills it in. */
const STEPS = {
  "om-markedet": { type: "flea_market", name: "Loppemarked på Torvet", description: "Stort marked med over 100 boder.\n\nKaffe i teltet." },
  sted: { venueName: "Torvet", street: "Torvet 1", postalCode: "8000", city: "" },
  "datoer-og-tider": { tidsplan: "dato", "enkelt.dato": "2027-05-02", "enkelt.aabner": "10:00", "enkelt.lukker": "15:00" },
  praktisk: { entry: "beloeb", entryFeeDkk: "20", stallPriceText: "150 kr.", stallCount: "40", facilities: ["food", "toilets"], setting: "outdoor" },
  kontakt: { website: "https://torvet.dk", email: "info@torvet.dk" },
  // The pictures have forms of their own (market-form-images.test.ts): the step's button only goes on.
  billeder: {},
};

let site: Site;

beforeAll(async () => {
  // The page cache on, as in production: an edit that is live at once must reach pages it holds.
  site = await startSite({ env: { RATE_LIMIT_MARKET_SUBMISSIONS: "2/86400", PAGE_CACHE_MB: "8" } });
});

afterAll(async () => {
  await site?.close();
});

/** A visitor without a session, whom the page cache answers. */
const anonymous = (path: string) => site.get(path, { headers: { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140" } });
const draftRow = (id: string) => site.database.db.selectFrom("market_drafts").selectAll().where("id", "=", id).executeTakeFirst();
const draftIdIn = (location: string | null) => /\/opret-marked\/([0-9a-f-]{36})\//.exec(location ?? "")?.[1] ?? "";
const heading = (step: string, whose = form.createEyebrow) => `${whose}: ${step}`;
const currentStep = (page: SiteResponse) => page.html.one('li[aria-current="step"]')?.text.replace(/\s+/g, " ").trim();

/** A draft at Se og send with every step posted, for the tests that start there. */
async function completeDraft(client: Client, steps = STEPS): Promise<string> {
  const first = await client.post("/opret-marked", { intent: "videre", ...steps["om-markedet"] });
  const id = draftIdIn(first.location);
  for (const step of ["sted", "datoer-og-tider", "praktisk", "kontakt"] as const) {
    const answer = await client.post(`/opret-marked/${id}/${step}`, { intent: "videre", ...steps[step] });
    // A step with a wrong value is saved all the same: the test of what is missing starts from one.
    expect([303, 400], step).toContain(answer.status);
  }
  return id;
}

describe("a new market without JavaScript", () => {
  test("goes through all seven steps, is sent, waits for review and is confirmed by mail", async () => {
    const { account, client } = await site.signedIn({ name: "Hanne Jensen" });

    const start = await client.get("/opret-marked");
    expect(start.status).toBe(200);
    expect(start.html.h1s()).toEqual([heading(form.steps.about.title)]);
    expect(start.html.text()).toContain("Trin 1 af 7");
    expect(currentStep(start)).toBe(`1. ${form.steps.about.title}`);
    expect(start.html.all("ol li")).toHaveLength(7);

    // The first post makes the draft and goes on to its next step.
    const { answer, page: place } = await client.submit("/opret-marked", { intent: "videre", ...STEPS["om-markedet"] });
    expect(answer.status).toBe(303);
    const id = draftIdIn(answer.location);
    expect(answer.location).toBe(`/opret-marked/${id}/sted`);
    expect(place.html.h1s()).toEqual([heading(form.steps.place.title)]);
    expect(currentStep(place)).toBe(`2. ${form.steps.place.title}`);

    const titles = [form.steps.dates.title, form.steps.practical.title, form.steps.contact.title, form.steps.images.title, form.steps.review.title];
    const steps = ["sted", "datoer-og-tider", "praktisk", "kontakt", "billeder"] as const;
    for (const [index, step] of steps.entries()) {
      const { answer: next, page } = await client.submit(`/opret-marked/${id}/${step}`, { intent: "videre", ...STEPS[step] });
      expect(next.status, step).toBe(303);
      expect(page.html.h1s(), step).toEqual([heading(titles[index]!)]);
      expect(page.html.text(), step).toContain(`Trin ${index + 3} af 7`);
    }

    // The town came from the postal code on saving, and the position from the town table.
    const fields = readDraftFields((await draftRow(id))!.fields);
    expect(fields).toMatchObject({ city: "Aarhus C", latitude: expect.stringMatching(/^56\./), longitude: expect.stringMatching(/^10\./), facilities: ["food", "toilets"] });

    const review = await client.get(`/opret-marked/${id}/se-og-send`);
    expect(review.html.h1s()).toEqual([heading(form.steps.review.title)]);
    expect(review.html.text("#forhaandsvisning + div h2")).toBe("Loppemarked på Torvet");
    expect(review.html.source).not.toContain('id="mangler"');
    expect(review.html.text()).toContain("Entré 20 kr.");

    const sent = await client.submit(`/opret-marked/${id}/se-og-send`, { intent: "send" });
    expect(sent.answer.status).toBe(303);
    expect(sent.answer.location).toMatch(/^\/opret-marked\/sendt\/[0-9a-f-]{36}$/);
    expect(sent.page.html.h1s()).toEqual([form.sent.pendingHeading]);
    expect(sent.page.html.text()).toContain("inden for 2 hverdage");
    expect(await draftRow(id)).toBeUndefined();

    const market = await site.database.db.selectFrom("markets").selectAll().where("owner_id", "=", account.id).executeTakeFirstOrThrow();
    expect(market).toMatchObject({ name: "Loppemarked på Torvet", status: "pending", postal_code: 8000, city: "Aarhus C", entry_fee_dkk: 20 });
    const mail = await site.waitForMail(account.email);
    expect(mail.subject).toBe("Vi har modtaget Loppemarked på Torvet");
    // The landing page is its owner's alone.
    const { client: other } = await site.signedIn();
    expect((await other.get(sent.answer.location!)).status).toBe(404);
  }, 20_000);

  test("a wrong value on the first step makes the draft all the same and shows the messages there, every field kept", async () => {
    const { client } = await site.signedIn();
    const answer = await client.post("/opret-marked", { intent: "videre", type: "swap_market", name: "Lo", description: "Første afsnit.\n\nAndet." });
    expect(answer.status).toBe(303);
    const id = draftIdIn(answer.location);
    expect(answer.location).toBe(`/opret-marked/${id}/om-markedet?ret=1`);
    const page = await client.follow(answer);
    expect(page.html.fieldMessage("name")).toBe(input.nameTooShort.replace("{{min}}", "3"));
    expect(page.html.value("name")).toBe("Lo");
    expect(page.html.value("description")).toBe("Første afsnit.\n\nAndet.");
    expect(page.html.checked("type-swap_market")).toBe(true);
    expect(page.html.alerts()).toContain(form.fixFirst);
    expect(readDraftFields((await draftRow(id))!.fields)).toEqual({ type: "swap_market", name: "Lo", description: "Første afsnit.\n\nAndet." });
  });

  test("a wrong value on a later step is answered at its field with every field kept, and saved", async () => {
    const { client } = await site.signedIn();
    const id = draftIdIn((await client.post("/opret-marked", { intent: "videre", ...STEPS["om-markedet"] })).location);
    const typed = {
      entry: "beloeb",
      entryFeeDkk: "",
      entryFeeText: "gratis for børn",
      stallPriceText: "100 kr.",
      stallCount: "mange",
      bookingInfo: "Ring til Hanne",
      facilities: ["dogs", "parking"],
      setting: "both",
    };
    const answer = await client.post(`/opret-marked/${id}/praktisk`, { intent: "videre", ...typed });
    expect(answer.status).toBe(400);
    const html = answer.html;
    expect(html.h1s()).toEqual([heading(form.steps.practical.title)]);
    expect(html.fieldMessage("entryFeeDkk")).toBe(form.errors.entryAmountRequired);
    expect(html.fieldMessage("stallCount")).toBe(input.stallCountWhole);
    expect(html.value("entryFeeText")).toBe("gratis for børn");
    expect(html.value("stallPriceText")).toBe("100 kr.");
    expect(html.value("stallCount")).toBe("mange");
    expect(html.value("bookingInfo")).toBe("Ring til Hanne");
    expect(html.checked("entry-beloeb")).toBe(true);
    expect(html.checked("facilities-dogs")).toBe(true);
    expect(html.checked("facilities-parking")).toBe(true);
    expect(html.checked("facilities-food")).toBe(false);
    expect(html.checked("setting-both")).toBe(true);
    const row = (await draftRow(id))!;
    expect(row.step).toBe("praktisk");
    expect(readDraftFields(row.fields)).toMatchObject({ stallCount: "mange", facilities: ["dogs", "parking"] });
  });

  test("a schedule with something missing is answered at its field, the rest of it kept", async () => {
    const { client } = await site.signedIn();
    const id = draftIdIn((await client.post("/opret-marked", { intent: "videre", ...STEPS["om-markedet"] })).location);
    const answer = await client.post(`/opret-marked/${id}/datoer-og-tider`, { intent: "videre", tidsplan: "dato", "enkelt.aabner": "10:00", "enkelt.lukker": "15:00" });
    expect(answer.status).toBe(400);
    expect(answer.html.fieldMessage("enkelt.dato")).toBe(translation.organiser.schedule.errors.dateRequired);
    expect(answer.html.value("enkelt.aabner")).toBe("10:00");
    expect(answer.html.value("enkelt.lukker")).toBe("15:00");
    expect(answer.html.checked("tidsplan-dato")).toBe(true);
    expect(readDraftFields((await draftRow(id))!.fields)).toMatchObject({ tidsplan: "dato", "enkelt.aabner": "10:00" });
  });

  test("a postal code the table does not know is kept, and the town the person typed is used; no position then", async () => {
    const { client } = await site.signedIn();
    const id = draftIdIn((await client.post("/opret-marked", { intent: "videre", ...STEPS["om-markedet"] })).location);
    const missingTown = await client.post(`/opret-marked/${id}/sted`, { intent: "videre", postalCode: "9999", city: "" });
    expect(missingTown.status).toBe(400);
    expect(missingTown.html.fieldMessage("city")).toBe(input.cityRequired);
    expect(missingTown.html.value("postalCode")).toBe("9999");
    expect((await client.post(`/opret-marked/${id}/sted`, { intent: "videre", postalCode: "9999", city: "Et sted" })).status).toBe(303);
    expect(readDraftFields((await draftRow(id))!.fields)).toEqual({ ...STEPS["om-markedet"], postalCode: "9999", city: "Et sted" });
    const faroese = await client.post(`/opret-marked/${id}/sted`, { intent: "videre", postalCode: "FO-100", city: "Tórshavn" });
    expect(faroese.status).toBe(303);
  });

  test("Tilbage saves what is there, wrong or not, and goes back; the draft's address resumes where it was left", async () => {
    const { client } = await site.signedIn();
    const id = draftIdIn((await client.post("/opret-marked", { intent: "videre", ...STEPS["om-markedet"] })).location);
    const back = await client.post(`/opret-marked/${id}/sted`, { intent: "tilbage", postalCode: "80", street: "Torvet 1" });
    expect(back.status).toBe(303);
    expect(back.location).toBe(`/opret-marked/${id}/om-markedet`);
    expect(readDraftFields((await draftRow(id))!.fields)).toMatchObject({ postalCode: "80", street: "Torvet 1" });

    await client.post(`/opret-marked/${id}/om-markedet`, { intent: "videre", ...STEPS["om-markedet"] });
    await client.post(`/opret-marked/${id}/sted`, { intent: "videre", ...STEPS.sted });
    const resume = await client.get(`/opret-marked/${id}`);
    expect(resume.status).toBe(302);
    expect(resume.location).toBe(`/opret-marked/${id}/datoer-og-tider`);
    // The place step shows what was saved.
    const place = await client.get(`/opret-marked/${id}/sted`);
    expect(place.html.value("street")).toBe("Torvet 1");
    expect(place.html.value("city")).toBe("Aarhus C");
  });

  test("sending with something missing leads to the first step with a problem, its messages shown there", async () => {
    const { client } = await site.signedIn();
    const id = await completeDraft(client, { ...STEPS, sted: { ...STEPS.sted, postalCode: "12" } });
    const review = await client.get(`/opret-marked/${id}/se-og-send`);
    expect(review.html.region(form.review.missingHeading).text()).toContain(translation.forms.postalCode.invalid);
    // The step opens on its own, and comes back to Se og send once put right.
    expect(review.html.link(form.review.fix.replace("{{step}}", "sted"))).toBe(`/opret-marked/${id}/sted?ret=1&tilbage=${encodeURIComponent(`/opret-marked/${id}/se-og-send`)}`);
    const answer = await client.post(`/opret-marked/${id}/se-og-send`, { intent: "send" });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`/opret-marked/${id}/sted?ret=send`);
    const place = await client.follow(answer);
    expect(place.html.alerts()).toContain(form.notSent);
    expect(place.html.fieldMessage("postalCode")).toBe(translation.forms.postalCode.invalid);
    expect(place.html.value("postalCode")).toBe("12");
  });

  test("a published market with the same name and postal code is pointed out, and the new one is still made", async () => {
    const twin = await createTestMarket(site.database, { name: "Loppemarked i Hasle", postalCode: "8210", city: "Aarhus V" });
    const { account, client } = await site.signedIn();
    const id = await completeDraft(client, {
      ...STEPS,
      "om-markedet": { ...STEPS["om-markedet"], name: "LOPPEMARKED I HASLE" },
      sted: { ...STEPS.sted, postalCode: "8210", city: "Aarhus V" },
    });
    const review = await client.get(`/opret-marked/${id}/se-og-send`);
    const namesake = review.html.region(form.review.namesakeHeading);
    expect(namesake.link("Loppemarked i Hasle")).toBe(`/markeder/${twin.slug}`);
    // Nobody runs the twin on the site: the person may take it over instead of sending it again.
    expect(namesake.link(translation.claims.prompt.claim)).toBe(`/sign-in?next=${encodeURIComponent(claimPath(twin.slug))}`);
    expect((await client.post(`/opret-marked/${id}/se-og-send`, { intent: "send" })).status).toBe(303);
    const mine = await site.database.db.selectFrom("markets").select(["id", "slug"]).where("owner_id", "=", account.id).execute();
    expect(mine).toHaveLength(1);
    expect(mine[0]!.slug).not.toBe(twin.slug);
  });

  test("a namesake someone already runs is pointed out without the claim button", async () => {
    const { account: runner } = await site.signedIn();
    const twin = await createTestMarket(site.database, { name: "Loppemarked i Viby", postalCode: "8260", city: "Viby J" }, { owner: runner.id });
    const { client } = await site.signedIn();
    const id = await completeDraft(client, {
      ...STEPS,
      "om-markedet": { ...STEPS["om-markedet"], name: "Loppemarked i Viby" },
      sted: { ...STEPS.sted, postalCode: "8260", city: "Viby J" },
    });
    const namesake = (await client.get(`/opret-marked/${id}/se-og-send`)).html.region(form.review.namesakeHeading);
    expect(namesake.link("Loppemarked i Viby")).toBe(`/markeder/${twin.slug}`);
    expect(namesake.link(translation.claims.prompt.claim)).toBeNull();
  });

  test("the daily limit is told at the send button, and the draft stays", async () => {
    const { client } = await site.signedIn();
    const ids = [];
    for (const name of ["Marked et", "Marked to", "Marked tre"]) ids.push(await completeDraft(client, { ...STEPS, "om-markedet": { ...STEPS["om-markedet"], name } }));
    expect((await client.post(`/opret-marked/${ids[0]}/se-og-send`, { intent: "send" })).status).toBe(303);
    expect((await client.post(`/opret-marked/${ids[1]}/se-og-send`, { intent: "send" })).status).toBe(303);
    const refused = await client.post(`/opret-marked/${ids[2]}/se-og-send`, { intent: "send" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const message = form.review.limited.replace("{{limit}}", "2").replace("{{wait}}", "24 timer");
    expect(refused.html.text("#send-fejl")).toBe(message);
    expect(refused.html.one('button[value="send"]')?.getAttribute("aria-describedby")).toBe("send-fejl");
    expect(await draftRow(ids[2]!)).toBeDefined();
  });
});

describe("the guards of the new market's pages", () => {
  let owner: { account: TestAccount; client: Client };
  let draftId: string;

  beforeAll(async () => {
    owner = await site.signedIn({ name: "Ejer" });
    draftId = draftIdIn((await owner.client.post("/opret-marked", { intent: "videre", ...STEPS["om-markedet"] })).location);
  });

  test.each(["/opret-marked", `/opret-marked/${UNKNOWN_ID}`, `/opret-marked/${UNKNOWN_ID}/sted`, `/opret-marked/sendt/${UNKNOWN_ID}`])(
    "a visitor on %s is sent to sign in, also with a post",
    async (path) => {
      const visit = await site.get(path);
      expect(visit.status).toBe(302);
      expect(visit.location).toBe(`/sign-in?next=${encodeURIComponent(path)}`);
      expect((await site.post(path, { intent: "videre", name: "Ubuden" })).status).toBe(302);
    },
  );

  test("another person's draft is not found, on its pages and on a post, and stays as it was", async () => {
    const { client } = await site.signedIn({ name: "Nabo" });
    const before = (await draftRow(draftId))!;
    expect((await client.get(`/opret-marked/${draftId}`)).status).toBe(404);
    expect((await client.get(`/opret-marked/${draftId}/sted`)).status).toBe(404);
    expect((await client.post(`/opret-marked/${draftId}/om-markedet`, { intent: "videre", ...STEPS["om-markedet"], name: "Overtaget" })).status).toBe(404);
    expect((await client.post(`/opret-marked/${draftId}/se-og-send`, { intent: "send" })).status).toBe(404);
    expect(await draftRow(draftId)).toEqual(before);
  });

  test("a malformed or unknown draft and an unknown step are not found", async () => {
    expect((await owner.client.get("/opret-marked/ikke-et-udkast/sted")).status).toBe(404);
    expect((await owner.client.get(`/opret-marked/${UNKNOWN_ID}/sted`)).status).toBe(404);
    expect((await owner.client.get(`/opret-marked/${draftId}/betaling`)).status).toBe(404);
    expect((await owner.client.post(`/opret-marked/${draftId}`, { a: "1" })).status).toBe(405);
  });
});

describe("editing a market without JavaScript", () => {
  let owner: { account: TestAccount; client: Client };
  let market: { id: string; slug: string; name: string };
  const editPath = () => `/dashboard/mine-markeder/edit/${market.id}`;

  beforeAll(async () => {
    owner = await site.signedIn({ name: "Arrangør" });
    market = await createTestMarket(site.database, { name: "Kræmmermarked i Risskov", postalCode: "8240", city: "Risskov" }, { owner: owner.account.id });
  });

  test("a visitor is sent to sign in, a malformed or unknown id is not found, anyone but the owner and the admins is refused", async () => {
    const visit = await site.get(`${editPath()}?trin=sted`);
    expect(visit.status).toBe(302);
    expect(visit.location).toBe(`/sign-in?next=${encodeURIComponent(`${editPath()}?trin=sted`)}`);
    expect((await site.post(editPath(), { intent: "videre" })).status).toBe(302);
    expect((await owner.client.get("/dashboard/mine-markeder/edit/ikke-et-id")).status).toBe(404);
    expect((await owner.client.get(`/dashboard/mine-markeder/edit/${UNKNOWN_ID}`)).status).toBe(404);
    expect((await owner.client.get(`${editPath()}?trin=betaling`)).status).toBe(404);

    const { account: stranger, client } = await site.signedIn({ name: "Fremmed" });
    expect((await client.get(editPath())).status).toBe(403);
    expect((await client.get(`${editPath()}?trin=se-og-send`)).status).toBe(403);
    const posts = [
      await client.post(`${editPath()}?trin=om-markedet`, { intent: "videre", ...STEPS["om-markedet"], name: "Kapret marked" }),
      await client.post(`${editPath()}?trin=se-og-send`, { intent: "send" }),
      await client.post(`${editPath()}?trin=kontakt`, { intent: "gem", email: "fremmed@eksempel.dk" }),
    ];
    expect(posts.map((answer) => answer.status)).toEqual([403, 403, 403]);
    expect(await site.database.db.selectFrom("market_drafts").select("id").where("owner_id", "=", stranger.id).execute()).toEqual([]);
    expect((await site.database.db.selectFrom("markets").select("name").where("id", "=", market.id).executeTakeFirstOrThrow()).name).toBe(market.name);
  });

  test("the owner's form starts from the market, keeps the edit as a draft, and the change waits for review", async () => {
    // It opens on the whole market as it stands, each part a link of its own.
    const overview = await owner.client.get(editPath());
    expect(overview.status).toBe(200);
    expect(overview.html.h1s()).toEqual([heading(form.steps.review.title, form.editEyebrow.replace("{{name}}", market.name))]);
    expect(overview.html.source).not.toContain('id="mangler"');
    const first = await owner.client.get(`${editPath()}?trin=om-markedet`);
    expect(first.html.h1s()).toEqual([heading(form.steps.about.title, form.editEyebrow.replace("{{name}}", market.name))]);
    expect(first.html.value("name")).toBe(market.name);
    expect(first.html.checked("type-flea_market")).toBe(true);

    const answer = await owner.client.post(`${editPath()}?trin=om-markedet`, {
      intent: "videre",
      type: "flea_market",
      name: "Kræmmermarked i Risskov Strand",
      description: "Nu ved stranden.",
    });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`${editPath()}?trin=sted`);
    const draft = await site.database.db.selectFrom("market_drafts").selectAll().where("owner_id", "=", owner.account.id).executeTakeFirstOrThrow();
    const fields = readDraftFields(draft.fields);
    expect(fields).toMatchObject({ [MARKET_ID_FIELD]: market.id, name: "Kræmmermarked i Risskov Strand", postalCode: "8240", city: "Risskov" });
    // Mine markeder links a draft to /opret-marked/{id}: an edit's draft goes on on the edit page.
    const viaDrafts = await owner.client.get(`/opret-marked/${draft.id}`);
    expect(viaDrafts.location).toBe(`${editPath()}?trin=sted`);

    const review = await owner.client.get(`${editPath()}?trin=se-og-send`);
    expect(review.html.text("#forhaandsvisning + div h2")).toBe("Kræmmermarked i Risskov Strand");
    const sent = await owner.client.submit(`${editPath()}?trin=se-og-send`, { intent: "send" });
    expect(sent.answer.status).toBe(303);
    expect(sent.page.html.h1s()).toEqual([form.edited.pendingHeading]);
    expect((await site.database.db.selectFrom("markets").select("name").where("id", "=", market.id).executeTakeFirstOrThrow()).name).toBe(market.name);
    expect(await site.database.db.selectFrom("market_drafts").select("id").where("id", "=", draft.id).execute()).toEqual([]);
  });

  test("a second edit while the first waits starts from the waiting one, so sending it keeps both changes", async () => {
    // The test before left the owner's rename waiting for review.
    const again = await owner.client.get(`${editPath()}?trin=om-markedet`);
    expect(again.html.value("name")).toBe("Kræmmermarked i Risskov Strand");
    await owner.client.post(`${editPath()}?trin=kontakt`, { intent: "videre", phone: "87 65 43 21" });
    expect((await owner.client.post(`${editPath()}?trin=se-og-send`, { intent: "send" })).status).toBe(303);
    const waiting = await site.database.db.selectFrom("market_revisions").select("after").where("market_id", "=", market.id).where("state", "=", "pending").execute();
    expect(waiting.map((row) => JSON.parse(row.after) as { name: string; description: string; phone: string })).toMatchObject([
      { name: "Kræmmermarked i Risskov Strand", description: "Nu ved stranden.", phone: "87 65 43 21" },
    ]);
  });

  test("schedules the fields cannot show are told in words and kept when the person changes something else", async () => {
    const rule = { kind: "rule", startDate: "2027-01-01", rrule: "FREQ=DAILY;INTERVAL=3", startTime: "10:00", endTime: "14:00" };
    const imported = await createTestMarket(site.database, { name: "Hvert tredje dags marked", schedules: [rule] }, { owner: owner.account.id });
    const path = `/dashboard/mine-markeder/edit/${imported.id}`;
    const dates = await owner.client.get(`${path}?trin=datoer-og-tider`);
    expect(dates.status).toBe(200);
    expect(dates.text).toContain(form.schedulesKept.split("{{schedules}}")[0]!.trim());
    // Posting the step without choosing a schedule keeps the stored one.
    expect((await owner.client.post(`${path}?trin=datoer-og-tider`, { intent: "videre" })).location).toBe(`${path}?trin=praktisk`);
    await owner.client.post(`${path}?trin=kontakt`, { intent: "videre", email: "hvert@tredje.dk" });
    expect((await owner.client.post(`${path}?trin=se-og-send`, { intent: "send" })).status).toBe(303);
    const revision = await site.database.db
      .selectFrom("market_revisions")
      .select("after")
      .where("market_id", "=", imported.id)
      .where("state", "=", "pending")
      .executeTakeFirstOrThrow();
    const after = JSON.parse(revision.after) as { email: string; schedules: { rrule: string }[] };
    expect(after.email).toBe("hvert@tredje.dk");
    expect(after.schedules.map((schedule) => schedule.rrule)).toEqual(["FREQ=DAILY;INTERVAL=3"]);
  });

  test("an organiser's edit of their own market is live at once, also on a market page the cache held", async () => {
    const { account, client } = await site.signedIn({ name: "Ole Arrangør", role: "organizer" });
    const own = await createTestMarket(site.database, { name: "Oles Loppemarked", postalCode: "8000", city: "Aarhus C" }, { owner: account.id });
    const path = `/dashboard/mine-markeder/edit/${own.id}`;
    const before = await anonymous(`/markeder/${own.slug}`);
    expect(before.text).not.toContain("Nu med loppekaffe.");
    expect((await anonymous(`/markeder/${own.slug}`)).headers.get("x-page-cache")).toBe("hit");

    await client.post(`${path}?trin=om-markedet`, { intent: "videre", type: "flea_market", name: "Oles Loppemarked", description: "Nu med loppekaffe." });
    const sent = await client.submit(`${path}?trin=se-og-send`, { intent: "send" });
    expect(sent.answer.location).toBe(`${path}?trin=sendt&resultat=applied`);
    expect(sent.page.html.h1s()).toEqual([form.edited.appliedHeading]);
    expect((await anonymous(`/markeder/${own.slug}`)).text).toContain("Nu med loppekaffe.");
  });

  test("a link the organiser writes in the description is marked as theirs for search engines (nofollow ugc)", async () => {
    const linked = await createTestMarket(site.database, { name: "Marked med link", description: "Læs mere på https://eksempel.dk/boder i dag." });
    const link = (await anonymous(`/markeder/${linked.slug}`)).html.one('a[href="https://eksempel.dk/boder"]');
    expect(link?.getAttribute("rel")?.split(" ")).toEqual(expect.arrayContaining(["nofollow", "ugc"]));
  });

  test("an admin's change of someone's market goes live at once", async () => {
    const { client } = await site.signedIn({ name: "Admin", admin: true });
    await client.post(`${editPath()}?trin=kontakt`, { intent: "videre", phone: "12 34 56 78" });
    const sent = await client.submit(`${editPath()}?trin=se-og-send`, { intent: "send" });
    expect(sent.page.html.h1s()).toEqual([form.edited.appliedHeading]);
    expect((await site.database.db.selectFrom("markets").select("phone").where("id", "=", market.id).executeTakeFirstOrThrow()).phone).toBe("12 34 56 78");
  });
});
