import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { referencedKeys } from "../../app/lib/images/referenced-files.server";
import translation from "../../app/locales/da/translation.json";
import { draftImages, readDraftFields } from "../../app/organiser/form/draft-fields";
import { createTestMarket } from "../support/factories";
import { draftToPictures, MARKET_STEPS, photo, pictureUpload, SUNDAYS } from "../support/market-form";
import { startSite, type SiteResponse, type Site } from "../support/site";

/**
 * Requests that arrive together, released at once as a double click or a script sends them: one
 * draft sent several times makes one market, and every upload answered "added" is a picture the
 * list keeps, within the plan's limit, with no file left behind that nothing refers to. The
 * database decides both (the draft's row taken in the send's transaction, the list read and
 * written in one transaction on a locked row), so they hold on SQLite and PostgreSQL alike.
 */

const texts = translation.marketImages;
const { kind } = inject("testDatabase");

let site: Site;

beforeAll(async () => {
  // Many uploads from one person in a short time: the hourly limit is not what is tested here.
  site = await startSite({ env: { RATE_LIMIT_MARKET_IMAGES: "1000/3600", RATE_LIMIT_MARKET_SUBMISSIONS: "1000/3600" } });
});

afterAll(async () => {
  await site?.close();
});

/** Every stored file, by key. */
function storedFiles(dir = site.storageDir, prefix = ""): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    if (name.startsWith(".")) return [];
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? storedFiles(full, `${prefix}${name}/`) : [`${prefix}${name}`];
  });
}

/** Stored files nothing refers to: an upload answered one way and kept another leaves these. */
async function orphans(): Promise<string[]> {
  const referenced = await referencedKeys(site.database.db);
  return storedFiles().filter((key) => !referenced.has(key));
}

/** Posts that were each answered "added". */
const added = (answers: SiteResponse[]) => answers.filter((answer) => answer.status === 303 && answer.flash?.title === texts.toasts.added);

describe(`one draft makes one market on ${kind}`, () => {
  test("sending one draft six times at once, in four rounds, makes one market, one review item and one receipt each time", async () => {
    const { account, client } = await site.signedIn({ name: "Dobbelt Klik" });
    for (let round = 1; round <= 4; round++) {
      const name = `Dobbeltklikmarked ${round}`;
      const id = await draftToPictures(client, name);
      const answers = await Promise.all(Array.from({ length: 6 }, () => client.post(`/opret-marked/${id}/se-og-send`, { intent: "send" })));
      const markets = await site.database.db.selectFrom("markets").select(["id", "slug"]).where("name", "=", name).execute();
      expect(markets, `round ${round}: ${markets.map((market) => market.slug).join(", ")}`).toHaveLength(1);
      // Never an error page: the one that sent it leads to the receipt, the others to the person's markets.
      for (const answer of answers) expect([303, 404], `round ${round}`).toContain(answer.status);
      const receipt = `/opret-marked/sendt/${markets[0]!.id}`;
      expect(answers.filter((answer) => answer.location === receipt)).toHaveLength(1);
      // A send that came too late is told the market is sent already, or finds no draft left.
      for (const late of answers.filter((answer) => answer.location !== receipt)) {
        if (late.status === 303) expect([late.location, late.flash?.title]).toEqual(["/dashboard/mine-markeder", translation.organiser.form.review.alreadySent]);
        else expect(late.status).toBe(404);
      }
      const reviews = await site.database.db.selectFrom("market_revisions").select("id").where("market_id", "=", markets[0]!.id).where("state", "=", "pending").execute();
      expect(reviews).toHaveLength(1);
    }
    await site.waitForMail(account.email);
    // The receipts of four markets, and no more, once every mail has had time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(site.mailsTo(account.email).filter((mail) => mail.subject.includes("Dobbeltklikmarked"))).toHaveLength(4);
  });

  test("a picture two markets show keeps its files when one of them deletes it", async () => {
    const owner = await site.signedIn({ name: "Delt Billede", role: "organizer" });
    const first = await createTestMarket(site.database, { name: "Første Delte Marked", schedules: SUNDAYS }, { owner: owner.account.id });
    const second = await createTestMarket(site.database, { name: "Andet Delte Marked", schedules: SUNDAYS }, { owner: owner.account.id });
    const answer = await owner.client.post(`/manage-market/${first.id}`, pictureUpload(await photo(15), "Fælles billede"));
    expect(answer.status).toBe(303);
    const row = await site.database.db.selectFrom("market_images").selectAll().where("market_id", "=", first.id).executeTakeFirstOrThrow();
    // The other market names the same files (as two markets sent from one draft did).
    await site.database.db
      .insertInto("market_images")
      .values({ ...row, id: crypto.randomUUID(), market_id: second.id })
      .execute();

    expect((await owner.client.post(`/manage-market/${first.id}`, { intent: "image-delete", image: row.storage_key })).status).toBe(303);
    expect(await site.database.db.selectFrom("market_images").select("id").where("market_id", "=", first.id).execute()).toEqual([]);
    for (const width of JSON.parse(row.widths!) as number[]) {
      expect((await site.get(`/billeder/${row.storage_key}-${width}.webp`)).status, `${width}`).toBe(200);
    }
  });
});

