import type { ReactNode } from "react";
import type { MarketType } from "../types";

/**
 * A small drawing for each market type, shown on a card when the market has no picture of its
 * own. Lines are drawn in the text colour (currentColor) and the few filled parts in an accent
 * colour, both with a dark-theme variant, so one drawing serves both themes. Decorative only: the
 * card names the type in words.
 */

interface Drawing {
  /** The area's background and line colour. */
  tint: string;
  /** The filled parts. */
  accent: string;
  shapes: (accent: string) => ReactNode;
}

const DRAWINGS: Record<MarketType, Drawing> = {
  // A stall with a striped awning and a few things on its table.
  flea_market: {
    tint: "bg-emerald-50 text-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-300",
    accent: "fill-amber-300 dark:fill-amber-600",
    shapes: (accent) => (
      <>
        <path className={accent} d="M12 10h40l4 12H8z" />
        <path d="M20 10v12M28 10v12M36 10v12M44 10v12" />
        <path d="M8 22a4 4 0 0 0 8 0a4 4 0 0 0 8 0a4 4 0 0 0 8 0a4 4 0 0 0 8 0a4 4 0 0 0 8 0a4 4 0 0 0 8 0" />
        <path d="M12 26v28M52 26v28M6 54h52M10 42h44" />
        <path className={accent} d="M18 42v-7h7v7z" />
        <circle cx="38" cy="38" r="4" />
      </>
    ),
  },
  // A market tent with a pennant on top.
  vendor_market: {
    tint: "bg-amber-50 text-amber-900 dark:bg-amber-950/60 dark:text-amber-300",
    accent: "fill-rose-300 dark:fill-rose-700",
    shapes: (accent) => (
      <>
        <path className={accent} d="M32 16 54 52H10z" />
        <path d="M32 16v-10l9 3.5-9 3.5M26 52l6-16 6 16M4 52h56" />
      </>
    ),
  },
  // Two arrows going round a T-shirt: give one, take one.
  swap_market: {
    tint: "bg-sky-50 text-sky-800 dark:bg-sky-950/60 dark:text-sky-300",
    accent: "fill-sky-200 dark:fill-sky-700",
    shapes: (accent) => (
      <>
        <path d="M12 28a20 20 0 0 1 34-12M46 8v8h-8M52 36a20 20 0 0 1-34 12M18 56v-8h8" />
        <path className={accent} d="M26 24l5-3h2l5 3-2 5-2-1v10h-8V28l-2 1z" />
      </>
    ),
  },
  // A mantel clock and a vase.
  antique_market: {
    tint: "bg-orange-50 text-orange-900 dark:bg-orange-950/60 dark:text-orange-300",
    accent: "fill-orange-200 dark:fill-orange-800",
    shapes: (accent) => (
      <>
        <path className={accent} d="M12 52h22l-2-10H14z" />
        <circle className={accent} cx="23" cy="30" r="12" />
        <path d="M23 30v-7M23 30l5 3" />
        <path className={accent} d="M46 52c-7 0-8-9-4-15 2-3 2-7 0-9h8c-2 2-2 6 0 9 4 6 3 15-4 15z" />
        <path d="M6 52h52" />
      </>
    ),
  },
  // A shelf with books, a jar and a box: a rented shelf in a shelf market.
  shelf_market: {
    tint: "bg-teal-50 text-teal-800 dark:bg-teal-950/60 dark:text-teal-300",
    accent: "fill-teal-200 dark:fill-teal-700",
    shapes: (accent) => (
      <>
        <path d="M12 6h40v50H12zM12 24h40M12 40h40" />
        <path className={accent} d="M17 24v-12h4v12zM22 24v-14h4v14zM28 24l2-11 4 .8-2 10.2z" />
        <path className={accent} d="M38 40v-8a3 3 0 0 1 3-3h2a3 3 0 0 1 3 3v8z" />
        <path className={accent} d="M18 56v-10h14v10z" />
      </>
    ),
  },
  // A clothes hanger with a price tag.
  thrift_store: {
    tint: "bg-rose-50 text-rose-800 dark:bg-rose-950/60 dark:text-rose-300",
    accent: "fill-rose-200 dark:fill-rose-800",
    shapes: (accent) => (
      <>
        <path d="M27 14a5 5 0 1 1 5 5v6M32 25 8 44h48z" />
        <path d="M44 44v4" />
        <path className={accent} d="M40 48h8v8l-4 3-4-3z" />
      </>
    ),
  },
  // A pendant lamp of stacked shades, a Danish design classic.
  design_secondhand: {
    tint: "bg-violet-50 text-violet-800 dark:bg-violet-950/60 dark:text-violet-300",
    accent: "fill-amber-200 dark:fill-amber-600",
    shapes: (accent) => (
      <>
        <path d="M32 4v15" />
        <path className={accent} d="M22 24c2-7 18-7 20 0z" />
        <path className={accent} d="M14 36c4-10 32-10 36 0z" />
        <path className={accent} d="M20 46c4-6 20-6 24 0z" />
        <path d="M24 54l-3 4M32 54v5M40 54l3 4" />
      </>
    ),
  },
  // A vinyl record: records, comics, toys, one kind of thing.
  specialty_market: {
    tint: "bg-indigo-50 text-indigo-800 dark:bg-indigo-950/60 dark:text-indigo-300",
    accent: "fill-indigo-300 dark:fill-indigo-600",
    shapes: (accent) => (
      <>
        <circle cx="32" cy="32" r="24" />
        <path d="M32 16a16 16 0 0 1 16 16M32 48a16 16 0 0 1-16-16" />
        <circle className={accent} cx="32" cy="32" r="7" />
        <circle cx="32" cy="32" r="1.5" />
      </>
    ),
  },
  // Bunting and a star: a market with a theme or a season.
  themed_event: {
    tint: "bg-red-50 text-red-800 dark:bg-red-950/60 dark:text-red-300",
    accent: "fill-amber-300 dark:fill-amber-600",
    shapes: (accent) => (
      <>
        <path d="M4 10q28 14 56 0" />
        <path className={accent} d="M12.4 13.6 16.6 25l4.2-9.1zM29.2 16.9 33.4 27l4.2-10.3zM46 15.3 50.2 24l4.2-11.5z" />
        <path className={accent} d="M32 30l4 8 8 1-6 6 2 8-8-4-8 4 2-8-6-6 8-1z" />
      </>
    ),
  },
};

/** The drawing of a market type on its tinted background, filling the box it is put in. */
export function MarketTypeIllustration({ type, className = "" }: { type: MarketType; className?: string }) {
  const drawing = DRAWINGS[type];
  return (
    <div className={`relative ${drawing.tint} ${className}`}>
      {/* Placed rather than sized by its content, so that the box keeps the shape it is given. */}
      <svg
        viewBox="0 0 64 64"
        className="absolute inset-x-0 top-[12.5%] h-3/4 w-full"
        fill="none"
        stroke="currentColor"
        strokeWidth={2.25}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        {drawing.shapes(drawing.accent)}
      </svg>
    </div>
  );
}
