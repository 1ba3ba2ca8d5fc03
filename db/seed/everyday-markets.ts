import type { Setting } from "../../app/markets/types";
import { ALL_YEAR, dates, dayAhead, OUTDOOR_MONTHS, rule, SUMMER, weekendDay, WINTER, type Concept } from "./concepts";

/** Flea, vendor, swap and antique markets: the bulk of the Danish market calendar. */

const FLEA_GOODS = [
  "tøj",
  "bøger",
  "legetøj",
  "porcelæn",
  "køkkenting",
  "værktøj",
  "lamper",
  "vinylplader",
  "småmøbler",
  "cykler",
  "brugskunst",
  "smykker",
  "babyudstyr",
  "sportsudstyr",
  "glas",
  "billedrammer",
  "tegneserier",
  "computerspil",
  "havemøbler",
  "gardiner",
  "gamle postkort",
  "kogebøger",
];

const flea = (key: string, weight: number, place: Concept["place"], names: Concept["names"], schedules: Concept["schedules"], setting?: Setting): Concept => ({
  type: "flea_market",
  key,
  weight,
  place,
  names,
  schedules,
  goods: FLEA_GOODS,
  ...(setting ? { setting } : {}),
});

const FLEA: Concept[] = [
  flea(
    "summer-sunday",
    18,
    "outdoor",
    [
      (n) => `Loppemarked ${n.venue.at} ${n.inTown}`,
      (n) => `Søndagsloppemarked ${n.inTown}`,
      (n) => `Sommerloppemarked ${n.venue.at} ${n.inTown}`,
      (n) => `${n.town.name} Søndagsloppe`,
    ],
    (c) => [rule(c, `FREQ=WEEKLY;BYDAY=SU;BYMONTH=${c.r.pick(SUMMER).join(",")}`)],
  ),
  flea(
    "summer-saturday",
    8,
    "outdoor",
    [(n) => `Lørdagsloppemarked ${n.inTown}`, (n) => `Loppemarked ${n.venue.at} ${n.inTown}`, (n) => `Lørdagsloppen ${n.venue.at}, ${n.town.name}`],
    (c) => [rule(c, `FREQ=WEEKLY;BYDAY=SA;BYMONTH=${c.r.pick(SUMMER).join(",")}`)],
  ),
  flea("summer-weekends", 4, "outdoor", [(n) => `Weekendloppemarked ${n.venue.at} ${n.inTown}`, (n) => `Sommerloppen ${n.town.name}`], (c) => [
    rule(c, "FREQ=WEEKLY;BYDAY=SA,SU;BYMONTH=6,7,8"),
  ]),
  flea(
    "first-saturday",
    8,
    "indoor",
    [
      (n) => `Månedens loppemarked ${n.inTown}`,
      (n) => `Loppemarked ${n.venue.at} ${n.inTown}`,
      (n) => `${n.town.name} Loppemarked`,
      (n) => (n.organiser.owner ? `${n.organiser.owner} loppemarked ${n.inTown}` : `Loppetorvet ${n.town.name}`),
    ],
    (c) => [rule(c, "FREQ=MONTHLY;BYDAY=1SA")],
  ),
  flea(
    "monthly-sunday",
    8,
    "outdoor",
    [
      (n) => `Loppemarked ${n.venue.at} ${n.inTown}`,
      (n) => (n.organiser.owner ? `${n.organiser.owner} loppemarked ${n.inTown}` : `Loppemarkedet ${n.venue.at}, ${n.town.name}`),
      (n) => `${n.town.name} Loppemarked`,
    ],
    (c) => [rule(c, `FREQ=MONTHLY;BYDAY=${c.r.pick(["1SU", "2SU", "-1SU", "2SA", "3SU"])};BYMONTH=4,5,6,7,8,9,10`)],
  ),
  flea(
    "winter-indoor",
    12,
    "indoor",
    [
      (n) => `Vinterloppemarked ${n.venue.at} ${n.inTown}`,
      (n) => `Indendørs loppemarked ${n.venue.at} ${n.inTown}`,
      (n) => `${n.town.name} Indendørs Loppemarked`,
      (n) => `Loppemarked ${n.venue.at} ${n.inTown}`,
    ],
    (c) => [rule(c, `FREQ=WEEKLY;BYDAY=${c.r.pick(["SU", "SA"])};BYMONTH=${WINTER}`)],
  ),
  flea(
    "summer-and-winter",
    6,
    "outdoor",
    [(n) => `Helårsloppemarked ${n.inTown}`, (n) => `${n.town.name} Loppemarked`, (n) => `Loppemarked ${n.venue.at} ${n.inTown}`],
    (c) => [rule(c, "FREQ=WEEKLY;BYDAY=SU;BYMONTH=4,5,6,7,8,9"), rule(c, "FREQ=MONTHLY;BYDAY=1SU;BYMONTH=10,11,12,1,2,3")],
    "both",
  ),
  flea("every-other-sunday", 4, "outdoor", [(n) => `Loppemarked ${n.venue.at} ${n.inTown}`, (n) => `Loppemarkedet ${n.venue.at}, ${n.town.name}`], (c) => [
    rule(c, "FREQ=WEEKLY;INTERVAL=2;BYDAY=SU;BYMONTH=4,5,6,7,8,9,10"),
  ]),
  flea("spring", 5, "outdoor", [(n) => `Forårsloppemarked ${n.venue.at} ${n.inTown}`, (n) => `Stort forårsloppemarked ${n.inTown}`], (c) => [
    rule(c, "FREQ=YEARLY;BYMONTH=4;BYDAY=-1SA"),
  ]),
  flea("autumn", 3, "outdoor", [(n) => `Efterårsloppemarked ${n.venue.at} ${n.inTown}`, (n) => `Sensommerloppemarked ${n.inTown}`], (c) => [
    rule(c, c.r.pick(["FREQ=YEARLY;BYMONTH=9;BYDAY=1SA", "FREQ=YEARLY;BYMONTH=8;BYDAY=-1SU"])),
  ]),
  flea(
    "one-off",
    10,
    "outdoor",
    [
      (n) => `Stort loppemarked ${n.venue.at} ${n.inTown}`,
      (n) => (n.organiser.owner ? `${n.organiser.owner} loppemarked ${n.inTown}` : `Loppedag ${n.venue.at} ${n.inTown}`),
      (n) => `Gårdloppemarked på ${n.street}, ${n.town.name}`,
      (n) => `Vejloppemarked på ${n.street} ${n.inTown}`,
    ],
    (c) => [dates(c, dayAhead(c, weekendDay(c.r), OUTDOOR_MONTHS))],
  ),
  flea("children", 4, "indoor", [(n) => `Børneloppemarked ${n.venue.at} ${n.inTown}`, (n) => `Børnenes loppemarked ${n.inTown}`], (c) => [
    rule(c, `FREQ=MONTHLY;BYDAY=${c.r.pick(["1SU", "2SA"])};BYMONTH=${WINTER}`),
  ]),
  flea("weekend", 3, "outdoor", [(n) => `Loppeweekend ${n.inTown}`, (n) => `Stort weekendloppemarked ${n.venue.at} ${n.inTown}`], (c) => [
    dates(c, dayAhead(c, 5, [5, 6, 7, 8]), 2),
  ]),
];

