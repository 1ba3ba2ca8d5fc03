import { describe, expect, it } from "vitest";
import { readMapSettings } from "./map-frame";
import { mapSettingsAttributes, type MapSettings } from "./map-settings";

/** An element with the attributes the server wrote, as far as readMapSettings looks at it: its dataset. */
function frameWith(attributes: Record<string, string | undefined>): HTMLElement {
  const dataset: Record<string, string> = {};
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined) continue;
    dataset[name.slice("data-".length).replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())] = value;
  }
  return { dataset } as unknown as HTMLElement;
}

const roundTrip = (settings: MapSettings) => readMapSettings(frameWith(mapSettingsAttributes(settings)));

describe("the map's settings in the frame's data attributes", () => {
  it("are read back as the server wrote them", () => {
    const settings: MapSettings = {
      tileUrl: "https://tile.example/{z}/{x}/{y}.png",
      attribution: '© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>',
      focus: { lat: 55.6761, lng: 12.5683, zoom: 12 },
      position: { lat: 55.6761, lng: 12.5683 },
      filterQuery: "type=loppemarkeder&omraade=koebenhavn",
      savedIds: ["00000000-0000-4000-8000-000000000001", "00000000-0000-4000-8000-000000000002"],
    };
    expect(roundTrip(settings)).toEqual(settings);
  });

  it("leave out what the page does not have: a focus, a position, an attribution, saved markets", () => {
    const settings: MapSettings = { tileUrl: "/test/kortflise/{z}/{x}/{y}", attribution: null, focus: null, position: null, filterQuery: "", savedIds: [] };
    expect(roundTrip(settings)).toEqual(settings);
  });
});
