import type { MapPart, MapSettings } from "./map-settings";

/* The frame of the map (MarketMapFrame.tsx) as the script reads it: its settings and its parts. */

const numberOf = (value: string | undefined) => (value ? Number(value) : Number.NaN);

/** The settings the server put on the frame; a focus or position that is not a number is left out. */
export function readMapSettings(frame: HTMLElement): MapSettings {
  const data = frame.dataset;
  const [lat, lng, zoom] = [numberOf(data.focusLat), numberOf(data.focusLng), numberOf(data.focusZoom)];
  const [positionLat, positionLng] = [numberOf(data.positionLat), numberOf(data.positionLng)];
  return {
    tileUrl: data.tileUrl ?? "",
    attribution: data.attribution ?? null,
    focus: Number.isFinite(lat) && Number.isFinite(lng) && Number.isFinite(zoom) ? { lat, lng, zoom } : null,
    position: Number.isFinite(positionLat) && Number.isFinite(positionLng) ? { lat: positionLat, lng: positionLng } : null,
    filterQuery: data.filterQuery ?? "",
    savedIds: data.savedIds ? data.savedIds.split(" ") : [],
  };
}

/** A part of the frame; the frame is the server's, so a part missing from it is a mistake in this code. */
export function findPart<T extends HTMLElement = HTMLElement>(frame: HTMLElement, part: MapPart): T {
  const found = frame.querySelector<T>(`[data-map-part="${part}"]`);
  if (!found) throw new Error(`Kortets del "${part}" mangler`);
  return found;
}
