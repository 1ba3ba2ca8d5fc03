import { useState } from "react";
import { t } from "~/lib/i18n";
import type { LeafletMap } from "./use-leaflet-map";

export interface Position {
  lat: number;
  lng: number;
}

/**
 * "Find markets near me": asks the browser where the visitor is, marks the spot on the map's
 * position layer and centres the map there. The list beside the map then sorts by distance, and
 * `onLocated` hands the position on (the page sends its filters with it, so its list follows).
 */
export function useNearMe(leafletMap: LeafletMap, onLocated?: (here: Position) => void) {
  const [position, setPosition] = useState<Position | null>(null);
  const [locating, setLocating] = useState(false);
  const [locationMessage, setLocationMessage] = useState("");

  const findNearMe = () => {
    if (!("geolocation" in navigator)) {
      setLocationMessage(t("markets.locationUnavailable"));
      return;
    }
    setLocating(true);
    setLocationMessage("");
    navigator.geolocation.getCurrentPosition(
      (found) => {
        setLocating(false);
        const here = { lat: found.coords.latitude, lng: found.coords.longitude };
        setPosition(here);
        onLocated?.(here);
        const L = leafletMap.leaflet.current;
        const map = leafletMap.map.current;
        if (!L || !map) return;
        leafletMap.positionLayer.current?.clearLayers();
        L.circleMarker([here.lat, here.lng], { radius: 8, color: "#1d4ed8", fillColor: "#3b82f6", fillOpacity: 0.9 })
          .bindTooltip(t("map.youAreHere"))
          .addTo(leafletMap.positionLayer.current!);
        map.setView([here.lat, here.lng], Math.max(12, Math.round(map.getZoom())));
      },
      (failure) => {
        setLocating(false);
        setLocationMessage(failure.code === failure.PERMISSION_DENIED ? t("markets.locationDenied") : t("markets.locationUnavailable"));
      },
      { timeout: 10_000, maximumAge: 300_000 },
    );
  };

  return { position, locating, locationMessage, findNearMe };
}
