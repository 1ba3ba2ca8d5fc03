import sharp from "sharp";
import type { Client } from "./site";

/**
 * The market form filled in as a person fills it in, without JavaScript: the steps' fields, a
 * draft made and led to "Se og send", and a photo to upload. For the request-level tests that
 * need a draft or a sent market as their starting point.
 */

export const MARKET_STEPS = {
  "om-markedet": { type: "flea_market", description: "Stort marked med over 100 boder." },
  sted: { venueName: "Torvet", street: "Torvet 1", postalCode: "8000", city: "" },
  "datoer-og-tider": { tidsplan: "dato", "enkelt.dato": "2027-05-02", "enkelt.aabner": "10:00", "enkelt.lukker": "15:00" },
  praktisk: { entry: "gratis" },
  kontakt: { email: "info@torvet.dk" },
};

/** Every Sunday from January 2025, as a market's stored schedule. */
export const SUNDAYS = [{ kind: "rule", startDate: "2025-01-05", rrule: "FREQ=WEEKLY;BYDAY=SU", startTime: "10:00", endTime: "15:00" }];

/** The draft a step's answer leads on with ("" when it names none). */
export const draftIdIn = (location: string | null) => /\/opret-marked\/([0-9a-f-]{36})\//.exec(location ?? "")?.[1] ?? "";

/** A new market's draft with every step before "Billeder" posted; its id. */
export async function draftToPictures(client: Client, name: string): Promise<string> {
  const first = await client.post("/opret-marked", { intent: "videre", name, ...MARKET_STEPS["om-markedet"] });
  const id = draftIdIn(first.location);
  if (!id) throw new Error(`The market form made no draft: ${first.status} ${first.location}`);
  for (const step of ["sted", "datoer-og-tider", "praktisk", "kontakt"] as const) {
    const answer = await client.post(`/opret-marked/${id}/${step}`, { intent: "videre", ...MARKET_STEPS[step] });
    if (answer.status !== 303) throw new Error(`The step ${step} answered ${answer.status}`);
  }
  return id;
}

/** A photo as a camera's JPEG; `shade` makes each one's content, and so its stored key, its own. */
export function photo(shade: number): Promise<Buffer> {
  return sharp({ create: { width: 420, height: 300, channels: 3, background: { r: 200, g: shade, b: 40 } } })
    .jpeg()
    .toBuffer();
}

/** The picture form's post of one photo. */
export function pictureUpload(bytes: Buffer, alt: string): FormData {
  const body = new FormData();
  body.set("intent", "image-upload");
  body.set("alt", alt);
  body.set("image", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), "foto.jpg");
  return body;
}
