import { Link } from "react-router";
import { t } from "~/lib/i18n";
import type { MiniMapTile } from "../mini-map";

/**
 * A small map drawn with plain tile images around the market, with a pin in the middle. The
 * tiles come from the loader (app/markets/mini-map.ts), so this needs no script.
 */
export function MiniMap({ name, tiles, attribution, bigMapHref }: { name: string; tiles: MiniMapTile[]; attribution: string | null; bigMapHref: string }) {
  return (
    <figure className="mt-4">
      <div
        role="img"
        aria-label={t("market.mapLabel", { name })}
        className="relative h-56 overflow-hidden rounded-xl border border-stone-300 bg-stone-200 dark:border-stone-700 dark:bg-stone-800"
      >
        {tiles.map((tile) => (
          <img
            key={tile.src}
            src={tile.src}
            alt={t("map.tileAlt")}
            width={256}
            height={256}
            loading="lazy"
            decoding="async"
            className="absolute max-w-none select-none"
            style={{ left: `calc(50% + ${tile.left}px)`, top: `calc(50% + ${tile.top}px)` }}
          />
        ))}
        <span
          aria-hidden="true"
          className="absolute left-1/2 top-1/2 size-5 -translate-x-1/2 -translate-y-full rounded-full rounded-br-none border-2 border-white bg-emerald-800 shadow-lg rotate-45"
        />
      </div>
      <figcaption className="mt-1 flex flex-wrap justify-between gap-2 text-xs text-stone-700 dark:text-stone-300">
        <Link to={bigMapHref}>{t("market.seeOnMap")}</Link>
        {attribution ? <span>{attribution}</span> : null}
      </figcaption>
    </figure>
  );
}
