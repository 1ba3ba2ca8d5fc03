import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { createDiskStorage, createS3Storage, type Storage } from "../../app/lib/storage/index.server";
import translation from "../../app/locales/da/translation.json";
import { storeMarketImage } from "../../app/revisions/image-files.server";
import { changeImages } from "../../app/organiser/pictures/market-images.server";
import { pendingRevisionOf, revisionsOf } from "../../app/revisions/revisions.server";
import { approveRevision } from "../../app/revisions/decisions.server";
import { createTestMarket, type TestAccount, type TestMarket } from "../support/factories";
import { startS3StandIn, type S3StandIn } from "../support/s3-stand-in";
import { startSite, type Client, type Site } from "../support/site";

/**
 * A market's pictures on /manage-market/{id} at the level of requests: who may post, what an
 * upload stores (WebP files in the widths the picture has, and the row), what deleting removes,
 * the plan's limit, the trust rules (a newcomer's change waits, an approval writes it), and that a
 * file that is no picture or a decompression bomb is refused at its field with nothing stored; the
 * order a drag posts, and a deleted picture's files gone from the disk and from a bucket alike.
 */

const texts = translation.marketImages;
const { kind } = inject("testDatabase");
const RULE = [{ kind: "rule", startDate: "2025-01-05", rrule: "FREQ=WEEKLY;BYDAY=SU", startTime: "10:00", endTime: "15:00" }];

let site: Site;
let owner: { account: TestAccount; client: Client };
let organizer: { account: TestAccount; client: Client };
let other: { account: TestAccount; client: Client };
let admin: { account: TestAccount; client: Client };
let untrusted: TestMarket;
let trusted: TestMarket;

beforeAll(async () => {
  site = await startSite();
  [owner, organizer, other, admin] = await Promise.all([
    site.signedIn({ name: "Olga Ejer" }),
    site.signedIn({ name: "Ole Arrangør", role: "organizer" }),
    site.signedIn({ name: "Nora Nabo" }),
    site.signedIn({ name: "Anna Admin", admin: true }),
  ]);
  [untrusted, trusted] = await Promise.all([
    createTestMarket(site.database, { name: "Olgas Billedmarked", schedules: RULE }, { owner: owner.account.id }),
    createTestMarket(site.database, { name: "Oles Billedmarked", schedules: RULE }, { owner: organizer.account.id }),
  ]);
});

afterAll(async () => {
  await site?.close();
});

const manage = (id: string) => `/manage-market/${id}`;

