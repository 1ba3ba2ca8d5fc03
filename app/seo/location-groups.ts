import { t } from "~/lib/i18n";
import { LOCATIONS, type LocationKey, type LocationKind } from "~/markets/locations";
import { compareDanish } from "~/markets/sorting";

/**
 * The 38 landing-page locations in the groups the human sitemap shows them in. The filter's
 * REGION_GROUPS covers only its 25 options, so the sitemap groups by each place's kind
 * (app/markets/locations.ts): parts of the country first, then the four big cities, the other
 * towns and districts in Danish alphabetical order, and last the places across the water.
 */
export interface LocationGroup {
  id: string;
  label: string;
  keys: readonly LocationKey[];
}

const keysOf = (kind: LocationKind) => LOCATIONS.filter((place) => place.kind === kind).map((place) => place.key);

/** The 22 towns in Danish alphabetical order: a reader scans the list for a name. */
const townKeys = LOCATIONS.filter((place) => place.kind === "town")
  .sort((a, b) => compareDanish(a.name, b.name))
  .map((place) => place.key);

export const LOCATION_GROUPS: readonly LocationGroup[] = [
  { id: "landsdele", label: t("sitemap.groups.regions"), keys: keysOf("part") },
  { id: "storbyer", label: t("sitemap.groups.cities"), keys: keysOf("city") },
  { id: "byer", label: t("sitemap.groups.towns"), keys: townKeys },
  { id: "oeer", label: t("sitemap.groups.overseas"), keys: keysOf("overseas") },
];
