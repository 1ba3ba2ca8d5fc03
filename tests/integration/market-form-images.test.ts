import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { referencedKeys } from "../../app/lib/images/referenced-files.server";
import { createDiskStorage } from "../../app/lib/storage/index.server";
import translation from "../../app/locales/da/translation.json";
import { draftImages, readDraftFields } from "../../app/organiser/form/draft-fields";
import { pendingRevisionOf, revisionsOf } from "../../app/revisions/revisions.server";
import { approveRevision } from "../../app/revisions/decisions.server";
import { createTestMarket, type TestAccount } from "../support/factories";
import { startSite, type Client, type Site } from "../support/site";

/**
 * The market form's "Billeder" step at the level of requests: a new market's pictures kept in its
 * draft (stored at once, read by the image cleanup, there again on a new visit), the refusals at
 * the field with nothing stored, the free plan's limit, and sending: the pictures go into the
 * submission, show in the previews, wait with it and are published with it. The edit form's step
 * changes the market's own pictures as /manage-market/{id} does (market-images.test.ts).
 */

const form = translation.organiser.form;
const texts = translation.marketImages;
const freePlan = translation.content.pricing.plans.gratis.name;
const { kind } = inject("testDatabase");
const RULE = [{ kind: "rule", startDate: "2025-01-05", rrule: "FREQ=WEEKLY;BYDAY=SU", startTime: "10:00", endTime: "15:00" }];

const STEPS = {
  "om-markedet": { type: "flea_market", name: "Loppemarked med Billeder", description: "Stort marked med over 100 boder." },
  sted: { venueName: "Torvet", street: "Torvet 1", postalCode: "8000", city: "" },
  "datoer-og-tider": { tidsplan: "dato", "enkelt.dato": "2027-05-02", "enkelt.aabner": "10:00", "enkelt.lukker": "15:00" },
  praktisk: { entry: "gratis" },
  kontakt: { email: "info@torvet.dk" },
};

let site: Site;
let newcomer: { account: TestAccount; client: Client };
let organizer: { account: TestAccount; client: Client };
let admin: { account: TestAccount; client: Client };

beforeAll(async () => {
  site = await startSite();
  [newcomer, organizer, admin] = await Promise.all([
    site.signedIn({ name: "Nina Ny" }),
    site.signedIn({ name: "Ole Arrangør", role: "organizer" }),
    site.signedIn({ name: "Anna Admin", admin: true }),
  ]);
});

afterAll(async () => {
  await site?.close();
});

const draftIdIn = (location: string | null) => /\/opret-marked\/([0-9a-f-]{36})\//.exec(location ?? "")?.[1] ?? "";
const stepPath = (id: string) => `/opret-marked/${id}/billeder`;
const draftRow = (id: string) => site.database.db.selectFrom("market_drafts").selectAll().where("id", "=", id).executeTakeFirst();
const imagesOf = async (id: string) => draftImages(readDraftFields((await draftRow(id))!.fields));
const rows = (marketId: string) => site.database.db.selectFrom("market_images").selectAll().where("market_id", "=", marketId).orderBy("position").execute();
const fileExists = (key: string) => existsSync(path.join(site.storageDir, key));
const draftFiles = (id: string) => {
  const folder = path.join(site.storageDir, "private", newcomer.account.id, "drafts", id);
  return existsSync(folder) ? readdirSync(folder) : [];
};

async function photo(width: number, height: number, shade = 90): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: shade, b: 40 } } })
    .jpeg()
    .toBuffer();
}

function upload(bytes: Buffer, alt = "Boder på pladsen", name = "foto.jpg"): FormData {
  const body = new FormData();
  body.set("intent", "image-upload");
  body.set("alt", alt);
  body.set("image", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), name);
  return body;
}

/** A draft with every step filled in, at "Billeder". */
async function draftAtImages(client: Client): Promise<string> {
  const first = await client.post("/opret-marked", { intent: "videre", ...STEPS["om-markedet"] });
  const id = draftIdIn(first.location);
  for (const step of ["sted", "datoer-og-tider", "praktisk", "kontakt"] as const) {
    expect((await client.post(`/opret-marked/${id}/${step}`, { intent: "videre", ...STEPS[step] })).status, step).toBe(303);
  }
  return id;
}

