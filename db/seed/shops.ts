import type { MarketType, OpeningHours, ScheduleSpec } from "../../app/markets/types";
import { yearOf } from "./dates";
import type { Random } from "./random";

/**
 * Thrift stores, shelf markets and design second-hand shops: named after a charity or a shop
 * name plus the town, open on weekdays and Saturdays as Danish shops are.
 */
export interface ShopBrand {
  type: MarketType;
  name: string;
  /** Where the money goes (charity shops), for the description. */
  cause: string | null;
  weight: number;
}

const charity = (name: string, cause: string, weight = 1): ShopBrand => ({ type: "thrift_store", name, cause, weight });
const shelf = (name: string, weight = 1): ShopBrand => ({ type: "shelf_market", name, cause: null, weight });
const design = (name: string, weight = 1): ShopBrand => ({ type: "design_secondhand", name, cause: null, weight });

export const SHOP_BRANDS: readonly ShopBrand[] = [
  charity("Røde Kors Genbrug", "Røde Kors' humanitære arbejde i Danmark og ude i verden", 3),
  charity("Kirkens Korshær Genbrug", "Kirkens Korshærs arbejde for hjemløse og socialt udsatte", 2),
  charity("Folkekirkens Nødhjælp Genbrug", "nødhjælp og udviklingsarbejde i nogle af verdens fattigste lande", 2),
  charity("Red Barnet Genbrug", "Red Barnets arbejde for børn i Danmark og resten af verden", 2),
  charity("Blå Kors Genbrug", "Blå Kors' hjælp til mennesker med misbrug og deres familier"),
  charity("Frelsens Hær Genbrug", "Frelsens Hærs sociale arbejde"),
  charity("Mission Afrika Genbrug", "skoler og sundhedsprojekter i Afrika"),
  charity("Kræftens Bekæmpelse Genbrug", "kræftforskning og støtte til patienter og pårørende"),
  charity("Dansk Folkehjælp Genbrug", "Dansk Folkehjælps sociale arbejde"),
  charity("Hospice Genbrug", "det lokale hospice"),
  charity("Genbrugsbutikken", "lokale foreninger og velgørende formål", 2),
  charity("Kirkens Genbrug", "sognets diakonale arbejde"),
  charity("Spejdernes Genbrug", "spejderarbejdet for børn og unge"),
  charity("Genbrugsen", "lokale børne- og ungdomsprojekter"),
  shelf("Hyldeland", 2),
  shelf("Hyldemarkedet", 2),
  shelf("Reolen"),
  shelf("Loppehylden"),
  shelf("Genbrugshylden"),
  shelf("Den Gode Hylde"),
  shelf("Hyldebørsen"),
  shelf("Bod & Hylde"),
  shelf("Loppeland"),
  shelf("Reolmarkedet"),
  design("Retro & Design"),
  design("Nordisk Vintage"),
  design("Danish Modern"),
  design("Designloppen"),
  design("Teak & Tidløst"),
  design("Møbelloppen"),
  design("Vintage Stuen"),
  design("Klassikerne"),
  design("Stel & Stil"),
  design("Retrorummet"),
];

export const SHOP_GOODS: Record<string, readonly string[]> = {
  thrift_store: ["tøj", "sko", "bøger", "køkkenting", "porcelæn", "legetøj", "småmøbler", "nips", "tasker", "sengetøj", "lamper", "billeder i rammer"],
  shelf_market: ["børnetøj", "legetøj", "bøger", "brugskunst", "køkkenting", "dametøj", "spil", "pynt", "sportsudstyr", "babyudstyr", "smykker"],
  design_secondhand: ["danske designmøbler", "teaktræsmøbler fra 1960'erne", "designerlamper", "keramik", "kunstglas", "stel", "plakater", "tekstiler", "kunst"],
};

type Week = [string, [string, string][]][];
const hours = (entries: Week): OpeningHours => Object.fromEntries(entries);
const days = (list: string, open: string, close: string): Week => list.split(",").map((day) => [day, [[open, close]]]);

const WEEK_HOURS: Record<string, readonly OpeningHours[]> = {
  thrift_store: [
    hours([...days("mon,tue,wed,thu,fri", "10:00", "17:30"), ...days("sat", "10:00", "14:00")]),
    hours([...days("mon,tue,wed,thu", "10:00", "17:00"), ...days("fri", "10:00", "18:00"), ...days("sat", "10:00", "13:00")]),
    hours([...days("tue,wed,thu,fri", "12:00", "17:30"), ...days("sat", "10:00", "14:00")]),
    hours([...days("mon,tue,wed,thu,fri", "13:00", "17:30"), ...days("sat", "10:00", "13:00")]),
    hours([...days("mon,tue,wed,thu,fri", "10:00", "17:30"), ...days("sat", "10:00", "15:00"), ...days("sun", "11:00", "15:00")]),
  ],
  shelf_market: [
    hours([...days("mon,tue,wed,thu,fri", "10:00", "18:00"), ...days("sat,sun", "10:00", "16:00")]),
    hours([...days("mon,tue,wed,thu,fri", "11:00", "17:30"), ...days("sat,sun", "10:00", "15:00")]),
    hours(days("mon,tue,wed,thu,fri,sat,sun", "10:00", "17:00")),
    hours([...days("tue,wed,thu,fri", "10:00", "17:30"), ...days("sat,sun", "10:00", "15:00")]),
  ],
  design_secondhand: [
    hours([...days("tue,wed,thu,fri", "11:00", "17:30"), ...days("sat", "10:00", "15:00")]),
    hours([...days("wed,thu,fri", "12:00", "18:00"), ...days("sat", "11:00", "16:00")]),
    hours([...days("thu,fri", "12:00", "17:30"), ...days("sat,sun", "11:00", "16:00")]),
    hours([...days("mon,tue,wed,thu,fri", "10:00", "17:30"), ...days("sat", "10:00", "14:00")]),
  ],
};

export function shopSchedule(r: Random, type: MarketType, today: string): ScheduleSpec {
  return {
    kind: "opening_hours",
    // The day the shop opened: only shown as history, never used to make dates.
    startDate: `${yearOf(today) - r.int(1, 25)}-${String(r.int(1, 12)).padStart(2, "0")}-01`,
    endDate: null,
    openingHours: r.pick(WEEK_HOURS[type]!),
    cancelled: [],
  };
}