const VENDOR_GOODS = [
  "lopper",
  "kunsthåndværk",
  "tøj",
  "legetøj",
  "smykker",
  "brugskunst",
  "værktøj",
  "honning",
  "hjemmelavet syltetøj",
  "strik",
  "træarbejder",
  "planter",
  "lokale specialiteter",
];

const vendor = (key: string, weight: number, names: Concept["names"], schedules: Concept["schedules"]): Concept => ({
  type: "vendor_market",
  key,
  weight,
  place: "outdoor",
  names,
  schedules,
  goods: VENDOR_GOODS,
});

const VENDOR: Concept[] = [
  vendor(
    "weekend",
    35,
    [
      (n) => `${n.town.name} Kræmmermarked`,
      (n) => `Kræmmermarked ${n.venue.at} ${n.inTown}`,
      (n) => `Stort kræmmermarked ${n.inTown}`,
      (n) => `${n.town.name} Kræmmerdage`,
      (n) => `Kræmmer- og loppemarked ${n.venue.at} ${n.inTown}`,
    ],
    (c) => (c.r.chance(0.5) ? [dates(c, dayAhead(c, 4, [5, 6, 7, 8]), 3)] : [dates(c, dayAhead(c, 5, [5, 6, 7, 8, 9]), 2)]),
  ),
  vendor(
    "yearly",
    25,
    [(n) => `Sommermarked ${n.inTown}`, (n) => `${n.town.name} Sommermarked`, (n) => `Byfest og kræmmermarked ${n.inTown}`, (n) => `Kræmmermarked ${n.venue.at} ${n.inTown}`],
    (c) =>
      c.r.pick([
        () => [rule(c, "FREQ=YEARLY;BYMONTH=7;BYDAY=1FR", 3)],
        () => [rule(c, "FREQ=YEARLY;BYMONTH=6;BYDAY=2SA", 2)],
        () => [rule(c, "FREQ=YEARLY;BYMONTH=8;BYDAY=2FR", 3)],
        () => [rule(c, "FREQ=YEARLY;BYMONTH=5;BYDAY=-1SA", 2)],
      ])(),
  ),
  vendor("summer-saturdays", 20, [(n) => `Sommerkræmmermarked ${n.venue.at} ${n.inTown}`, (n) => `Kræmmerlørdag ${n.inTown}`], (c) => [
    rule(c, "FREQ=WEEKLY;BYDAY=SA;BYMONTH=6,7,8"),
  ]),
  vendor("monthly", 20, [(n) => `Kræmmermarked ${n.venue.at} ${n.inTown}`, (n) => `Månedsmarkedet ${n.venue.at}, ${n.town.name}`], (c) => [
    rule(c, "FREQ=MONTHLY;BYDAY=1SU;BYMONTH=4,5,6,7,8,9,10"),
  ]),
];

