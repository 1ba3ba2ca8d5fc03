import { afterAll, beforeAll, describe, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { readDraftFields } from "../../app/organiser/form/draft-fields";
import { createTestMarket, type TestAccount } from "../support/factories";
import { formFields, formOfButton, plainForm } from "../support/plain-forms";
import { startSite, type Client, type Site, type SiteResponse } from "../support/site";

/**
 * The market form is quick to correct, as a browser without JavaScript uses it: a web address is
 * taken as people type it, a new market's draft begins only with something in it, and each step
 * opens on its own from "Se og send" or the control panel and returns there once saved (?tilbage=…,
 * never to another site). The progress bar links to the steps already reached. With JavaScript
 * (the pin, a section edited and returned from): tests/e2e/submit-market.test.ts.
 */

const form = translation.organiser.form;
const URL_MESSAGE = translation.forms.url.invalid.replace("{{max}}", "300");

let site: Site;

beforeAll(async () => {
  site = await startSite();
});

afterAll(async () => {
  await site?.close();
});

const draftsOf = (account: TestAccount) => site.database.db.selectFrom("market_drafts").selectAll().where("owner_id", "=", account.id).execute();
const draftIdIn = (location: string | null) => /\/opret-marked\/([0-9a-f-]{36})\//.exec(location ?? "")?.[1] ?? "";
const stepForm = (page: SiteResponse, step: string) => plainForm(page.html, `form#marked-${step}`);

/** A new market's draft with every step filled in, at Se og send. */
async function completeDraft(client: Client, contact: Record<string, string> = {}): Promise<string> {
  const id = draftIdIn((await client.post("/opret-marked", { intent: "videre", type: "flea_market", name: "Risskov Loppemarked", description: "Boder i skoven." })).location);
  const steps: Record<string, Record<string, string>> = {
    sted: { street: "Vestre Strandallé 2", postalCode: "8000", city: "" },
    "datoer-og-tider": { tidsplan: "dato", "enkelt.dato": "2027-05-02", "enkelt.aabner": "10:00", "enkelt.lukker": "15:00" },
    praktisk: { entry: "gratis" },
    kontakt: contact,
    billeder: {},
  };
  for (const [step, fields] of Object.entries(steps)) expect((await client.post(`/opret-marked/${id}/${step}`, { intent: "videre", ...fields })).status, step).toBe(303);
  return id;
}

describe("a web address without https://", () => {
  test("is taken as typed, shown in the field as typed, and kept with https:// in front", async () => {
    const { account, client } = await site.signedIn({ name: "Mette Risskov" });
    const id = await completeDraft(client);
    const contact = await client.get(`/opret-marked/${id}/kontakt`);
    // A field the browser would refuse "risskovloppe.dk" in, without JavaScript too, is no url field.
    expect(contact.html.one('input[name="website"]')?.getAttribute("type")).toBe("text");
    expect(contact.html.one('input[name="facebook"]')?.getAttribute("type")).toBe("text");

    const posted = await client.post(
      `/opret-marked/${id}/kontakt`,
      formFields(stepForm(contact, "kontakt"), form.next, { website: "risskovloppe.dk", facebook: "www.facebook.com/risskovloppe" }),
    );
    expect(posted.status).toBe(303);
    expect(posted.location).toBe(`/opret-marked/${id}/billeder`);
    const again = await client.get(`/opret-marked/${id}/kontakt`);
    expect(again.html.value("website")).toBe("risskovloppe.dk");

    const review = await client.get(`/opret-marked/${id}/se-og-send`);
    expect(review.html.one('#forhaandsvisning + div a[href="https://risskovloppe.dk"]')).not.toBeNull();
    expect((await client.post(`/opret-marked/${id}/se-og-send`, { intent: "send" })).status).toBe(303);
    const market = await site.database.db.selectFrom("markets").select(["website", "facebook"]).where("owner_id", "=", account.id).executeTakeFirstOrThrow();
    expect(market).toEqual({ website: "https://risskovloppe.dk", facebook: "https://www.facebook.com/risskovloppe" });
  });

  test("http:// is kept as typed; another scheme, spaces and what is no host name are refused at the field", async () => {
    const { client } = await site.signedIn();
    const id = await completeDraft(client, { website: "http://risskovloppe.dk/boder" });
    expect(readDraftFields((await site.database.db.selectFrom("market_drafts").select("fields").where("id", "=", id).executeTakeFirstOrThrow()).fields).website).toBe(
      "http://risskovloppe.dk/boder",
    );
    for (const wrong of ["javascript:alert(1)", "data:text/html,<b>hej</b>", "risskov loppe.dk", "risskovloppe", "https://localhost"]) {
      const answer = await client.post(`/opret-marked/${id}/kontakt`, { intent: "videre", website: wrong });
      expect(answer.status, wrong).toBe(400);
      expect(answer.html.fieldMessage("website"), wrong).toBe(URL_MESSAGE);
      expect(answer.html.value("website"), wrong).toBe(wrong);
    }
  });
});

describe("a new market's draft", () => {
  test("is not begun by an empty first step: the page again, the name asked for at its field, and no draft", async () => {
    const { account, client } = await site.signedIn();
    const start = await client.get("/opret-marked");
    const answer = await client.post("/opret-marked", formFields(stepForm(start, "om-markedet"), form.next));
    expect(answer.status).toBe(400);
    expect(answer.html.h1s()).toEqual([`${form.createEyebrow}: ${form.steps.about.title}`]);
    expect(answer.html.fieldMessage("name")).toBe(form.emptyDraft);
    expect(answer.html.text()).toContain(translation.markets.input.typeRequired);
    // Spaces are nothing either, and neither is the page's save in the background ("gem").
    expect((await client.post("/opret-marked", { intent: "videre", name: "   ", description: " \n " })).status).toBe(400);
    expect((await client.post("/opret-marked", { intent: "gem" })).status).toBe(400);
    expect(await draftsOf(account)).toEqual([]);

    // Something to keep: the draft begins, even with the step not yet right.
    const begun = await client.post("/opret-marked", { intent: "videre", name: "Ri" });
    expect(begun.status).toBe(303);
    expect(begun.location).toMatch(/^\/opret-marked\/[0-9a-f-]{36}\/om-markedet\?ret=1$/);
    expect((await draftsOf(account)).map((draft) => readDraftFields(draft.fields))).toEqual([{ name: "Ri" }]);
  });
});

describe("a step opened on its own", () => {
  test("from Se og send: each step is a link there, saved it comes back, and Annuller leads back without saving", async () => {
    const { account, client } = await site.signedIn();
    const id = await completeDraft(client);
    const reviewPath = `/opret-marked/${id}/se-og-send`;
    const review = await client.get(reviewPath);
    const sections = review.html.region(form.review.sectionsHeading);
    const back = `tilbage=${encodeURIComponent(reviewPath)}`;
    expect(sections.all("a").map((link) => link.getAttribute("href"))).toEqual(
      ["om-markedet", "sted", "datoer-og-tider", "praktisk", "kontakt", "billeder"].map((step) => `/opret-marked/${id}/${step}?${back}`),
    );

    const contact = await client.get(sections.link(form.steps.contact.title)!);
    expect(contact.html.link(form.cancel)).toBe(reviewPath);
    const fields = formFields(stepForm(contact, "kontakt"), form.saveAndReturn, { phone: "86 17 00 00" });
    const saved = await client.post(stepForm(contact, "kontakt").action, fields);
    expect(saved.status).toBe(303);
    expect(saved.location).toBe(reviewPath);
    const [draft] = await draftsOf(account);
    expect(draft).toMatchObject({ step: "se-og-send" });
    expect(readDraftFields(draft!.fields).phone).toBe("86 17 00 00");

    // A wrong value keeps the page, and the way back, until it is put right.
    const wrong = await client.post(`/opret-marked/${id}/kontakt?${back}`, { intent: "videre", website: "javascript:alert(1)" });
    expect(wrong.status).toBe(400);
    expect(wrong.html.fieldMessage("website")).toBe(URL_MESSAGE);
    expect(stepForm(wrong, "kontakt").action).toBe(`/opret-marked/${id}/kontakt?${back}`);

    // Pictures: their own posts stay on the step with its way back, and the step's button returns.
    const pictures = await client.get(`/opret-marked/${id}/billeder?${back}`);
    const picturesBack = await client.post(formOfButton(pictures.html, form.saveAndReturn).action, formFields(formOfButton(pictures.html, form.saveAndReturn), form.saveAndReturn));
    expect(picturesBack.location).toBe(reviewPath);
  });

  test("an address of another site, or anything but a path of this one, is not followed: the step leads on as always", async () => {
    const { client } = await site.signedIn();
    const id = await completeDraft(client);
    for (const outside of ["https://ondsindet.example/", "//ondsindet.example/", "/\\ondsindet.example", "javascript:alert(1)", "/%2e//ondsindet.example"]) {
      const query = `tilbage=${encodeURIComponent(outside)}`;
      const page = await client.get(`/opret-marked/${id}/kontakt?${query}`);
      expect(page.status, outside).toBe(200);
      expect(stepForm(page, "kontakt").action, outside).toBe(`/opret-marked/${id}/kontakt`);
      expect(page.html.buttons(), outside).toContain(form.next);
      expect(page.html.link(form.cancel), outside).toBeNull();
      const answer = await client.post(`/opret-marked/${id}/kontakt?${query}`, { intent: "videre", phone: "86 17 00 00" });
      expect(answer.status, outside).toBe(303);
      expect(answer.location, outside).toBe(`/opret-marked/${id}/billeder`);
    }
  });

  test("from the control panel: the edit is sent as the step is saved, and the panel says what became of it", async () => {
    const { account, client } = await site.signedIn({ name: "Ole Arrangør", role: "organizer" });
    const market = await createTestMarket(site.database, { name: "Loppemarked i Risskov", postalCode: "8000", city: "Aarhus C" }, { owner: account.id });
    const panelPath = `/manage-market/${market.id}`;
    const panel = await client.get(panelPath);
    const sections = panel.html.region(translation.organiser.manage.sections.heading);
    const back = `tilbage=${encodeURIComponent(panelPath)}`;
    expect(sections.link(form.steps.contact.title)).toBe(`/dashboard/mine-markeder/edit/${market.id}?trin=kontakt&${back}`);
    // "Redigér markedet" opens the whole market, from where each part opens on its own.
    expect(panel.html.link(translation.organiser.manage.edit)).toBe(`/dashboard/mine-markeder/edit/${market.id}?${back}`);

    const contact = await client.get(sections.link(form.steps.contact.title)!);
    expect(contact.html.h1s()).toEqual([`${form.editEyebrow.replace("{{name}}", market.name)}: ${form.steps.contact.title}`]);
    expect(contact.html.link(form.cancel)).toBe(panelPath);
    expect(contact.html.text()).toContain(form.review.editAtOnce);
    const { answer, page } = await client.submit(
      stepForm(contact, "kontakt").action,
      formFields(stepForm(contact, "kontakt"), form.review.sendEdit, { website: "risskovloppe.dk" }),
    );
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(panelPath);
    expect(page.html.toasts()).toEqual([{ title: form.edited.appliedHeading, description: form.edited.appliedBody }]);
    expect((await site.database.db.selectFrom("markets").select("website").where("id", "=", market.id).executeTakeFirstOrThrow()).website).toBe("https://risskovloppe.dk");
    expect(await draftsOf(account)).toEqual([]);

    // A newcomer's change waits for review: the panel says so.
    const { account: newcomer, client: newcomerClient } = await site.signedIn();
    await site.database.db.updateTable("markets").set({ owner_id: newcomer.id }).where("id", "=", market.id).execute();
    const waiting = await newcomerClient.submit(`/dashboard/mine-markeder/edit/${market.id}?trin=kontakt&${back}`, { intent: "videre", phone: "86 17 00 00" });
    expect(waiting.answer.location).toBe(panelPath);
    expect(waiting.page.html.toasts()).toEqual([{ title: form.edited.pendingHeading, description: form.edited.pendingToast }]);
  });

  test("from the control panel's Redigér markedet: Se og send sends the edit and returns to the panel", async () => {
    const { account, client } = await site.signedIn({ name: "Ole Arrangør", role: "organizer" });
    const market = await createTestMarket(site.database, { name: "Kræmmermarked i Hasle", postalCode: "8000", city: "Aarhus C" }, { owner: account.id });
    const panelPath = `/manage-market/${market.id}`;
    const overview = await client.get((await client.get(panelPath)).html.link(translation.organiser.manage.edit)!);
    expect(overview.html.link(form.cancel)).toBe(panelPath);
    // A part opened from here comes back here, not to the panel: nothing is sent until Se og send.
    const about = await client.get(overview.html.region(form.review.sectionsHeading).link(form.steps.about.title)!);
    const renamed = await client.post(stepForm(about, "om-markedet").action, formFields(stepForm(about, "om-markedet"), form.saveAndReturn, { name: "Kræmmermarked i Hasle By" }));
    expect(renamed.location).toBe(`/dashboard/mine-markeder/edit/${market.id}?trin=se-og-send&tilbage=${encodeURIComponent(panelPath)}`);
    expect((await site.database.db.selectFrom("markets").select("name").where("id", "=", market.id).executeTakeFirstOrThrow()).name).toBe(market.name);

    const review = await client.follow(renamed);
    const sent = await client.submit(formOfButton(review.html, form.review.sendEdit).action, formFields(formOfButton(review.html, form.review.sendEdit), form.review.sendEdit));
    expect(sent.answer.location).toBe(panelPath);
    expect(sent.page.html.toasts()[0]?.title).toBe(form.edited.appliedHeading);
    expect((await site.database.db.selectFrom("markets").select("name").where("id", "=", market.id).executeTakeFirstOrThrow()).name).toBe("Kræmmermarked i Hasle By");
  });
});

describe("the progress bar", () => {
  const progressLinks = (page: SiteResponse) => page.html.all(`ol[aria-label="${form.progressLabel}"] a`).map((link) => link.getAttribute("href"));

  test("links a new market's steps already reached, never the one shown nor one not reached yet", async () => {
    const { client } = await site.signedIn();
    expect(progressLinks(await client.get("/opret-marked"))).toEqual([]);
    const id = draftIdIn((await client.post("/opret-marked", { intent: "videre", type: "flea_market", name: "Risskov Loppemarked" })).location);
    expect(progressLinks(await client.get(`/opret-marked/${id}/sted`))).toEqual([`/opret-marked/${id}/om-markedet`]);
    expect(progressLinks(await client.get(`/opret-marked/${id}/om-markedet`))).toEqual([`/opret-marked/${id}/sted`]);
    await client.post(`/opret-marked/${id}/sted`, { intent: "videre", postalCode: "8000", city: "" });
    // Back on the first step, the steps reached stay links.
    expect(progressLinks(await client.get(`/opret-marked/${id}/om-markedet`))).toEqual([`/opret-marked/${id}/sted`, `/opret-marked/${id}/datoer-og-tider`]);
  });

  test("links every other step of an edit: a stored market has them all", async () => {
    const { account, client } = await site.signedIn();
    const market = await createTestMarket(site.database, { name: "Byttemarked i Viby" }, { owner: account.id });
    const links = progressLinks(await client.get(`/dashboard/mine-markeder/edit/${market.id}?trin=praktisk`));
    expect(links).toEqual(["om-markedet", "sted", "datoer-og-tider", "kontakt", "billeder", "se-og-send"].map((step) => `/dashboard/mine-markeder/edit/${market.id}?trin=${step}`));
  });
});
