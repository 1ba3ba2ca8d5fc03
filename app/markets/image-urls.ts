import type { MarketImage } from "./types";

/*
 * The addresses of a market picture's files (app/organiser/pictures/): one WebP per stored width,
 * "/billeder/{storageKey}-{width}.webp", or the one file at storageKey when widths is null.
 * No server imports: the cards and the market page build their <img> from these.
 */

type ImageFiles = Pick<MarketImage, "storageKey" | "widths">;

/** The widths kept for a picture, narrowest first; [] when it is one file without widths. */
function sortedWidths(image: ImageFiles): number[] {
  return [...(image.widths ?? [])].sort((a, b) => a - b);
}

/** The address of one width's file. */
export function imageFileUrl(storageKey: string, width: number): string {
  return `/billeder/${storageKey}-${width}.webp`;
}

/** The widest file: the fallback src, and the picture a link preview shows. */
export function largestImageUrl(image: ImageFiles): string {
  const widths = sortedWidths(image);
  return widths.length ? imageFileUrl(image.storageKey, widths.at(-1)!) : `/billeder/${image.storageKey}`;
}

/** The file closest above `wanted` pixels wide (or the widest), for a small preview. */
export function imageUrlFor(image: ImageFiles, wanted: number): string {
  const widths = sortedWidths(image);
  if (!widths.length) return `/billeder/${image.storageKey}`;
  return imageFileUrl(image.storageKey, widths.find((width) => width >= wanted) ?? widths.at(-1)!);
}

/** "…-400.webp 400w, …-800.webp 800w": undefined for a picture of one file. */
export function imageSrcSet(image: ImageFiles): string | undefined {
  const widths = sortedWidths(image);
  if (widths.length < 2) return undefined;
  return widths.map((width) => `${imageFileUrl(image.storageKey, width)} ${width}w`).join(", ");
}
