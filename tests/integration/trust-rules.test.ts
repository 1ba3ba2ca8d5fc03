import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { todayInDenmark } from "../../app/lib/dates";
import translation from "../../app/locales/da/translation.json";
import { pendingRevisionOf } from "../../app/revisions/revisions.server";
import { createTestMarket, type TestAccount } from "../support/factories";
import { draftToPictures, SUNDAYS } from "../support/market-form";
import { startSite, type Client, type Site } from "../support/site";

/**
 * What trust means (decision 0027), at the level of requests: free text goes live at once only
 * for those whose edits do, so an owner whose edits wait cannot publish a cancelled date's note
 * (the cancellation itself is live at once, as it only takes away); and an approved claim trusts
 * the person with that market, not with the next one they send.
 */

const { kind } = inject("testDatabase");
const NOTE = "Besøg i stedet www.eksempel-butik.dk – alt skal ud!";

let site: Site;
let admin: { account: TestAccount; client: Client };

beforeAll(async () => {
  site = await startSite();
  admin = await site.signedIn({ name: "Anna Admin", admin: true });
});

afterAll(async () => {
  await site?.close();
});

async function nextSunday(marketId: string): Promise<string> {
  const row = await site.database.db
    .selectFrom("market_occurrences")
    .select("local_date")
    .where("market_id", "=", marketId)
    .where("status", "=", "scheduled")
    .where("local_date", ">", todayInDenmark())
    .orderBy("local_date")
    .executeTakeFirstOrThrow();
  return row.local_date;
}

/** Sends a new market through the form; its status as stored. */
async function sendNewMarket(client: Client, name: string): Promise<string> {
  const id = await draftToPictures(client, name);
  const sent = await client.post(`/opret-marked/${id}/se-og-send`, { intent: "send" });
  expect(sent.status).toBe(303);
  const marketId = sent.location!.split("/").at(-1)!;
  return (await site.database.db.selectFrom("markets").select("status").where("id", "=", marketId).executeTakeFirstOrThrow()).status;
}

describe(`trust on ${kind}`, () => {
  test("an owner whose edits wait cancels a date at once, but the note waits for review like their other text", async () => {
    const owner = await site.signedIn({ name: "Ulla Uprøvet" });
    const market = await createTestMarket(site.database, { name: "Ullas Søndagsmarked", schedules: SUNDAYS }, { owner: owner.account.id });
    const date = await nextSunday(market.id);

    const answer = await owner.client.post(`/manage-market/${market.id}`, { intent: "cancel-date", date, note: NOTE });
    expect(answer.status).toBe(303);
    const occurrence = await site.database.db
      .selectFrom("market_occurrences")
      .select(["status", "note"])
      .where("market_id", "=", market.id)
      .where("local_date", "=", date)
      .executeTakeFirstOrThrow();
    expect(occurrence).toEqual({ status: "cancelled", note: null });
    const page = await site.get(`/markeder/${market.slug}`);
    expect(page.html.text()).toContain(translation.market.cancelled);
    expect(page.html.text()).not.toContain(NOTE);
    expect((await site.get(`/markeder/${market.slug}.ics`)).text).not.toContain("eksempel-butik");

    // The note is in the change that waits, for an admin to let through.
    const pending = (await pendingRevisionOf(site.database.db, market.id))!;
    expect(pending).toMatchObject({ kind: "edit", state: "pending", changedFields: ["schedules"] });
    expect(JSON.stringify(pending.after.schedules)).toContain(NOTE);
    const review = await admin.client.get(`/dashboard/admin/godkendelser/${pending.id}`);
    expect(review.status).toBe(200);
    expect(review.html.text()).toContain(NOTE);
  });

  test("an organizer's note is live at once, as their other edits are", async () => {
    const organizer = await site.signedIn({ name: "Ole Arrangør", role: "organizer" });
    const market = await createTestMarket(site.database, { name: "Oles Søndagsmarked", schedules: SUNDAYS }, { owner: organizer.account.id });
    const date = await nextSunday(market.id);
    expect((await organizer.client.post(`/manage-market/${market.id}`, { intent: "cancel-date", date, note: "Storm" })).status).toBe(303);
    expect((await site.get(`/markeder/${market.slug}`)).html.text()).toContain(`${translation.market.cancelled}: Storm`);
    expect(await pendingRevisionOf(site.database.db, market.id)).toBeNull();
  });

  test("an approved claim trusts the person with that market, not with their next new one", async () => {
    const claimant = await site.signedIn({ name: "Carl Claim" });
    const demo = await createTestMarket(site.database, { name: "Demomarked til Overtagelse", schedules: SUNDAYS });
    const claimed = await claimant.client.post(`/markeder/${demo.slug}/ejerskab`, { intent: "claim", relation: "arrangoer", contact: "12 34 56 78", message: "Jeg er formand." });
    expect(claimed.status).toBe(303);
    const claim = await site.database.db.selectFrom("market_claims").select("id").where("market_id", "=", demo.id).executeTakeFirstOrThrow();
    expect((await admin.client.post("/dashboard/market-claims", { intent: "approve", claim: claim.id })).status).toBe(303);

    // Their change of the claimed market is live at once: an admin has vouched for them with it.
    const date = await nextSunday(demo.id);
    expect((await claimant.client.post(`/manage-market/${demo.id}`, { intent: "cancel-date", date, note: "Vi holder ferie" })).status).toBe(303);
    expect((await site.get(`/markeder/${demo.slug}`)).html.text()).toContain(`${translation.market.cancelled}: Vi holder ferie`);
    // A new market of theirs is a newcomer's: it waits.
    expect(await sendNewMarket(claimant.client, "Carls Helt Nye Marked")).toBe("pending");
    // The claim gave no role: trust with one market is not a role.
    const profile = await site.database.db.selectFrom("profiles").select("role").where("auth_user_id", "=", claimant.account.id).executeTakeFirst();
    expect(profile?.role ?? null).not.toBe("organizer");
  });
});
