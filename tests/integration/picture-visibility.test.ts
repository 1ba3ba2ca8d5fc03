import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import type { PermissionHolder } from "../../app/auth/permissions";
import { createDiskStorage } from "../../app/lib/storage/index.server";
import { draftImages, readDraftFields } from "../../app/organiser/form/draft-fields";
import { pendingRevisionOf } from "../../app/revisions/revisions.server";
import { approveRevision, rejectRevision } from "../../app/revisions/decisions.server";
import { createTestMarket, type TestAccount } from "../support/factories";
import { draftToPictures, photo, pictureUpload, SUNDAYS } from "../support/market-form";
import { startSite, type Client, type Site } from "../support/site";

/**
 * Who sees a picture at its /billeder address. A picture is public once a public market shows it;
 * until then (a draft's, a submission's waiting or turned down, a change of a published market
 * that waits for review) only its owner and the admins see it, never kept by a shared cache, and
 * the files of a deleted account's drafts go with the account. Decided by the address alone, so a
 * copy a browser or CDN kept as immutable can never be one nobody reviewed.
 */

const { kind } = inject("testDatabase");
const PUBLIC = "public, max-age=2592000, immutable";

let site: Site;
let admin: { account: TestAccount; client: Client };
let stranger: { account: TestAccount; client: Client };
let adminHolder: PermissionHolder;

beforeAll(async () => {
  site = await startSite();
  [admin, stranger] = await Promise.all([site.signedIn({ name: "Anna Admin", admin: true }), site.signedIn({ name: "Nora Nabo" })]);
  adminHolder = { id: admin.account.id, roles: ["visitor", "admin"] };
});

afterAll(async () => {
  await site?.close();
});

async function draftWithPicture(client: Client, name: string, shade: number): Promise<{ draftId: string; file: string }> {
  const draftId = await draftToPictures(client, name);
  expect((await client.post(`/opret-marked/${draftId}/billeder`, pictureUpload(await photo(shade), name))).status).toBe(303);
  const row = await site.database.db.selectFrom("market_drafts").select("fields").where("id", "=", draftId).executeTakeFirstOrThrow();
  const [image] = draftImages(readDraftFields(row.fields));
  return { draftId, file: `/billeder/${image!.storageKey}-400.webp` };
}

/** What a visitor, the owner, an admin and another account are answered at a picture's address. */
async function answersAt(file: string, owner: Client) {
  const [visitor, own, byAdmin, other] = await Promise.all([site.get(file), owner.get(file), admin.client.get(file), stranger.client.get(file)]);
  const seen = (answer: typeof visitor) => `${answer.status} ${answer.headers.get("cache-control") ?? ""}`;
  return { visitor: seen(visitor), owner: seen(own), admin: seen(byAdmin), other: seen(other) };
}

const UNPUBLISHED = { visitor: "302 private, no-store", owner: "200 private, no-store", admin: "200 private, no-store", other: "403 private, no-store" };

/** The first picture address the public market page shows. */
async function pictureOnPage(slug: string): Promise<string> {
  const page = await site.get(`/markeder/${slug}`);
  expect(page.status).toBe(200);
  const src = page.html.one('img[src^="/billeder/"]')?.getAttribute("src");
  expect(src).toBeTruthy();
  return src!;
}

