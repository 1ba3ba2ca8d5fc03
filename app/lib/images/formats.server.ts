import type Sharp from "sharp";
import type { AvailableFormatInfo } from "sharp";
import { lazyModule } from "../memo/lazy-module.server";

const sharp = lazyModule<typeof Sharp>("sharp");

/**
 * The picture types Loppeguiden takes from an upload, told apart by their first bytes. Only bytes
 * that start like one of these are ever handed to sharp: an SVG (a document that can point at
 * other files), a TIFF or a PDF never reaches a decoder, whatever name or type the browser gave.
 */
export type ImageType = "jpeg" | "png" | "webp" | "gif" | "avif" | "heic";

/** Types a picture may be that we still do not take: worth telling the user so, not "not a picture". */
export type OtherImageType = "svg" | "tiff" | "bmp" | "jxl" | "ico" | "psd";

interface TypeInfo {
  mimeTypes: string[];
  /** What sharp's metadata() reports for the type, to check the bytes say what their start says. */
  sharpFormat: string;
  /** AVIF and HEIC are both "heif" to sharp; only the compression tells them apart. */
  compression?: "av1" | "hevc";
}

const TYPES: Record<ImageType, TypeInfo> = {
  jpeg: { mimeTypes: ["image/jpeg"], sharpFormat: "jpeg" },
  png: { mimeTypes: ["image/png"], sharpFormat: "png" },
  webp: { mimeTypes: ["image/webp"], sharpFormat: "webp" },
  gif: { mimeTypes: ["image/gif"], sharpFormat: "gif" },
  avif: { mimeTypes: ["image/avif"], sharpFormat: "heif", compression: "av1" },
  heic: { mimeTypes: ["image/heic", "image/heif"], sharpFormat: "heif", compression: "hevc" },
};

/**
 * Whether this sharp build can read the type from memory. The prebuilt libvips reads AVIF but
 * carries no HEVC decoder (patents), so HEIC from iPhones is only taken when a build lists ".heic"
 * among the HEIF suffixes it reads; sharp.format says so at run time.
 */
function decodes(type: ImageType): boolean {
  const formats = sharp().format as unknown as Record<string, AvailableFormatInfo | undefined>;
  const info = formats[TYPES[type].sharpFormat];
  if (!info?.input.buffer) return false;
  if (type === "avif") return info.input.fileSuffix?.includes(".avif") ?? false;
  if (type === "heic") return info.input.fileSuffix?.includes(".heic") ?? false;
  return true;
}

/** The types taken, in the order they are named to users. */
export const ACCEPTED_TYPES: readonly ImageType[] = (["jpeg", "png", "webp", "gif", "avif", "heic"] as const).filter(decodes);

/** For <input type="file" accept="…">: only what this server can read, so a browser offers nothing else. */
export const acceptedImageTypes: readonly string[] = ACCEPTED_TYPES.flatMap((type) => TYPES[type].mimeTypes);

export function typeInfo(type: ImageType): TypeInfo {
  return TYPES[type];
}

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, end));
}

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}

const AVIF_BRANDS = new Set(["avif", "avis"]);
const HEIC_BRANDS = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"]);

/** AVIF and HEIC are ISO media files: the "ftyp" box lists brands, and AVIF ones name "avif". */
function isoMediaType(bytes: Uint8Array): ImageType | null {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== "ftyp") return null;
  const boxSize = Math.min(((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0, bytes.length, 256);
  const brands = [ascii(bytes, 8, 12)];
  for (let offset = 16; offset + 4 <= boxSize; offset += 4) brands.push(ascii(bytes, offset, offset + 4));
  if (brands.some((brand) => AVIF_BRANDS.has(brand))) return "avif";
  if (brands.some((brand) => HEIC_BRANDS.has(brand))) return "heic";
  return null;
}

/** The type the first bytes announce, or null when they are no picture type we know. */
export function sniffImageType(bytes: Uint8Array): ImageType | OtherImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  const head = ascii(bytes, 0, Math.min(bytes.length, 12));
  if (head.startsWith("GIF87a") || head.startsWith("GIF89a")) return "gif";
  if (head.startsWith("RIFF") && head.slice(8, 12) === "WEBP") return "webp";
  const iso = isoMediaType(bytes);
  if (iso) return iso;
  if (head.startsWith("II*\0") || head.startsWith("MM\0*")) return "tiff";
  // "BM" alone is too common a start for text; a bitmap header has four reserved zero bytes after its size.
  if (head.startsWith("BM") && bytes.length > 10 && [6, 7, 8, 9].every((index) => bytes[index] === 0)) return "bmp";
  if (head.startsWith("8BPS")) return "psd";
  if (startsWith(bytes, [0xff, 0x0a]) || head === "\0\0\0\x0cJXL \r\n") return "jxl";
  if (startsWith(bytes, [0x00, 0x00, 0x01, 0x00])) return "ico";
  // An SVG is text: an XML declaration, comments or a doctype may come before <svg.
  const text = new TextDecoder("utf-8", { fatal: false })
    .decode(bytes.subarray(0, 1024))
    .replace(/^\uFEFF/, "")
    .trimStart();
  if (text.startsWith("<") && /<svg[\s>]/i.test(text)) return "svg";
  return null;
}

export function isAcceptedType(type: ImageType | OtherImageType): type is ImageType {
  return (ACCEPTED_TYPES as readonly string[]).includes(type);
}
