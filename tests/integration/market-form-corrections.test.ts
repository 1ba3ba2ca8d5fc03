import { afterAll, beforeAll, describe, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { readDraftFields } from "../../app/organiser/form/draft-fields";
import type { TestAccount } from "../support/factories";
import { formFields, plainForm } from "../support/plain-forms";
import { startSite, type Client, type Site, type SiteResponse } from "../support/site";

/**
 * The market form is quick to correct, as a browser without JavaScript uses it: a web address is
 * taken as people type it, and a new market's draft begins only with something in it.
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
    expect(readDraftFields((await site.database.db.selectFrom("market_drafts").select("fields").where("id", "=", id).executeTakeFirstOrThrow()).fields).website).toBe("http://risskovloppe.dk/boder");
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