describe(`a new market's pictures on ${kind}`, () => {
  test("the step is the sixth of seven, offers only pictures the server reads, and counts against the free plan", async () => {
    const id = await draftAtImages(newcomer.client);
    const page = await newcomer.client.get(stepPath(id));
    expect(page.status).toBe(200);
    expect(page.html.h1s()).toEqual([`${form.createEyebrow}: ${form.steps.images.title}`]);
    expect(page.html.text()).toContain("Trin 6 af 7");
    expect(page.html.one("#billede-fil")?.getAttribute("accept")).toMatch(/^image\/jpeg,image\/png,image\/webp/);
    expect(page.html.text()).toContain(texts.count.replace("{{count}}", "0").replace("{{limit}}", "3").replace("{{plan}}", freePlan));
    // The step before leads here, and "Gem og fortsæt" leads on to Se og send.
    const on = await newcomer.client.post(stepPath(id), { intent: "videre" });
    expect(on.location).toBe(`/opret-marked/${id}/se-og-send`);
    const back = await newcomer.client.post(stepPath(id), { intent: "tilbage" });
    expect(back.location).toBe(`/opret-marked/${id}/kontakt`);
  });

  test("an upload is kept in the draft: its files are stored at once, the cleanup counts them, and they are there on the next visit", async () => {
    const id = await draftAtImages(newcomer.client);
    const answer = await newcomer.client.post(stepPath(id), upload(await photo(900, 600), "Kaffeboden"));
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`${stepPath(id)}#billeder`);
    expect(answer.flash?.title).toBe(texts.toasts.added);
    // Without JavaScript the page after the post is a new one: the toast once, and the form to add one empty.
    const reloaded = await newcomer.client.follow(answer);
    expect(reloaded.html.toasts().map((toast) => toast.title)).toEqual([texts.toasts.added]);
    expect(reloaded.html.value("billede-alt")).toBeNull();
    // The same picture again is refused at its field, and the toast of the first is not there beside it.
    const twice = await newcomer.client.post(stepPath(id), upload(await photo(900, 600), "Kaffeboden"));
    expect(twice.status).toBe(400);
    expect(twice.html.fieldMessage("billede-fil")).toBe(texts.errors.duplicate);
    expect(twice.html.toasts()).toEqual([]);
    const [image] = await imagesOf(id);
    expect(image).toMatchObject({ alt: "Kaffeboden", widths: [400, 800], width: 800, height: 533 });
    // In the owner's private folder until a public market shows it (decision 0027).
    expect(image!.storageKey).toMatch(new RegExp(`^private/${newcomer.account.id}/drafts/${id}/[0-9a-f]{16}$`));
    const keys = [`${image!.storageKey}-400.webp`, `${image!.storageKey}-800.webp`];
    for (const key of keys) expect(fileExists(key)).toBe(true);
    // The image cleanup never takes a draft's pictures.
    const referenced = await referencedKeys(site.database.db);
    for (const key of keys) expect(referenced.has(key)).toBe(true);
    // Closing the tab loses nothing: the draft opens with its picture.
    const again = await newcomer.client.get(stepPath(id));
    expect(again.html.one('img[alt="Kaffeboden"]')?.getAttribute("src")).toBe(`/billeder/${image!.storageKey}-400.webp`);
    // Another step's post keeps the pictures.
    await newcomer.client.post(`/opret-marked/${id}/kontakt`, { intent: "videre", email: "ny@torvet.dk" });
    expect(await imagesOf(id)).toEqual([image]);
  });

  test("a text file named .jpg is refused at the field with nothing stored; the alt text is required", async () => {
    const id = await draftAtImages(newcomer.client);
    const text = await newcomer.client.post(stepPath(id), upload(Buffer.from("Ikke et billede, bare tekst.\n".repeat(20)), "Noget", "billede.jpg"));
    expect(text.status).toBe(400);
    expect(text.html.fieldMessage("billede-fil")).toBe(translation.images.errors.notImage);
    expect(text.html.value("billede-alt")).toBe("Noget");
    expect(text.html.h1s()).toEqual([`${form.createEyebrow}: ${form.steps.images.title}`]);
    const noAlt = await newcomer.client.post(stepPath(id), upload(await photo(500, 300), " "));
    expect(noAlt.status).toBe(400);
    expect(noAlt.html.fieldMessage("billede-alt")).toBe(texts.errors.altRequired);
    expect(await imagesOf(id)).toEqual([]);
    expect(draftFiles(id)).toEqual([]);
  });

  test("a new market is on the free plan: three pictures, the fourth refused naming the plan; order, cover and delete work on the draft", async () => {
    const id = await draftAtImages(newcomer.client);
    for (const shade of [10, 20, 30]) expect((await newcomer.client.post(stepPath(id), upload(await photo(420, 300, shade), `Billede ${shade}`))).status).toBe(303);
    const fourth = await newcomer.client.post(stepPath(id), upload(await photo(420, 300, 40), "Billede 40"));
    expect(fourth.status).toBe(400);
    expect(fourth.html.fieldMessage("billede-fil")).toBe(texts.errors.planLimit.replace("{{plan}}", freePlan).replace("{{limit}}", "3"));
    expect(await imagesOf(id)).toHaveLength(3);

    const [a, b, c] = await imagesOf(id);
    expect((await newcomer.client.post(stepPath(id), { intent: "image-cover", image: c!.storageKey })).status).toBe(303);
    expect((await imagesOf(id)).map((image) => image.alt)).toEqual(["Billede 30", "Billede 10", "Billede 20"]);
    await newcomer.client.post(stepPath(id), { intent: "image-down", image: c!.storageKey });
    expect((await imagesOf(id)).map((image) => image.alt)).toEqual(["Billede 10", "Billede 30", "Billede 20"]);
    const order = new URLSearchParams([
      ["intent", "image-order"],
      ["order", b!.storageKey],
      ["order", a!.storageKey],
      ["order", c!.storageKey],
    ]);
    await newcomer.client.post(stepPath(id), order);
    expect((await imagesOf(id)).map((image) => image.alt)).toEqual(["Billede 20", "Billede 10", "Billede 30"]);
    const removed = await newcomer.client.post(stepPath(id), { intent: "image-delete", image: a!.storageKey });
    expect(removed.flash?.title).toBe(texts.toasts.removed);
    expect((await imagesOf(id)).map((image) => image.alt)).toEqual(["Billede 20", "Billede 30"]);
    expect(fileExists(`${a!.storageKey}-400.webp`)).toBe(false);

    // Someone else's draft is not found, and nothing of it changes.
    const { client: stranger } = await site.signedIn();
    expect((await stranger.post(stepPath(id), { intent: "image-delete", image: b!.storageKey })).status).toBe(404);
    expect((await stranger.post(stepPath(id), upload(await photo(420, 300)))).status).toBe(404);
    expect(await imagesOf(id)).toHaveLength(2);
  });

  test("sending carries the pictures into the submission: in Se og send and the review's preview, waiting with it, published on approval", async () => {
    const id = await draftAtImages(newcomer.client);
    await newcomer.client.post(stepPath(id), upload(await photo(900, 600, 50), "Pladsen om morgenen"));
    const [image] = await imagesOf(id);
    const review = await newcomer.client.get(`/opret-marked/${id}/se-og-send`);
    expect(review.html.one('img[alt="Pladsen om morgenen"]')).not.toBeNull();

    const sent = await newcomer.client.post(`/opret-marked/${id}/se-og-send`, { intent: "send" });
    expect(sent.status).toBe(303);
    const marketId = sent.location!.split("/").at(-1)!;
    const pending = await pendingRevisionOf(site.database.db, marketId);
    expect(pending).toMatchObject({ kind: "submission", state: "pending" });
    expect(pending!.after.images).toEqual([image]);
    expect((await rows(marketId)).map((row) => row.storage_key)).toEqual([image!.storageKey]);
    // The files stay where they were stored; the draft is gone but its pictures are the market's now.
    expect(await draftRow(id)).toBeUndefined();
    expect((await referencedKeys(site.database.db)).has(`${image!.storageKey}-800.webp`)).toBe(true);

    const queue = await admin.client.get(`/dashboard/admin/godkendelser/${pending!.id}`);
    expect(queue.status).toBe(200);
    expect(queue.html.one('img[alt="Pladsen om morgenen"]')).not.toBeNull();

    const slug = (await site.database.db.selectFrom("markets").select("slug").where("id", "=", marketId).executeTakeFirstOrThrow()).slug;
    expect((await site.get(`/markeder/${slug}`)).status).toBe(404);
    const store = createDiskStorage(site.storageDir);
    expect((await approveRevision(site.database.db, { id: admin.account.id, roles: ["visitor", "admin"] }, pending!.id, undefined, { store })).outcome).toBe("approved");
    const published = await site.get(`/markeder/${slug}`);
    expect(published.status).toBe(200);
    // Published, the picture is copied to the market's public folder, and the private files go.
    const publicKey = `markets/${marketId}/${image!.storageKey.split("/").at(-1)}`;
    expect(published.html.meta("og:image")).toContain(`/billeder/${publicKey}-800.webp`);
    expect(fileExists(`${publicKey}-800.webp`)).toBe(true);
    expect(fileExists(`${image!.storageKey}-800.webp`)).toBe(false);
  });

  test("a trusted organiser's market is published with its pictures at once", async () => {
    await createTestMarket(site.database, { name: "Oles Første Marked", schedules: RULE, status: "published" }, { owner: organizer.account.id });
    const id = await draftAtImages(organizer.client);
    await organizer.client.post(stepPath(id), upload(await photo(600, 400, 70), "Oles boder"));
    const sent = await organizer.client.post(`/opret-marked/${id}/se-og-send`, { intent: "send" });
    const marketId = sent.location!.split("/").at(-1)!;
    expect((await site.database.db.selectFrom("markets").select("status").where("id", "=", marketId).executeTakeFirstOrThrow()).status).toBe("published");
    expect((await rows(marketId)).map((row) => row.alt)).toEqual(["Oles boder"]);
    // Live at once, so public at once: the rows name the market's public folder.
    expect((await rows(marketId))[0]!.storage_key).toMatch(new RegExp(`^markets/${marketId}/[0-9a-f]{16}$`));
    expect((await revisionsOf(site.database.db, marketId))[0]).toMatchObject({ kind: "submission", state: "applied" });
  });
});