async function photo(width: number, height: number, colour = { r: 200, g: 90, b: 40 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

function upload(bytes: Buffer, alt = "Boder på pladsen", name = "foto.jpg", type = "image/jpeg"): FormData {
  const form = new FormData();
  form.set("intent", "image-upload");
  form.set("alt", alt);
  form.set("image", new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}

const rows = (marketId: string) => site.database.db.selectFrom("market_images").selectAll().where("market_id", "=", marketId).orderBy("position").execute();
const fileExists = (key: string) => existsSync(path.join(site.storageDir, key));

/** A PNG of a few dozen bytes whose header declares 20000 × 20000 pixels. */
function pngBomb(): Buffer {
  const chunk = (type: string, body: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(body.length);
    return Buffer.concat([length, Buffer.from(type, "latin1"), body, Buffer.alloc(4)]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(20_000, 0);
  header.writeUInt32BE(20_000, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe(`who may change a market's pictures and plan on ${kind}`, () => {
  const ACTIONS: [string, () => Promise<FormData | URLSearchParams | Record<string, string>>][] = [
    ["image-upload", async () => upload(await photo(500, 300))],
    ["image-up", async () => ({ intent: "image-up", image: "markets/x/y" })],
    ["image-down", async () => ({ intent: "image-down", image: "markets/x/y" })],
    ["image-cover", async () => ({ intent: "image-cover", image: "markets/x/y" })],
    ["image-delete", async () => ({ intent: "image-delete", image: "markets/x/y" })],
    [
      "image-order",
      async () =>
        new URLSearchParams([
          ["intent", "image-order"],
          ["order", "markets/x/y"],
        ]),
    ],
    ["market-plan", async () => ({ intent: "market-plan", plan: "pro" })],
  ];

  test.each(ACTIONS)("%s posted directly: 302 for a visitor, 404 for a bad id, 403 for someone else, nothing written", async (_, body) => {
    const visitor = await site.post(manage(untrusted.id), await body());
    expect(visitor.status).toBe(302);
    expect(visitor.location).toBe(`/sign-in?next=${encodeURIComponent(manage(untrusted.id))}`);
    expect((await other.client.post(manage("ikke-et-id"), await body())).status).toBe(404);
    expect((await other.client.post(manage(randomUUID()), await body())).status).toBe(404);
    expect((await other.client.post(manage(untrusted.id), await body())).status).toBe(403);
    expect(await rows(untrusted.id)).toEqual([]);
    expect((await site.database.db.selectFrom("markets").select("plan").where("id", "=", untrusted.id).executeTakeFirstOrThrow()).plan).toBe("gratis");
  });

  test("the owner may not set the plan; the page offers it only to admins", async () => {
    expect((await owner.client.post(manage(untrusted.id), { intent: "market-plan", plan: "pro" })).status).toBe(403);
    expect((await owner.client.get(manage(untrusted.id))).html.buttons()).not.toContain(texts.plan.submit);
    expect((await admin.client.get(manage(untrusted.id))).html.buttons()).toContain(texts.plan.submit);
  });
});

describe(`uploading, ordering and deleting on ${kind}`, () => {
  test("a trusted owner's upload is live at once: WebP files in the widths the picture has, without metadata, and the row", async () => {
    const answer = await organizer.client.post(manage(trusted.id), upload(await photo(1000, 600), "Kaffeboden"));
    expect(answer.status).toBe(303);
    expect(answer.flash?.title).toBe(texts.toasts.added);
    const [row] = await rows(trusted.id);
    expect(row).toMatchObject({ alt: "Kaffeboden", width: 800, height: 480, position: 0 });
    expect(row!.storage_key).toMatch(new RegExp(`^markets/${trusted.id}/[0-9a-f]{16}$`));
    // 1600 is wider than the picture: not made.
    expect(JSON.parse(row!.widths!)).toEqual([400, 800]);
    for (const width of [400, 800]) expect(fileExists(`${row!.storage_key}-${width}.webp`)).toBe(true);
    expect(fileExists(`${row!.storage_key}-1000.webp`)).toBe(false);
    const served = await site.get(`/billeder/${row!.storage_key}-800.webp`);
    expect(served.status).toBe(200);
    expect(served.headers.get("cache-control")).toContain("immutable");
    const metadata = await sharp(served.body).metadata();
    expect([metadata.format, metadata.width, metadata.exif]).toEqual(["webp", 800, undefined]);
    expect((await revisionsOf(site.database.db, trusted.id))[0]).toMatchObject({ kind: "edit", state: "applied", changedFields: ["images"] });
  });

  test("moving and making a cover reorder the rows; deleting removes the row and its files", async () => {
    await organizer.client.post(manage(trusted.id), upload(await photo(1800, 900, { r: 10, g: 100, b: 200 }), "Pladsen fra oven"));
    let [first, second] = await rows(trusted.id);
    expect(JSON.parse(second!.widths!)).toEqual([400, 800, 1600]);
    expect((await organizer.client.post(manage(trusted.id), { intent: "image-up", image: second!.storage_key })).status).toBe(303);
    expect((await rows(trusted.id)).map((row) => row.alt)).toEqual(["Pladsen fra oven", "Kaffeboden"]);
    await organizer.client.post(manage(trusted.id), { intent: "image-cover", image: first!.storage_key });
    expect((await rows(trusted.id)).map((row) => row.alt)).toEqual(["Kaffeboden", "Pladsen fra oven"]);
    [first, second] = await rows(trusted.id);

    const removed = await organizer.client.post(manage(trusted.id), { intent: "image-delete", image: second!.storage_key });
    expect(removed.flash?.title).toBe(texts.toasts.removed);
    expect((await rows(trusted.id)).map((row) => row.alt)).toEqual(["Kaffeboden"]);
    for (const width of [400, 800, 1600]) expect(fileExists(`${second!.storage_key}-${width}.webp`)).toBe(false);
    expect(fileExists(`${first!.storage_key}-800.webp`)).toBe(true);

    const gone = await organizer.client.post(manage(trusted.id), { intent: "image-delete", image: second!.storage_key });
    expect(gone.flash?.title).toBe(texts.errors.gone);
  });

  test("dragging posts the whole order: a list of this market's own pictures is taken, anything else changes nothing", async () => {
    await organizer.client.post(manage(trusted.id), upload(await photo(600, 400, { r: 90, g: 200, b: 90 }), "Grøn bod"));
    const [first, second] = await rows(trusted.id);
    const order = (...keys: string[]) => new URLSearchParams([["intent", "image-order"], ...keys.map((key) => ["order", key])]);
    const answer = await organizer.client.post(manage(trusted.id), order(second!.storage_key, first!.storage_key));
    expect(answer.status).toBe(303);
    expect(answer.flash?.title).toBe(texts.toasts.changed);
    expect((await rows(trusted.id)).map((row) => row.alt)).toEqual(["Grøn bod", "Kaffeboden"]);
    // Another market's picture, one left out, one twice: refused as a list that is no longer this one.
    const foreign = `markets/${untrusted.id}/0123456789abcdef`;
    for (const keys of [[second!.storage_key, foreign], [second!.storage_key], [second!.storage_key, second!.storage_key]]) {
      const refused = await organizer.client.post(manage(trusted.id), order(...keys));
      expect(refused.flash?.title).toBe(texts.errors.gone);
      expect((await rows(trusted.id)).map((row) => row.alt)).toEqual(["Grøn bod", "Kaffeboden"]);
    }
    // Back as it was for the tests after.
    await organizer.client.post(manage(trusted.id), { intent: "image-delete", image: second!.storage_key });
    expect((await rows(trusted.id)).map((row) => row.alt)).toEqual(["Kaffeboden"]);
  });

  test("the cover is on the market page and its link preview", async () => {
    const [cover] = await rows(trusted.id);
    const page = await site.get(`/markeder/${trusted.slug}`);
    expect(page.html.meta("og:image")).toMatch(new RegExp(`^https?://[^/]+/billeder/${cover!.storage_key}-800\\.webp$`));
    expect(page.html.one(`img[alt="Kaffeboden"]`)?.getAttribute("srcset")).toContain(`${cover!.storage_key}-400.webp 400w`);
  });

  test("a text file named .jpg and a decompression bomb are refused at the field, and nothing is stored", async () => {
    for (const [bytes, message] of [
      [Buffer.from("Dette er ikke et billede, bare tekst.\n".repeat(20)), translation.images.errors.notImage],
      [pngBomb(), translation.images.errors.tooManyPixels],
    ] as const) {
      const before = await rows(trusted.id);
      const answer = await organizer.client.post(manage(trusted.id), upload(bytes, "Noget", "billede.jpg"));
      expect(answer.status).toBe(400);
      expect(answer.html.fieldMessage("billede-fil")).toBe(message);
      expect(answer.html.value("billede-alt")).toBe("Noget");
      expect(await rows(trusted.id)).toEqual(before);
    }
  });

  test("alt text is required", async () => {
    const answer = await organizer.client.post(manage(trusted.id), upload(await photo(500, 300), " "));
    expect(answer.status).toBe(400);
    expect(answer.html.fieldMessage("billede-alt")).toBe(texts.errors.altRequired);
  });
});

describe(`the plan's limit on ${kind}`, () => {
  test("a free market takes three pictures; the fourth is refused naming the plan, and an admin's plan lets it in", async () => {
    const market = await createTestMarket(site.database, { name: "Begrænset Marked", schedules: RULE }, { owner: organizer.account.id });
    for (const shade of [10, 20, 30]) {
      expect((await organizer.client.post(manage(market.id), upload(await photo(420, 300, { r: shade, g: 50, b: 50 }), `Billede ${shade}`))).status).toBe(303);
    }
    const page = await organizer.client.get(manage(market.id));
    expect(page.text).toContain(texts.full.replace("{{limit}}", "3").replace("{{plan}}", translation.content.pricing.plans.gratis.name));
    const fourth = await organizer.client.post(manage(market.id), upload(await photo(420, 300, { r: 40, g: 50, b: 50 }), "Billede 40"));
    expect(fourth.status).toBe(400);
    expect(fourth.html.fieldMessage("billede-fil")).toBe(texts.errors.planLimit.replace("{{plan}}", translation.content.pricing.plans.gratis.name).replace("{{limit}}", "3"));
    expect(await rows(market.id)).toHaveLength(3);

    expect((await admin.client.post(manage(market.id), { intent: "market-plan", plan: "synlig" })).status).toBe(303);
    expect((await organizer.client.post(manage(market.id), upload(await photo(420, 300, { r: 40, g: 50, b: 50 }), "Billede 40"))).status).toBe(303);
    expect(await rows(market.id)).toHaveLength(4);
  });
});

describe(`trust on ${kind}`, () => {
  test("a newcomer's pictures wait for review in their private folder: nothing public changes, the approval publishes them and writes the rows", async () => {
    const answer = await owner.client.post(manage(untrusted.id), upload(await photo(900, 600), "Olgas bod"));
    expect(answer.status).toBe(303);
    expect(answer.flash?.title).toBe(texts.toasts.pending);
    expect(await rows(untrusted.id)).toEqual([]);
    const pending = await pendingRevisionOf(site.database.db, untrusted.id);
    expect(pending).toMatchObject({ kind: "edit", state: "pending", authorId: owner.account.id, changedFields: ["images"] });
    const [image] = pending!.after.images!;
    expect(image!.storageKey).toMatch(new RegExp(`^private/${owner.account.id}/markets/${untrusted.id}/[0-9a-f]{16}$`));
    expect(fileExists(`${image!.storageKey}-800.webp`)).toBe(true);
    // The owner sees the waiting picture on their panel; the market page does not show it.
    expect((await owner.client.get(manage(untrusted.id))).text).toContain(texts.waiting);
    expect((await site.get(`/markeder/${untrusted.slug}`)).text).not.toContain("Olgas bod");

    const decision = await approveRevision(site.database.db, { id: admin.account.id, roles: ["visitor", "admin"] }, pending!.id, undefined, {
      store: createDiskStorage(site.storageDir),
    });
    expect(decision.outcome).toBe("approved");
    // The public copy in the market's folder is what the rows name; the private one is gone.
    const published = `markets/${untrusted.id}/${image!.storageKey.split("/").at(-1)}`;
    expect((await rows(untrusted.id)).map((row) => [row.alt, row.storage_key])).toEqual([["Olgas bod", published]]);
    expect(fileExists(`${published}-800.webp`)).toBe(true);
    expect(fileExists(`${image!.storageKey}-800.webp`)).toBe(false);
  });
});

describe(`deleting a picture removes its files from either store, on ${kind}`, () => {
  let standIn: S3StandIn;
  let folder: string;

  beforeAll(async () => {
    standIn = await startS3StandIn();
    folder = await mkdtemp(path.join(os.tmpdir(), "lg-market-images-"));
  });

  afterAll(async () => {
    await standIn?.stop();
    await rm(folder, { recursive: true, force: true });
  });

  const stores: [string, () => Storage][] = [
    ["disk", () => createDiskStorage(folder)],
    ["s3 (s3rver)", () => createS3Storage(standIn.settings)],
  ];

  test.each(stores)("%s: the deleted picture's files are gone, the kept one's stay", async (_name, make) => {
    const store = make();
    const market = await createTestMarket(site.database, { name: `Lagermarked ${randomUUID().slice(0, 8)}`, schedules: RULE }, { owner: organizer.account.id });
    const holder = { id: organizer.account.id, roles: ["visitor" as const, "organizer" as const] };
    const stored = await storeMarketImage(store, `markets/${market.id}`, new Uint8Array(await photo(1000, 700)), "Boderne");
    if (!stored.ok) throw new Error(stored.problem);
    const kept = await storeMarketImage(store, `markets/${market.id}`, new Uint8Array(await photo(500, 400, { r: 5, g: 5, b: 250 })), "Teltet");
    if (!kept.ok) throw new Error(kept.problem);
    const keys = (await store.listFiles(`markets/${market.id}/`)).map((file) => file.key);
    expect(keys).toHaveLength(3);

    expect(await changeImages(site.database.db, store, holder, market.id, () => [stored.image, kept.image])).toEqual({ outcome: "applied" });
    expect(await changeImages(site.database.db, store, holder, market.id, () => [kept.image])).toEqual({ outcome: "applied" });
    expect((await rows(market.id)).map((row) => row.alt)).toEqual(["Teltet"]);
    expect((await store.listFiles(`markets/${market.id}/`)).map((file) => file.key)).toEqual([`${kept.image.storageKey}-400.webp`]);
    expect(await store.get(`${stored.image.storageKey}-800.webp`)).toBeNull();
  });
});
