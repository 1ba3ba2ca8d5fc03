import { truncateSlug } from "../../app/lib/slug";
import type { Facility, MarketType, Setting } from "../../app/markets/types";
import { FACILITIES, SHOP_TYPES } from "../../app/markets/types";
import type { Random } from "./random";

/** Entry, stalls, facilities and contacts of a demo market. */
export interface MarketDetails {
  entryFeeDkk: number;
  entryFeeText: string | null;
  stallPriceText: string | null;
  bookingInfo: string | null;
  stallCount: number | null;
  facilities: Facility[];
  website: string | null;
  email: string | null;
  phone: string | null;
  facebook: string | null;
}

function entryFee(r: Random, type: MarketType, conceptKey: string): { fee: number; text: string | null } {
  const child = () => r.pick(["Børn under 12 år gratis.", "Børn under 15 år kommer gratis ind.", "Gratis for børn i følge med en voksen."]);
  switch (type) {
    case "flea_market":
      return r.chance(0.8) ? { fee: 0, text: null } : { fee: r.pick([10, 10, 15, 20]), text: r.chance(0.5) ? child() : null };
    case "vendor_market":
      return r.chance(0.6) ? { fee: 0, text: null } : { fee: r.pick([20, 25, 30, 40]), text: child() };
    case "antique_market":
      return { fee: r.pick([40, 50, 50, 60, 75]), text: r.chance(0.7) ? child() : null };
    case "specialty_market":
      return r.chance(0.6) ? { fee: 0, text: null } : { fee: r.pick([20, 30, 40, 50]), text: null };
    case "themed_event":
      if (conceptKey === "medieval") return { fee: r.pick([50, 60, 75]), text: child() };
      return r.chance(0.75) ? { fee: 0, text: null } : { fee: r.pick([20, 25, 30]), text: child() };
    case "swap_market":
      return r.chance(0.85) ? { fee: 0, text: null } : { fee: r.pick([10, 20]), text: "Entréen går ubeskåret til foreningens arbejde; børn er gratis." };
    default:
      return { fee: 0, text: null };
  }
}

function stallPrice(r: Random, type: MarketType): string | null {
  const price = (options: number[]) => r.pick(options);
  switch (type) {
    case "flea_market":
      return r.pick([
        () => `Stadeplads ${price([100, 125, 150, 175, 200])} kr. Book på mail.`,
        () => `Stadeplads på 3 × 3 m fra ${price([75, 100, 125])} kr. Tilmelding via hjemmesiden.`,
        () => `Bord og plads ${price([125, 150, 175])} kr. Børn sælger gratis fra et tæppe.`,
        () => `Ingen forhåndsbooking: pladserne fordeles fra kl. 7 mod betaling af ${price([80, 100, 120])} kr.`,
        () => `Stadeplads ${price([150, 200, 250])} kr. inkl. bord. Book på telefon.`,
      ])();
    case "vendor_market":
      return r.pick([
        () => `Stadeplads på 3 × 4 m: ${price([350, 400, 450, 500])} kr. for hele markedet. Strøm ${price([75, 100, 150])} kr. ekstra.`,
        () => `Stadepladser fra ${price([250, 300, 350])} kr. pr. dag. Book via hjemmesiden.`,
        () => `Kræmmerstand ${price([400, 500, 600])} kr. for alle dage inkl. strøm. Tilmelding på mail.`,
      ])();
    case "antique_market":
      return `Stand fra ${price([400, 500, 600, 750])} kr. Kun for forhandlere og samlere; kontakt arrangøren.`;
    case "specialty_market":
      return `Bord ${price([150, 200, 250])} kr. Book på mail.`;
    case "themed_event":
      return `Bod ${price([250, 300, 400, 500])} kr. for hele arrangementet inkl. strøm. Book på mail.`;
    case "shelf_market":
      return r.pick([
        () => `Hylde fra ${price([125, 150, 175, 200])} kr. pr. uge. Butikken tager ${price([10, 15, 20])} % i kommission.`,
        () => `Lej en reol for ${price([175, 200, 250])} kr. om ugen; ingen kommission.`,
        () => `Hylde ${price([100, 125, 150])} kr. pr. uge plus ${price([10, 15])} % af salget. Minimum to ugers leje.`,
      ])();
    default:
      return null;
  }
}

