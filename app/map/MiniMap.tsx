import { Link } from "react-router";
import { t } from "~/lib/i18n";
import type { MiniMapPin, MiniMapTile } from "./mini-map";

const CENTRE: MiniMapPin[] = [{ left: 0, top: 0 }];

/**
 * A small map drawn with plain tile images, with a pin on each market (one in the middle on a
 * market's page). The tiles come from the loader (app/map/mini-map.ts), so this needs no script.
 */
export function MiniMap({
  label,
  tiles,
  pins = CENTRE,
  attribution,
  bigMapHref,
  bigMapText = t("market.seeOnMap"),
}: {
  /** What the map shows, for screen readers: "Kort over …". */
  label: string;
  tiles: MiniMapTile[];
  pins?: MiniMapPin[];
  attribution: string | null;
  bigMapHref: string;
  bigMapText?: string;
}) {
  return (
    <figure className="mt-4">
      <div role="img" aria-label={label} className="relative h-56 overflow-hidden rounded-xl border border-stone-300 bg-stone-200 dark:border-stone-700 dark:bg-stone-800">
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
        {pins.map((pin, index) => (
          <span
            // Two markets can share a spot, so the position is not a key.
            key={index}
            aria-hidden="true"
            className="absolute size-5 -translate-x-1/2 -translate-y-full rounded-full rounded-br-none border-2 border-white bg-emerald-800 shadow-lg rotate-45"
            style={{ left: `calc(50% + ${pin.left}px)`, top: `calc(50% + ${pin.top}px)` }}
          />
        ))}
      </div>
      <figcaption className="mt-1 flex flex-wrap justify-between gap-2 text-xs text-stone-700 dark:text-stone-300">
        <Link to={bigMapHref}>{bigMapText}</Link>
        {attribution ? <span>{attribution}</span> : null}
      </figcaption>
    </figure>
  );
}
