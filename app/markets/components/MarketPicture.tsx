import { imageSrcSet, imageUrlFor, largestImageUrl } from "../image-urls";
import type { MarketImage } from "../types";

/**
 * A market's stored picture (market_images, served under /billeder): its own size reserved so
 * nothing moves while it loads, decoded off the main thread, and fetched only near the screen
 * unless it is part of the first screen. With several widths the browser picks by `sizes` (how
 * wide the picture is drawn); the fallback src is a middle width, enough for a card.
 */
export function MarketPicture({ image, className, eager = false, sizes = "100vw" }: { image: MarketImage; className: string; eager?: boolean; sizes?: string }) {
  const srcSet = imageSrcSet(image);
  return (
    <img
      src={srcSet ? imageUrlFor(image, 800) : largestImageUrl(image)}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={eager ? undefined : "lazy"}
      decoding="async"
      className={className}
    />
  );
}