const SWAP: Concept[] = [
  {
    type: "swap_market",
    key: "monthly",
    weight: 40,
    place: "indoor",
    names: [
      (n) => `Byttemarked ${n.venue.at} ${n.inTown}`,
      (n) => `Tøjbyttemarked ${n.venue.at} ${n.inTown}`,
      (n) => `Byttecentralen ${n.town.name}`,
      (n) => `Byttelørdag ${n.inTown}`,
    ],
    schedules: (c) => [rule(c, `FREQ=MONTHLY;BYDAY=${c.r.pick(["2SA", "1SU", "-1SA"])}`)],
    goods: ["tøj", "sko", "tasker", "bøger", "legetøj", "køkkenting", "spil", "småting til hjemmet"],
  },
  {
    type: "swap_market",
    key: "children",
    weight: 20,
    place: "indoor",
    names: [(n) => `Børnetøjsbyttemarked ${n.inTown}`, (n) => `Legetøjsbyttedag ${n.venue.at} ${n.inTown}`],
    schedules: (c) => [rule(c, "FREQ=MONTHLY;BYMONTH=3,9;BYDAY=1SA")],
    goods: ["børnetøj", "flyverdragter", "legetøj", "børnebøger", "barnevogne", "cykelhjelme", "brætspil"],
  },
  {
    type: "swap_market",
    key: "plants",
    weight: 15,
    place: "outdoor",
    names: [(n) => `Plantebyttemarked ${n.venue.at} ${n.inTown}`, (n) => `Stiklingebytte ${n.inTown}`],
    schedules: (c) => [dates(c, dayAhead(c, 5, [4, 5, 6]))],
    goods: ["stiklinger", "stauder", "frø", "krukker", "potteplanter", "haveredskaber", "havebøger"],
  },
  {
    type: "swap_market",
    key: "one-off",
    weight: 25,
    place: "indoor",
    names: [(n) => `Tøjswap ${n.venue.at} ${n.inTown}`, (n) => `Bogbyttemarked ${n.inTown}`, (n) => `Byttedag ${n.venue.at} ${n.inTown}`],
    schedules: (c) => [dates(c, dayAhead(c, weekendDay(c.r), ALL_YEAR))],
    goods: ["tøj", "bøger", "tasker", "sko", "smykker", "tørklæder", "cd'er"],
  },
];

const ANTIQUE_GOODS = [
  "sølvtøj",
  "porcelæn",
  "antikke møbler",
  "mønter",
  "ure",
  "smykker",
  "malerier",
  "glas",
  "kobbertøj",
  "gamle postkort",
  "legetøj fra før 1970",
  "lamper",
  "platter",
  "tin",
  "gamle landkort",
  "emaljeskilte",
];

const antique = (key: string, weight: number, place: Concept["place"], names: Concept["names"], schedules: Concept["schedules"]): Concept => ({
  type: "antique_market",
  key,
  weight,
  place,
  names,
  schedules,
  goods: ANTIQUE_GOODS,
});

const ANTIQUE: Concept[] = [
  antique(
    "monthly",
    35,
    "indoor",
    [(n) => `Antikmarked ${n.venue.at} ${n.inTown}`, (n) => `Antik & Kuriosa ${n.town.name}`, (n) => `${n.town.name} Antikmarked`, (n) => `Antik og Retro ${n.town.name}`],
    (c) => [rule(c, `FREQ=MONTHLY;BYDAY=${c.r.pick(["1SU", "2SU", "-1SU"])}`)],
  ),
  antique("fair", 30, "indoor", [(n) => `Antik- og samlermesse ${n.inTown}`, (n) => `${n.town.name} Antikmesse`, (n) => `Antikdage ${n.venue.at} ${n.inTown}`], (c) => [
    rule(c, `FREQ=YEARLY;BYMONTH=${c.r.pick([3, 10, 11])};BYDAY=1SA`, 2),
  ]),
  antique("summer", 20, "outdoor", [(n) => `Antik- og kunstmarked ${n.venue.at} ${n.inTown}`, (n) => `Antikmarked ${n.venue.at} ${n.inTown}`], (c) => [
    rule(c, "FREQ=MONTHLY;BYDAY=1SA;BYMONTH=5,6,7,8,9"),
  ]),
  antique("weekend", 15, "indoor", [(n) => `Antikweekend ${n.inTown}`, (n) => `Antik- og designmesse ${n.venue.at} ${n.inTown}`], (c) => [dates(c, dayAhead(c, 5, ALL_YEAR), 2)]),
];

export const EVERYDAY_CONCEPTS: readonly Concept[] = [...FLEA, ...VENDOR, ...SWAP, ...ANTIQUE];
