import { z } from "zod";
import type { Facility, MarketStatus, MarketType, ScheduleSpec, Setting } from "./types";

/** A market as the importer and the forms hand it to the write path, already checked. */
export interface MarketInput {
  slug?: string;
  name: string;
  type: MarketType;
  description: string;
  venueName: string | null;
  street: string | null;
  postalCode: number;
  city: string;
  municipality: string | null;
  latitude: number | null;
  longitude: number | null;
  setting: Setting | null;
  entryFeeDkk: number | null;
  entryFeeText: string | null;
  stallPriceText: string | null;
  bookingInfo: string | null;
  stallCount: number | null;
  facilities: Facility[];
  website: string | null;
  email: string | null;
  phone: string | null;
  facebook: string | null;
  status: MarketStatus;
  schedules: ScheduleSpec[];
}

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} må højst være ${max} tegn.`)
    .transform((value) => (value === "" ? null : value))
    .nullable();

const url = (label: string) =>
  optionalText(300, label).refine((value) => value === null || /^https?:\/\/[^\s]+\.[^\s]+$/.test(value), {
    message: `${label} skal være en webadresse, der begynder med https://`,
  });

/** The plain fields of a market, with the Danish messages a person sees at each field. */
export const marketFieldsSchema = z.object({
  name: z.string().trim().min(3, "Navnet skal være mindst 3 tegn.").max(200, "Navnet må højst være 200 tegn."),
  description: z.string().trim().max(5000, "Beskrivelsen må højst være 5.000 tegn."),
  venueName: optionalText(200, "Stedets navn"),
  street: optionalText(200, "Adressen"),
  postalCode: z
    .number({ message: "Postnummeret skal være fire cifre." })
    .int("Postnummeret skal være fire cifre.")
    .min(1000, "Postnummeret skal være fire cifre.")
    .max(9999, "Postnummeret skal være fire cifre."),
  city: z.string().trim().min(2, "Skriv byen.").max(120, "Byen må højst være 120 tegn."),
  municipality: optionalText(120, "Kommunen"),
  latitude: z.number().min(54, "Breddegraden ligger uden for Danmark, Grønland og Færøerne.").max(84, "Breddegraden ligger uden for Danmark, Grønland og Færøerne.").nullable(),
  longitude: z.number().min(-75, "Længdegraden ligger uden for Danmark, Grønland og Færøerne.").max(16, "Længdegraden ligger uden for Danmark, Grønland og Færøerne.").nullable(),
  entryFeeDkk: z.number().min(0, "Entréen kan ikke være negativ.").max(10_000, "Entréen virker for høj.").nullable(),
  entryFeeText: optionalText(200, "Entréteksten"),
  stallPriceText: optionalText(300, "Stadeprisen"),
  bookingInfo: optionalText(2000, "Bookingoplysningerne"),
  stallCount: z.number().int("Antal stader skal være et helt tal.").min(1, "Antal stader skal være mindst 1.").max(10_000, "Antal stader virker for højt.").nullable(),
  website: url("Hjemmesiden"),
  email: optionalText(200, "E-mailen").refine((value) => value === null || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), {
    message: "E-mailadressen ser forkert ud.",
  }),
  phone: optionalText(40, "Telefonnummeret").refine((value) => value === null || /^[+\d][\d\s-]{5,}$/.test(value), {
    message: "Telefonnummeret må kun indeholde tal, mellemrum, bindestreg og +.",
  }),
  facebook: url("Facebook-siden"),
});