describe(`uploads that arrive together are all kept or refused on ${kind}`, () => {
  test("eight uploads at once to a market with room for them: eight answered added, eight kept, no file left over", async () => {
    const owner = await site.signedIn({ name: "Otte Billeder", role: "organizer" });
    const market = await createTestMarket(site.database, { name: "Otte Billeders Marked", schedules: SUNDAYS }, { owner: owner.account.id });
    await site.database.db.updateTable("markets").set({ plan: "synlig" }).where("id", "=", market.id).execute();
    const before = await orphans();
    const bodies = await Promise.all(Array.from({ length: 8 }, async (_, i) => pictureUpload(await photo(20 + i * 10), `Billede ${i + 1}`)));
    const answers = await Promise.all(bodies.map((body) => owner.client.post(`/manage-market/${market.id}`, body)));
    const kept = await site.database.db.selectFrom("market_images").select("alt").where("market_id", "=", market.id).execute();
    expect({ added: added(answers).length, kept: kept.length }).toEqual({ added: 8, kept: 8 });
    expect(await orphans()).toEqual(before);
  });

  test("six uploads at once to a market on the free plan: three answered added and kept, three refused naming the limit, nothing left over", async () => {
    const owner = await site.signedIn({ name: "Tre Billeder", role: "organizer" });
    const market = await createTestMarket(site.database, { name: "Tre Billeders Marked", schedules: SUNDAYS }, { owner: owner.account.id });
    const before = await orphans();
    const bodies = await Promise.all(Array.from({ length: 6 }, async (_, i) => pictureUpload(await photo(25 + i * 10), `Billede ${i + 1}`)));
    const answers = await Promise.all(bodies.map((body) => owner.client.post(`/manage-market/${market.id}`, body)));
    const kept = await site.database.db.selectFrom("market_images").select("alt").where("market_id", "=", market.id).execute();
    expect({ added: added(answers).length, kept: kept.length }).toEqual({ added: 3, kept: 3 });
    const limit = texts.errors.planLimit.replace("{{plan}}", translation.content.pricing.plans.gratis.name).replace("{{limit}}", "3");
    for (const refused of answers.filter((answer) => answer.status !== 303)) {
      expect(refused.status).toBe(400);
      expect(refused.html.fieldMessage("billede-fil")).toBe(limit);
    }
    expect(await orphans()).toEqual(before);
  });

  test("uploads at once to two drafts, with a step saved meanwhile: every upload answered added is in its draft, within the free plan, nothing left over", async () => {
    const { client } = await site.signedIn({ name: "Kladde Billeder" });
    const drafts = [await draftToPictures(client, "Kladdemarked Et"), await draftToPictures(client, "Kladdemarked To")];
    const before = await orphans();
    const posts = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => ({ draft: drafts[i % 2]!, body: pictureUpload(await photo(30 + i * 10), `Kladdebillede ${i + 1}`) })),
    );
    // A step saved meanwhile (another tab) keeps the pictures that land while it is posted.
    const [answers] = await Promise.all([
      Promise.all(posts.map(({ draft, body }) => client.post(`/opret-marked/${draft}/billeder`, body))),
      ...drafts.map((draft) => client.post(`/opret-marked/${draft}/kontakt`, { intent: "videre", ...MARKET_STEPS.kontakt })),
    ]);
    let kept = 0;
    for (const draft of drafts) {
      const row = await site.database.db.selectFrom("market_drafts").select("fields").where("id", "=", draft).executeTakeFirstOrThrow();
      const images = draftImages(readDraftFields(row.fields));
      expect(images.length).toBeLessThanOrEqual(3);
      kept += images.length;
    }
    expect({ added: added(answers).length, kept }).toEqual({ added: 6, kept: 6 });
    expect(await orphans()).toEqual(before);
  });
});
