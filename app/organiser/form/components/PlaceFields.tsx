import { useRef, useState, type FormEvent } from "react";
import { buttonClass } from "~/components/ui/button";
import { FieldError, hintClass, labelClass } from "~/components/ui/form-fields";
import { TextField } from "~/forms/TextField";
import type { SchemaField } from "~/forms/use-schema-form";
import { t } from "~/lib/i18n";
import { useHydrated } from "~/lib/use-hydrated";
import { PositionMap, type Position } from "./PositionMap";

/** The town table the loader hands the page: postal code → [town, latitude, longitude]. */
export type TownTable = Record<string, [string, number, number]>;

export interface MapSettings {
  tileUrl: string;
  attribution: string | null;
}

const initialText = (field: SchemaField) => (typeof field.initialValue === "string" ? field.initialValue : "");

function initialPosition(fields: Record<string, SchemaField>): Position | null {
  const lat = Number(initialText(fields.latitude!).replace(",", "."));
  const lng = Number(initialText(fields.longitude!).replace(",", "."));
  return initialText(fields.latitude!) && initialText(fields.longitude!) && Number.isFinite(lat) && Number.isFinite(lng) ? { lat, lng } : null;
}

/** "56,15678": the position as a Dane reads it. */
const danish = (value: number) => value.toLocaleString("da-DK", { maximumFractionDigits: 5 });

/**
 * A pin this far from the town of a postal code typed after it was not put for that address (a
 * click on the map of all Denmark before the address was known, or another town's code): it goes
 * to the new town's centre. A pin nearer, put on the venue, stays where the person put it.
 */
const FOLLOWS_BEYOND_KM = 20;

function kilometresBetween(a: Position, b: Position): number {
  const radians = Math.PI / 180;
  const dLat = (b.lat - a.lat) * radians;
  const dLng = (b.lng - a.lng) * radians;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * radians) * Math.cos(b.lat * radians) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/**
 * "Sted": the venue, the address and the position. The town fills itself in from the postal code
 * (the town table): as soon as four digits are typed with JavaScript, on saving without. The
 * position follows the postal code (the town's centre) until the person moves the pin on the map
 * (JavaScript only), and after that only to a town far from the pin (FOLLOWS_BEYOND_KM); the hidden
 * fields carry it, and "pinned" says the person chose it.
 */
export function PlaceFields({ fields, towns, map, firstInvalid }: { fields: Record<string, SchemaField>; towns: TownTable; map: MapSettings; firstInvalid?: string }) {
  const hydrated = useHydrated();
  const [position, setPosition] = useState<Position | null>(() => initialPosition(fields));
  const [pinned, setPinned] = useState(initialText(fields.pinned!) === "1");
  // The town table's entry for the postal code typed: its name and centre.
  const [known, setKnown] = useState<[string, number, number] | null>(() => towns[initialText(fields.postalCode!).trim()] ?? null);
  const town = known?.[0] ?? null;
  // The town the page filled in itself: replaced when the code changes, unlike a town the person typed.
  const filledTown = useRef<string | null>(null);

  function onPostalCode(event: FormEvent<HTMLInputElement>) {
    const code = event.currentTarget.value.trim();
    const entry = /^\d{4}$/.test(code) ? towns[code] : undefined;
    setKnown(entry ?? null);
    // Without a pin the position is the town's centre: none for a code the table does not know.
    if (!entry) {
      if (!pinned) setPosition(null);
      return;
    }
    const [name, lat, lng] = entry;
    const city = event.currentTarget.form?.elements.namedItem("city");
    if (city instanceof HTMLInputElement && (city.value.trim() === "" || city.value === filledTown.current)) {
      city.value = name;
      filledTown.current = name;
      // Told to the form's checks as if typed, so a message about the empty town goes away.
      city.dispatchEvent(new Event("input", { bubbles: true }));
    }
    const centre = { lat, lng };
    if (!pinned || !position || kilometresBetween(position, centre) > FOLLOWS_BEYOND_KM) {
      setPinned(false);
      setPosition(centre);
    }
  }

  function moveTo(next: Position) {
    setPosition(next);
    setPinned(true);
  }

  function backToTown() {
    setPinned(false);
    setPosition(known ? { lat: known[1], lng: known[2] } : null);
  }

  const positionText = !position
    ? t("organiser.form.position.none")
    : pinned
      ? t("organiser.form.position.pinned", { lat: danish(position.lat), lng: danish(position.lng) })
      : t("organiser.form.position.townCentre", { town: town ?? "" });

  return (
    <>
      <TextField
        field={fields.venueName!}
        type="text"
        label={t("organiser.form.fields.venueName")}
        hint={t("organiser.form.fields.venueNameHint")}
        autoFocus={firstInvalid === "venueName"}
      />
      <TextField field={fields.street!} type="text" label={t("organiser.form.fields.street")} autoComplete="street-address" autoFocus={firstInvalid === "street"} />
      <div className="grid gap-5 sm:grid-cols-[10rem_1fr]">
        <TextField
          field={fields.postalCode!}
          type="text"
          inputMode="numeric"
          autoComplete="postal-code"
          label={t("organiser.form.fields.postalCode")}
          onInput={onPostalCode}
          autoFocus={firstInvalid === "postalCode"}
        />
        <TextField
          field={fields.city!}
          type="text"
          autoComplete="address-level2"
          label={t("organiser.form.fields.city")}
          hint={t("organiser.form.fields.cityHint")}
          autoFocus={firstInvalid === "city"}
        />
      </div>

      <div>
        <p className={labelClass} id="placering-label">
          {t("organiser.form.position.heading")}
        </p>
        <p id="placering-hint" className={hintClass}>
          {hydrated ? t("organiser.form.position.hint") : t("organiser.form.position.hintWithoutScript")}
        </p>
        {hydrated ? <PositionMap tileUrl={map.tileUrl} attribution={map.attribution} position={position} onMove={moveTo} /> : null}
        <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
          <p role="status" className="text-sm text-stone-700 dark:text-stone-300">
            {positionText}
          </p>
          {hydrated && pinned && town ? (
            <button type="button" className={`${buttonClass("secondary")} text-sm`} onClick={backToTown}>
              {t("organiser.form.position.reset")}
            </button>
          ) : null}
        </div>
        <FieldError id="latitude-fejl" message={fields.latitude!.errors?.[0] ?? fields.longitude!.errors?.[0]} />
        <input type="hidden" name="latitude" value={position ? String(position.lat) : ""} readOnly />
        <input type="hidden" name="longitude" value={position ? String(position.lng) : ""} readOnly />
        <input type="hidden" name="pinned" value={pinned ? "1" : ""} readOnly />
      </div>
    </>
  );
}
