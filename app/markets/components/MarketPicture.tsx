import type { MarketImage } from "../types";

/**
 * A market's stored picture (market_images, served under /billeder): its own size reserved so
 * nothing moves while it loads, decoded off the main thread, and fetched only near the screen
 * unless it is part of the first screen.
 */
export function MarketPicture({ image, className, eager = false }: { image: MarketImage; className: string; eager?: boolean }) {
  return (
    <img
      src={`/billeder/${image.storageKey}`}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={eager ? undefined : "lazy"}
      decoding="async"
      className={className}
    />
  );
}
