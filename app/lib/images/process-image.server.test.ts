import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { acceptedImageTypes } from "./formats.server";
import { imageProblemMessage } from "./messages.server";
import { processImage, type ProcessImageOptions } from "./process-image.server";

const LIMITS = { maxBytes: 5 * 1024 * 1024, maxPixels: 100_000_000 };

function options(widths: number[], extra: Partial<ProcessImageOptions> = {}): ProcessImageOptions {
  return { widths, ...LIMITS, ...extra };
}

function plain(width: number, height: number, background = { r: 120, g: 60, b: 30 }) {
  return sharp({ create: { width, height, channels: 3, background } });
}

/** A picture whose left half is red and right half blue, to see which way it comes out. */
async function halves(width: number, height: number) {
  const blue = await plain(width / 2, height, { r: 0, g: 0, b: 255 })
    .png()
    .toBuffer();
  return sharp(
    await plain(width, height, { r: 255, g: 0, b: 0 })
      .composite([{ input: blue, left: width / 2, top: 0 }])
      .png()
      .toBuffer(),
  );
}

async function pixel(data: Buffer, x: number, y: number): Promise<number[]> {
  const { data: raw, info } = await sharp(data).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [raw[at]!, raw[at + 1]!, raw[at + 2]!];
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG of a few dozen bytes whose header declares 20000 × 20000 pixels (1.6 GB once decoded). */
function pngBomb(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(20_000, 0);
  header.writeUInt32BE(20_000, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("processing an uploaded picture", () => {
  it("leaves no EXIF, GPS position, XMP or ICC profile in what it writes", async () => {
    const input = await plain(640, 480)
      .jpeg()
      .withExif({ IFD0: { Make: "Kamera", Copyright: "Hemmelig" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "55/1 40/1 36/1" } })
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>')
      .withIccProfile("p3")
      .toBuffer();
    const before = await sharp(input).metadata();
    expect(before.exif?.toString("latin1")).toContain("Kamera");
    expect([before.xmp, before.icc].every(Boolean)).toBe(true);

    const result = await processImage(input, options([320, 100]));
    if (!result.ok) throw new Error(result.problem);
    for (const file of result.files) {
      const after = await sharp(file.data).metadata();
      expect(after.format).toBe("webp");
      expect([after.exif, after.xmp, after.icc]).toEqual([undefined, undefined, undefined]);
      expect(file.data.toString("latin1")).not.toMatch(/Kamera|Hemmelig|GPS|xmpmeta/);
      expect(file.contentType).toBe("image/webp");
    }
  });

  it("turns a picture upright by its EXIF orientation", async () => {
    // Orientation 6: stored lying down, shown turned 90° clockwise, so the left half ends on top.
    const input = await (await halves(60, 40)).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect((await sharp(input).metadata()).orientation).toBe(6);
    const result = await processImage(input, options([100]));
    if (!result.ok) throw new Error(result.problem);
    const [file] = result.files;
    expect([file!.width, file!.height]).toEqual([40, 60]);
    const meta = await sharp(file!.data).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([40, 60, undefined]);
    const [top, bottom] = [await pixel(file!.data, 20, 5), await pixel(file!.data, 20, 55)];
    expect(top[0]).toBeGreaterThan(200);
    expect(bottom[2]).toBeGreaterThan(200);
  });

  it("makes each width asked for without enlarging a small picture", async () => {
    const input = await plain(640, 480).png().toBuffer();
    const result = await processImage(input, options([1280, 320, 100]));
    if (!result.ok) throw new Error(result.problem);
    expect(result.files.map((file) => [file.requestedWidth, file.width, file.height])).toEqual([
      [1280, 640, 480],
      [320, 320, 240],
      [100, 100, 75],
    ]);
    for (const file of result.files) {
      const meta = await sharp(file.data).metadata();
      expect([meta.width, meta.height]).toEqual([file.width, file.height]);
    }
  });

  it("crops to squares when asked, no larger than the picture's short side", async () => {
    const large = await processImage(await plain(640, 480).webp().toBuffer(), options([256, 96], { square: true }));
    if (!large.ok) throw new Error(large.problem);
    expect(large.files.map((file) => [file.width, file.height])).toEqual([
      [256, 256],
      [96, 96],
    ]);
    const small = await processImage(await plain(50, 80).gif().toBuffer(), options([256], { square: true }));
    if (!small.ok) throw new Error(small.problem);
    expect(small.files.map((file) => [file.width, file.height])).toEqual([[50, 50]]);
  });

  it("names each file by its content: the same picture gets the same key, another picture another", async () => {
    const input = await plain(300, 200).jpeg().toBuffer();
    const first = await processImage(input, options([200, 100]));
    const again = await processImage(input, options([200, 100]));
    const other = await processImage(await plain(300, 200, { r: 10, g: 200, b: 90 }).jpeg().toBuffer(), options([200, 100]));
    if (!first.ok || !again.ok || !other.ok) throw new Error("processing failed");
    const keys = (result: typeof first) => (result.ok ? result.files.map((file) => file.key) : []);
    expect(keys(first)).toEqual(keys(again));
    expect(keys(first)[0]).toMatch(/^[0-9a-f]{16}$/);
    expect(keys(first)[0]).not.toBe(keys(first)[1]);
    expect(keys(other)).not.toContain(keys(first)[0]);
    expect(keys(other)).not.toContain(keys(first)[1]);
  });

  it("reads AVIF", async () => {
    const result = await processImage(await plain(120, 80).avif().toBuffer(), options([60]));
    expect(result.ok && result.files.map((file) => [file.width, file.height])).toEqual([[60, 40]]);
  });
});

describe("refusing an upload", () => {
  it("refuses a decompression bomb by its declared size, quickly", async () => {
    const started = performance.now();
    expect(await processImage(pngBomb(), options([320]))).toEqual({ ok: false, problem: "too-many-pixels" });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("refuses a real picture with more pixels than the cap", async () => {
    const input = await plain(2000, 1000).png().toBuffer();
    expect(await processImage(input, options([320], { maxPixels: 1_000_000 }))).toEqual({ ok: false, problem: "too-many-pixels" });
    expect((await processImage(input, options([320], { maxPixels: 2_000_000 }))).ok).toBe(true);
  });

  it("refuses bytes over the limit before looking at them", async () => {
    // Not a picture at all: "too-large" shows the size was checked before any decoding.
    expect(await processImage(new Uint8Array(1001), options([320], { maxBytes: 1000 }))).toEqual({ ok: false, problem: "too-large" });
    const input = await plain(400, 400).png().toBuffer();
    expect(await processImage(input, options([320], { maxBytes: input.length - 1 }))).toEqual({ ok: false, problem: "too-large" });
  });

  it("refuses what is not a picture, and a cut-off one", async () => {
    expect(await processImage(new TextEncoder().encode("hej med dig"), options([320]))).toEqual({ ok: false, problem: "not-image" });
    expect(await processImage(new Uint8Array(0), options([320]))).toEqual({ ok: false, problem: "not-image" });
    const png = await plain(400, 400).png().toBuffer();
    expect(await processImage(png.subarray(0, png.length / 2), options([320]))).toEqual({ ok: false, problem: "not-image" });
    // Starts like a JPEG, is not one.
    expect(await processImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]), options([320]))).toEqual({ ok: false, problem: "not-image" });
  });

  it("refuses SVG and TIFF as types it does not take", async () => {
    const svg = '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
    expect(await processImage(new TextEncoder().encode(svg), options([320]))).toEqual({ ok: false, problem: "unsupported-type" });
    const tiff = await plain(40, 40).tiff().toBuffer();
    expect(await processImage(tiff, options([320]))).toEqual({ ok: false, problem: "unsupported-type" });
  });

  it("takes HEIC only when this build can read it", async () => {
    // The start of an iPhone photo: an "ftyp" box with the HEIC brands.
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypheic\0\0\0\0mif1heic", "latin1"), Buffer.alloc(64)]);
    const result = await processImage(heic, options([320]));
    if (acceptedImageTypes.includes("image/heic")) expect(result).toEqual({ ok: false, problem: "not-image" });
    else expect(result).toEqual({ ok: false, problem: "unsupported-type" });
  });

  it("offers the browser only what this build reads", () => {
    expect(acceptedImageTypes).toEqual(expect.arrayContaining(["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"]));
    expect(acceptedImageTypes).not.toContain("image/svg+xml");
    expect(acceptedImageTypes).not.toContain("image/tiff");
  });

  it("refuses widths that make no sense as a programming error", async () => {
    const input = await plain(10, 10).png().toBuffer();
    await expect(processImage(input, options([]))).rejects.toThrow(/widths/);
    await expect(processImage(input, options([0]))).rejects.toThrow(/widths/);
  });
});

describe("telling the user why", () => {
  it("says it in Danish, with the size limit when given", () => {
    expect(imageProblemMessage("too-large", { maxBytes: 5 * 1024 * 1024 })).toBe("Billedet fylder for meget. Vælg et billede på højst 5 MB.");
    expect(imageProblemMessage("too-large", { maxBytes: 2.5 * 1024 * 1024 })).toBe("Billedet fylder for meget. Vælg et billede på højst 2,5 MB.");
    expect(imageProblemMessage("too-large")).toBe("Billedet fylder for meget. Vælg et mindre billede.");
    expect(imageProblemMessage("too-many-pixels")).toBe("Billedet har for mange pixels. Vælg et mindre billede.");
    expect(imageProblemMessage("not-image")).toMatch(/^Filen kunne ikke læses som et billede\./);
    expect(imageProblemMessage("unsupported-type")).toMatch(/^Den slags billede kan vi ikke bruge\./);
  });
});
