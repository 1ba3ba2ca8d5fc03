import { createHash } from "node:crypto";
import type Sharp from "sharp";
import type { Metadata } from "sharp";
import { lazyModule } from "../memo/lazy-module.server";
import { isAcceptedType, sniffImageType, typeInfo } from "./formats.server";

const sharp = lazyModule<typeof Sharp>("sharp");

export type ImageProblem = "too-large" | "too-many-pixels" | "not-image" | "unsupported-type";

export interface ProcessImageOptions {
  /** One WebP file is made per width, in this order; a picture is never made larger than it is. */
  widths: readonly number[];
  /** Crop to a square (the interesting part kept), as for avatars. */
  square?: boolean;
  /** Refused before anything is decoded. */
  maxBytes: number;
  /** Width × height the upload may declare: a small file can declare a picture that fills all memory. */
  maxPixels: number;
}

export interface ProcessedImage {
  /** The width asked for; the file is narrower when the picture was. */
  requestedWidth: number;
  width: number;
  height: number;
  /**
   * Made from the encoded bytes, so a URL with it never changes what it shows and can be cached
   * for good. Two widths that came out the same (a small picture) share their key.
   */
  key: string;
  data: Buffer;
  contentType: "image/webp";
}

export type ProcessImageResult = { ok: true; files: ProcessedImage[] } | { ok: false; problem: ImageProblem };

const WEBP_QUALITY = 82;

/** 16 hex characters (64 bits) of SHA-256: no two different pictures will meet. */
export function contentKey(data: Uint8Array): string {
  return createHash("sha256").update(data).digest("hex").slice(0, 16);
}

function isPixelLimitError(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

/**
 * Turns an upload into WebP files that are safe to publish. Whatever the file claims to be, only
 * the types this server can read get through, checked by their first bytes and again by sharp.
 * The picture is turned upright the way the camera meant and re-encoded, which leaves behind all
 * its metadata: camera, GPS position, XMP; colours are converted to sRGB.
 */
export async function processImage(bytes: Uint8Array, options: ProcessImageOptions): Promise<ProcessImageResult> {
  const { widths, square = false, maxBytes, maxPixels } = options;
  if (widths.length === 0 || widths.some((width) => !Number.isInteger(width) || width < 1)) {
    throw new Error(`processImage: widths must be positive whole numbers, got ${JSON.stringify(widths)}`);
  }
  if (bytes.byteLength > maxBytes) return { ok: false, problem: "too-large" };

  const type = sniffImageType(bytes);
  if (type === null) return { ok: false, problem: "not-image" };
  if (!isAcceptedType(type)) return { ok: false, problem: "unsupported-type" };

  // Only the first frame of an animated GIF or WebP is read (sharp's default), so the cap holds
  // per upload, not per frame, and a listing shows a still picture.
  // failOn "error": phones write JPEGs with small flaws a viewer shows anyway; only what cannot be
  // read is refused. limitInputPixels makes libvips itself refuse to decode past the cap.
  const sharpOptions = { failOn: "error", limitInputPixels: maxPixels } as const;
  let metadata: Metadata;
  try {
    // metadata() reads only the header, so a declared size is known before any pixel is allocated.
    metadata = await sharp()(bytes, sharpOptions).metadata();
  } catch (error) {
    return { ok: false, problem: isPixelLimitError(error) ? "too-many-pixels" : "not-image" };
  }
  const expected = typeInfo(type);
  if (metadata.format !== expected.sharpFormat || (expected.compression && metadata.compression !== expected.compression)) {
    // The start said one type, the rest is another (or nothing): not a picture we can trust.
    return { ok: false, problem: "not-image" };
  }
  if (!metadata.width || !metadata.height) return { ok: false, problem: "not-image" };
  if (metadata.width * metadata.height > maxPixels) return { ok: false, problem: "too-many-pixels" };

  const upright = metadata.autoOrient;
  const files: ProcessedImage[] = [];
  try {
    // One at a time: each decode of a large photo takes its own memory, and the server has few cores.
    for (const requestedWidth of widths) {
      const pipeline = sharp()(bytes, sharpOptions).autoOrient();
      if (square) {
        const side = Math.min(requestedWidth, upright.width, upright.height);
        pipeline.resize(side, side, { fit: "cover", position: sharp().strategy.attention });
      } else {
        pipeline.resize({ width: requestedWidth, withoutEnlargement: true });
      }
      // No keepMetadata()/withMetadata(): sharp's output then carries no EXIF, XMP or ICC profile.
      const { data, info } = await pipeline.webp({ quality: WEBP_QUALITY }).toBuffer({ resolveWithObject: true });
      files.push({ requestedWidth, width: info.width, height: info.height, key: contentKey(data), data, contentType: "image/webp" });
    }
  } catch (error) {
    // A header that reads fine over pixels that do not (a cut-off upload).
    return { ok: false, problem: isPixelLimitError(error) ? "too-many-pixels" : "not-image" };
  }
  return { ok: true, files };
}