describe(`an edit's pictures on ${kind}`, () => {
  test("the edit form's step shows the market's pictures and changes them as the control panel does, by the trust rules", async () => {
    const owner = await site.signedIn({ name: "Olga Ejer" });
    const market = await createTestMarket(site.database, { name: "Olgas Marked", schedules: RULE }, { owner: owner.account.id });
    const edit = `/dashboard/mine-markeder/edit/${market.id}?trin=billeder`;
    const page = await owner.client.get(edit);
    expect(page.status).toBe(200);
    expect(page.html.h1s()).toEqual([`${form.editEyebrow.replace("{{name}}", "Olgas Marked")}: ${form.steps.images.title}`]);

    // A newcomer's picture waits: the market is unchanged, the change is their pending edit.
    const answer = await owner.client.post(edit, upload(await photo(700, 500), "Olgas bod"));
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`${edit}#billeder`);
    expect(answer.flash?.title).toBe(texts.toasts.pending);
    expect(await rows(market.id)).toEqual([]);
    expect(await pendingRevisionOf(site.database.db, market.id)).toMatchObject({ kind: "edit", changedFields: ["images"] });
    expect((await owner.client.get(edit)).text).toContain(texts.waiting);

    // Someone else may not.
    const { client: stranger } = await site.signedIn();
    expect((await stranger.post(edit, upload(await photo(700, 500)))).status).toBe(403);
    expect((await stranger.post(edit, { intent: "image-delete", image: "markets/x/y" })).status).toBe(403);

    // An organiser's own market changes at once.
    const own = await createTestMarket(site.database, { name: "Oles Andet Marked", schedules: RULE }, { owner: organizer.account.id });
    const ownEdit = `/dashboard/mine-markeder/edit/${own.id}?trin=billeder`;
    expect((await organizer.client.post(ownEdit, upload(await photo(700, 500), "Oles telt"))).flash?.title).toBe(texts.toasts.added);
    expect((await rows(own.id)).map((row) => row.alt)).toEqual(["Oles telt"]);
  });
});
