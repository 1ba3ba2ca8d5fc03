import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import translation from "../../app/locales/da/translation.json";
import { createTestMarket, type TestAccount, type TestMarket } from "../support/factories";
import type { Html } from "../support/html";
import { formFields, formOfButton } from "../support/plain-forms";
import { startSite, type Client, type Site } from "../support/site";

/**
 * The "Billeder" section of /manage-market/{id} as a browser without JavaScript uses it: the file
 * field offers only what the server reads, a file over 15 MB is refused at it, a phone's photo is
 * served without its position, and the cover is what the register's card shows. What each post
 * writes and who may send it, on both databases: market-images.test.ts. Dragging, axe and the
 * phone: tests/e2e/market-images.test.ts.
 */

const texts = translation.marketImages;
const WORD = "Billedprøvemarkedet";

let site: Site;
let owner: { account: TestAccount; client: Client };
let market: TestMarket;

beforeAll(async () => {
  site = await startSite();
  owner = await site.signedIn({ name: "Bente Billede", role: "organizer" });
  market = await createTestMarket(site.database, { name: `${WORD} i Valby` }, { owner: owner.account.id });
});

afterAll(async () => {
  await site?.close();
});

const manage = () => `/manage-market/${market.id}`;

function upload(bytes: Buffer, alt: string): FormData {
  const form = new FormData();
  form.set("intent", "image-upload");
  form.set("alt", alt);
  form.set("image", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), "foto.jpg");
  return form;
}

/** A phone's photo: a JPEG with the camera's make and where it was taken. */
function photoWithPosition(colour: { r: number; g: number; b: number }): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 800, channels: 3, background: colour } })
    .jpeg()
    .withExif({ IFD0: { Make: "Telefon" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "55/1 40/1 36/1", GPSLongitudeRef: "E", GPSLongitude: "12/1 34/1 12/1" } })
    .toBuffer();
}

const listed = async () => (await owner.client.get(manage())).html.all(`ol[aria-label="${texts.actions.listLabel}"] li img`).map((image) => image.getAttribute("alt"));

/** What a picture's button (its name as a screen reader reads it) sends when pressed. */
function buttonForm(html: Html, name: string): URLSearchParams {
  return formFields(formOfButton(html, name), name);
}

/** The register's card of the market: its picture's alt text and sizes. */
async function cardPicture() {
  const register = await site.get(`/register?q=${encodeURIComponent(WORD)}`);
  const card = register.html.all("main article").find((article) => article.text.includes(market.name));
  const image = card?.querySelector("img");
  return { alt: image?.getAttribute("alt"), srcset: image?.getAttribute("srcset") };
}

describe("a market's pictures without JavaScript", () => {
  test("the file field offers only what the server reads, and a file over 15 MB is refused at it with nothing stored", async () => {
    const page = await owner.client.get(manage());
    expect(page.html.one("#billede-fil")?.getAttribute("accept")).toMatch(/^image\/jpeg,image\/png,image\/webp/);

    const large = await owner.client.post(manage(), upload(Buffer.alloc(15 * 1024 * 1024 + 1024, 1), "For stort"));
    expect(large.status).toBe(400);
    expect(large.html.fieldMessage("billede-fil")).toBe(translation.images.errors.tooLargeLimit.replace("{{size}}", "15 MB"));
    expect(await listed()).toEqual([]);
  });

  test("a photo's position is not served; moved up and made the cover, the register's card shows the new first picture", async () => {
    for (const [alt, colour] of [
      ["Boder med porcelæn", { r: 200, g: 80, b: 40 }],
      ["Pladsen set fra oven", { r: 30, g: 90, b: 200 }],
    ] as const) {
      const answer = await owner.client.post(manage(), upload(await photoWithPosition(colour), alt));
      expect(answer.status).toBe(303);
      expect(answer.flash?.title).toBe(texts.toasts.added);
    }
    const page = await owner.client.get(manage());
    const images = page.html.all(`ol[aria-label="${texts.actions.listLabel}"] li img`);
    expect(images.map((image) => image.getAttribute("alt"))).toEqual(["Boder med porcelæn", "Pladsen set fra oven"]);
    const served = await site.get(images[0]!.getAttribute("src")!);
    expect(served.headers.get("cache-control")).toContain("immutable");
    const metadata = await sharp(served.body).metadata();
    expect([metadata.format, metadata.exif]).toEqual(["webp", undefined]);

    // "Flyt op" on the second picture, then "Gør til forsidebillede" on the one now second.
    expect((await owner.client.post(manage(), buttonForm(page.html, `${texts.actions.moveUp} – Pladsen set fra oven`))).status).toBe(303);
    expect(await listed()).toEqual(["Pladsen set fra oven", "Boder med porcelæn"]);
    const card = await cardPicture();
    expect(card.alt).toBe("Pladsen set fra oven");
    expect(card.srcset).toMatch(/-400\.webp 400w, .*-800\.webp 800w/);

    const { page: after } = await owner.client.submit(manage(), buttonForm((await owner.client.get(manage())).html, `${texts.actions.cover} – Boder med porcelæn`));
    expect(after.html.all(`ol[aria-label="${texts.actions.listLabel}"] li img`).map((image) => image.getAttribute("alt"))).toEqual(["Boder med porcelæn", "Pladsen set fra oven"]);
    expect(after.html.text(`ol[aria-label="${texts.actions.listLabel}"] li`)).toContain(texts.coverBadge);
    expect((await cardPicture()).alt).toBe("Boder med porcelæn");
    // The link preview shows the cover too.
    expect((await site.get(`/markeder/${market.slug}`)).html.meta("og:image")).toMatch(/^https?:\/\/.+\/billeder\/markets\/.+-800\.webp$/);
  });
});
