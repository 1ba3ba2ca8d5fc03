import { buttonClass } from "~/components/ui/button";
import { t } from "~/lib/i18n";
import { SaveButton } from "../saved/components/SaveButton";
import { mapPart, mapSettingsAttributes, type MapSettings } from "./map-settings";

/**
 * The map of /markeder as the server renders it, on a page without React (decision 0022): the
 * "nær mig" button, the element the map is drawn in and the list beside it, all empty and hidden
 * until the script (app/progressive/map.ts, then market-map.ts) shows and fills them, so that a
 * visitor without JavaScript gets no empty map. The settings the script needs are data attributes.
 */
export function MarketMapFrame({ settings, listId, filterFormId }: { settings: MapSettings; listId: string; filterFormId: string }) {
  return (
    <div hidden {...mapSettingsAttributes(settings)} className="mt-6 grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div>
        {/* The button's height is kept while it is hidden, so the map does not move when it appears. */}
        <div className="mb-2 flex min-h-11 flex-wrap items-center gap-3">
          {/* It names the filter form, which it sends with the position once found. */}
          <button type="button" hidden form={filterFormId} {...mapPart("near-me")} className={buttonClass("secondary")}>
            {t("map.nearMe")}
          </button>
          <p role="alert" {...mapPart("near-me-message")} className="text-sm font-medium text-red-700 empty:hidden dark:text-red-300" />
        </div>
        <div
          {...mapPart("canvas")}
          role="region"
          aria-label={t("map.mapLabel")}
          // isolate: the map library's panes stack up to z-index 1000; kept inside the map, they
          // cannot paint over the cookie banner or the toasts.
          className="isolate h-[28rem] w-full overflow-hidden rounded-2xl border border-stone-300 bg-stone-200 lg:h-[36rem] dark:border-stone-700 dark:bg-stone-800"
          data-testid="market-map"
        />
      </div>
      {/* Beside the map, the same markets as a list for keyboards and screen readers (map-list.ts). */}
      <section
        {...mapPart("list")}
        aria-labelledby="kortliste-overskrift"
        aria-busy="true"
        className="rounded-2xl border border-stone-300 bg-white p-4 lg:max-h-[39rem] lg:overflow-y-auto dark:border-stone-700 dark:bg-stone-900"
      >
        <h2 id="kortliste-overskrift" className="text-xl font-bold">
          {t("map.listHeading")}
        </h2>
        <p role="status" aria-live="polite" {...mapPart("status")} className="mt-1 text-sm text-stone-700 dark:text-stone-300">
          {t("map.loading")}
        </p>
        <p hidden {...mapPart("truncated")} className="mt-1 text-sm">
          {t("map.truncated")}
        </p>
        <ul hidden {...mapPart("markets")} className="mt-3 grid gap-3" data-testid="map-list-markets" />
        {/* Many areas to zoom into: a keyboard gets past them to the list of every market in one step. */}
        <a hidden href={`#${listId}`} {...mapPart("skip")} className="mt-3 inline-block text-sm">
          {t("map.skipClusters")}
        </a>
        <ul hidden {...mapPart("clusters")} className="mt-3 grid gap-2" data-testid="map-list-clusters" />
        {/* The one "Gem" button, which the script copies for each market in the list (map-list.ts). */}
        <template {...mapPart("save-button")}>
          <SaveButton marketId="" name="" anchorSuffix="kort" className="mt-2" />
        </template>
      </section>
    </div>
  );
}