describe(`pictures nobody reviewed are not public on ${kind}`, () => {
  test("a draft's picture, and the same picture sent and waiting, is its owner's and the admins' alone; approved, the page shows a public address", async () => {
    const owner = await site.signedIn({ name: "Kirsten Kladde" });
    const { draftId, file } = await draftWithPicture(owner.client, "Kirstens Kladdemarked", 30);
    expect(await answersAt(file, owner.client)).toEqual(UNPUBLISHED);

    const sent = await owner.client.post(`/opret-marked/${draftId}/se-og-send`, { intent: "send" });
    const marketId = sent.location!.split("/").at(-1)!;
    const pending = (await pendingRevisionOf(site.database.db, marketId))!;
    const waiting = `/billeder/${pending.after.images![0]!.storageKey}-400.webp`;
    expect(await answersAt(waiting, owner.client)).toEqual(UNPUBLISHED);

    expect((await approveRevision(site.database.db, adminHolder, pending.id, undefined, { store: createDiskStorage(site.storageDir) })).outcome).toBe("approved");
    const { slug } = await site.database.db.selectFrom("markets").select("slug").where("id", "=", marketId).executeTakeFirstOrThrow();
    const shown = await pictureOnPage(slug);
    const answer = await site.get(shown);
    expect(`${answer.status} ${answer.headers.get("cache-control")}`).toBe(`200 ${PUBLIC}`);
  });

  test("a turned-down submission's picture stays private", async () => {
    const owner = await site.signedIn({ name: "Rikke Afvist" });
    const { draftId } = await draftWithPicture(owner.client, "Rikkes Afviste Marked", 50);
    const sent = await owner.client.post(`/opret-marked/${draftId}/se-og-send`, { intent: "send" });
    const marketId = sent.location!.split("/").at(-1)!;
    const pending = (await pendingRevisionOf(site.database.db, marketId))!;
    expect((await rejectRevision(site.database.db, adminHolder, pending.id, "Ikke et marked.")).outcome).toBe("rejected");
    const rows = await site.database.db.selectFrom("market_images").select("storage_key").where("market_id", "=", marketId).execute();
    expect(rows).toHaveLength(1);
    expect(await answersAt(`/billeder/${rows[0]!.storage_key}-400.webp`, owner.client)).toEqual(UNPUBLISHED);
  });

  test("a picture in a change of a published market that waits for review stays private until it is approved", async () => {
    const owner = await site.signedIn({ name: "Verner Venter" });
    const market = await createTestMarket(site.database, { name: "Verners Offentlige Marked", schedules: SUNDAYS }, { owner: owner.account.id });
    expect((await owner.client.post(`/manage-market/${market.id}`, pictureUpload(await photo(70), "Ny bod"))).status).toBe(303);
    const pending = (await pendingRevisionOf(site.database.db, market.id))!;
    expect(pending).toMatchObject({ kind: "edit", state: "pending" });
    expect(await answersAt(`/billeder/${pending.after.images![0]!.storageKey}-400.webp`, owner.client)).toEqual(UNPUBLISHED);

    expect((await approveRevision(site.database.db, adminHolder, pending.id, undefined, { store: createDiskStorage(site.storageDir) })).outcome).toBe("approved");
    const answer = await site.get(await pictureOnPage(market.slug));
    expect(`${answer.status} ${answer.headers.get("cache-control")}`).toBe(`200 ${PUBLIC}`);
  });

  test("a trusted owner's picture on a published market is public at once", async () => {
    const owner = await site.signedIn({ name: "Olaf Organisator", role: "organizer" });
    const market = await createTestMarket(site.database, { name: "Olafs Offentlige Marked", schedules: SUNDAYS }, { owner: owner.account.id });
    expect((await owner.client.post(`/manage-market/${market.id}`, pictureUpload(await photo(90), "Olafs bod"))).status).toBe(303);
    const answer = await site.get(await pictureOnPage(market.slug));
    expect(`${answer.status} ${answer.headers.get("cache-control")}`).toBe(`200 ${PUBLIC}`);
  });

  test("a deleted account's draft pictures go with it", async () => {
    const owner = await site.signedIn({ name: "Dorte Sletter" });
    const { file } = await draftWithPicture(owner.client, "Dortes Kladdemarked", 110);
    const key = decodeURIComponent(file.slice("/billeder/".length));
    expect(existsSync(path.join(site.storageDir, key))).toBe(true);
    const deleted = await owner.client.post("/dashboard/indstillinger", { intent: "delete", password: owner.account.password! });
    expect(deleted.status).toBe(303);
    expect(existsSync(path.join(site.storageDir, key))).toBe(false);
    expect((await admin.client.get(file)).status).toBe(404);
  });
});