function bookingInfo(r: Random, type: MarketType): string | null {
  switch (type) {
    case "swap_market":
      return r.pick([
        "Tag op til 10 rene og hele ting med, og byt dem til andre. Det, der er tilbage, går til genbrug.",
        "Aflever dine ting ved indgangen og få bytte-billetter, som du bruger ved bordene.",
      ]);
    case "thrift_store":
      return r.pick([
        "Vi modtager gerne rene og hele donationer i åbningstiden.",
        "Donationer af tøj, bøger og køkkenting modtages i åbningstiden; større møbler efter aftale.",
        "Vil du være frivillig? Kom ind i butikken og hør nærmere.",
      ]);
    case "design_secondhand":
      return r.pick(["Vi køber og tager i kommission. Send billeder af dine møbler på mail.", "Vi henter møbler i hele landsdelen efter aftale."]);
    case "shelf_market":
      return "Book din hylde i butikken, på mail eller telefon. Du prissætter selv, og vi står for salget.";
    default:
      return r.chance(0.5) ? "Stadepladser bookes først til mølle. Husk at oplyse navn og telefonnummer." : null;
  }
}

function stallCount(r: Random, type: MarketType, population: number): number | null {
  const city = population >= 40 ? 2 : population >= 10 ? 1.4 : 1;
  switch (type) {
    case "flea_market":
      return Math.round(r.int(15, 80) * city);
    case "vendor_market":
      return Math.round(r.int(40, 160) * city);
    case "antique_market":
      return r.int(20, 90);
    case "specialty_market":
    case "swap_market":
      return r.chance(0.5) ? r.int(12, 45) : null;
    case "themed_event":
      return r.int(20, 120);
    case "shelf_market":
      return r.int(8, 40) * 10;
    default:
      return null;
  }
}

function facilities(r: Random, type: MarketType, setting: Setting): Facility[] {
  const shop = SHOP_TYPES.includes(type);
  const indoor = setting === "indoor";
  const p: Record<Facility, number> = {
    toilets: shop ? 0.4 : indoor ? 0.95 : 0.55,
    food: shop ? 0.05 : type === "vendor_market" || type === "themed_event" ? 0.95 : 0.6,
    parking: 0.7,
    wheelchair: indoor || shop ? 0.7 : 0.45,
    dogs: shop ? 0.25 : indoor ? 0.1 : 0.75,
    card_payment: shop ? 0.95 : 0.2,
    mobilepay: shop ? 0.85 : 0.9,
  };
  return FACILITIES.filter((facility) => r.chance(p[facility]));
}

/**
 * Contacts only on the reserved domain example.com (RFC 2606), and phone numbers beginning with 0,
 * which no Danish number does, so no demo market can send a visitor to a real person.
 */
function contacts(r: Random, slug: string): Pick<MarketDetails, "website" | "email" | "phone" | "facebook"> {
  // A DNS label holds at most 63 characters.
  const host = `${truncateSlug(slug, 63)}.example.com`;
  const pair = () => String(r.int(0, 99)).padStart(2, "0");
  return {
    website: r.chance(0.75) ? `https://${host}` : null,
    email: r.chance(0.85) ? `${r.pick(["info", "kontakt", "marked", "hej"])}@${host}` : null,
    phone: r.chance(0.6) ? `+45 0${r.int(1, 9)} ${pair()} ${pair()} ${pair()}` : null,
    facebook: r.chance(0.3) ? `https://facebook.example.com/${slug}` : null,
  };
}

export function marketDetails(r: Random, m: { type: MarketType; conceptKey: string; setting: Setting; population: number; slug: string }): MarketDetails {
  const fee = entryFee(r, m.type, m.conceptKey);
  return {
    entryFeeDkk: fee.fee,
    entryFeeText: fee.text,
    stallPriceText: stallPrice(r, m.type),
    bookingInfo: bookingInfo(r, m.type),
    stallCount: stallCount(r, m.type, m.population),
    facilities: facilities(r, m.type, m.setting),
    ...contacts(r, m.slug),
  };
}
