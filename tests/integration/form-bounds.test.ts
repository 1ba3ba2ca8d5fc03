import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { FORM_MAX_FIELDS } from "../../app/lib/form-bounds";
import { startSite, type Client, type Site } from "../support/site";

/**
 * A post's field names are paths the form library builds values from: one name with a list index
 * of ten million made a list that long, and the reply sent it back (app/lib/form-bounds.ts). These
 * send what an attacker would and check the bounds, not the time: every answer stays the size of
 * the form it answers, and nothing past the bounds is kept in a draft.
 */

let site: Site;

beforeAll(async () => {
  site = await startSite();
});

afterAll(async () => {
  await site?.close();
});

const HUGE_INDEX = "x[10000000]";
/** What the answer to a form may add for a few fields of junk: far below what a list of millions adds. */
const SLACK_BYTES = 2_000;

describe("a field with a huge list index", () => {
  test("leaves the answers of the sign-in, sign-up, reset and contact forms their own size", async () => {
    for (const [path, fields] of [
      ["/sign-in", { email: "ingen@eksempel.dk", password: "forkert-kode" }],
      ["/sign-up", { name: "", email: "ikke-en-adresse", password: "kort" }],
      ["/forgot-password", { email: "ikke-en-adresse" }],
      ["/kontakt", { navn: "", email: "ikke-en-adresse", besked: "" }],
    ] as const) {
      const plain = await site.post(path, fields);
      const attacked = await site.post(path, { ...fields, [HUGE_INDEX]: "a" });
      expect(attacked.status, path).toBe(plain.status);
      expect(attacked.body.length, path).toBeLessThan(plain.body.length + SLACK_BYTES);
    }
  });

  test("leaves a signed-in person's forms their own size, and their session working", async () => {
    const { client } = await site.signedIn({ name: "Mette" });
    const plain = await client.post("/dashboard/indstillinger", { intent: "name", name: " " });
    const attacked = await client.post("/dashboard/indstillinger", { intent: "name", name: " ", [HUGE_INDEX]: "a" });
    expect(attacked.status).toBe(400);
    expect(attacked.body.length).toBeLessThan(plain.body.length + SLACK_BYTES);
    expect((await client.get("/dashboard/indstillinger")).status).toBe(200);
  });

  test("is not kept in a market form's draft, and a draft that kept one before still opens at its own size", async () => {
    const { client } = await site.signedIn({ name: "Hanne" });
    const draftId = await newDraft(client);
    const step = `/opret-marked/${draftId}/datoer-og-tider`;
    const saved = await client.post(step, { intent: "gem", tidsplan: "datoer", "datoer[0].dato": "2027-05-02", "datoer[10000000].dato": "2027-05-09" });
    expect(saved.status).toBe(200);
    const fields = await draftFields(draftId);
    expect(fields["datoer[0].dato"]).toBe("2027-05-02");
    expect(Object.keys(fields).filter((name) => name.includes("10000000"))).toEqual([]);

    const plain = await client.get(step);
    // As a draft saved before the bounds may hold it.
    await site.database.db
      .updateTable("market_drafts")
      .set({ fields: JSON.stringify({ ...fields, "datoer[10000000].dato": "2027-05-09", "datoer[3].x[9999999]": "a" }) })
      .where("id", "=", draftId)
      .execute();
    const reopened = await client.get(step);
    expect(reopened.status).toBe(200);
    expect(reopened.body.length).toBeLessThan(plain.body.length + SLACK_BYTES);
    const review = await client.get(`/opret-marked/${draftId}/se-og-send`);
    expect(review.status).toBe(200);
  });
});

describe("the form library's own instructions", () => {
  test("that the pages never send are ignored, never a server error", async () => {
    const fields = { email: "ingen@eksempel.dk", password: "forkert-kode" };
    const plain = await site.post("/sign-in", fields);
    for (const [name, value] of [
      ["__state__", "x"],
      ["__intent__", "x"],
      ["__intent__", JSON.stringify({ type: "insert", payload: { name: "x", index: 10000000 } })],
      ["__intent__", JSON.stringify({ type: "update", payload: { name: "x", index: 10000000, value: "a" } })],
    ]) {
      const answer = await site.post("/sign-in", { ...fields, [name!]: value! });
      expect(answer.status, `${name}=${value}`).toBe(plain.status);
      expect(answer.body.length, `${name}=${value}`).toBeLessThan(plain.body.length + SLACK_BYTES);
    }
  });
});

describe("a field the page sends once, sent twice", () => {
  test("is refused with 400 by the theme switch, never a server error", async () => {
    const answer = await site.post("/tema", { theme: "dark", redirectTo: ["/kontakt", "/"] }, { headers: { Accept: "text/html" } });
    expect(answer.status).toBe(400);
    expect(answer.text).toMatch(/[æøå]/);
  });
});

describe("the number of fields", () => {
  test(`is at most ${FORM_MAX_FIELDS}: one more is refused as too large, with a Danish page`, async () => {
    const fields = (count: number) => ({ email: "ingen@eksempel.dk", password: "forkert-kode", f: Array.from({ length: count - 2 }, () => "a") });
    expect((await site.post("/sign-in", fields(FORM_MAX_FIELDS))).status).toBe(401);
    const refused = await site.post("/sign-in", fields(FORM_MAX_FIELDS + 1), { headers: { Accept: "text/html" } });
    expect(refused.status).toBe(413);
    expect(refused.text).toMatch(/[æøå]/);
  });
});

async function newDraft(client: Client): Promise<string> {
  const first = await client.post("/opret-marked", { intent: "videre", type: "flea_market", name: "Loppemarked på Torvet", description: "Stort marked." });
  const id = /\/opret-marked\/([0-9a-f-]{36})\//.exec(first.location ?? "")?.[1];
  if (!id) throw new Error(`No draft made: ${first.status} ${first.location}`);
  return id;
}

/** The draft's fields as the row holds them. */
async function draftFields(id: string): Promise<Record<string, unknown>> {
  const row = await site.database.db.selectFrom("market_drafts").select("fields").where("id", "=", id).executeTakeFirstOrThrow();
  return JSON.parse(row.fields) as Record<string, unknown>;
}
