import { ALL_YEAR, beforeChristmas, dates, dayAhead, rule, WINTER, type Concept } from "./concepts";

/** Specialty markets (records, books, bikes …) and themed events (Christmas, night markets …). */

interface Theme {
  key: string;
  weight: number;
  place: Concept["place"];
  audience: string;
  names: Concept["names"];
  goods: string[];
}

const SPECIALTY_THEMES: Theme[] = [
  {
    key: "vinyl",
    weight: 3,
    place: "indoor",
    audience: "pladesamlere og musikelskere",
    names: [(n) => `Vinyl- og pladebørs ${n.town.name}`, (n) => `Pladebørs ${n.venue.at} ${n.inTown}`],
    goods: ["LP'er", "singler", "cd'er", "musikblade", "koncertplakater", "pladespillere", "jazzplader"],
  },
  {
    key: "books",
    weight: 2,
    place: "indoor",
    audience: "bogelskere",
    names: [(n) => `Bogmarked ${n.venue.at} ${n.inTown}`, (n) => `${n.town.name} Bogloppemarked`],
    goods: ["romaner", "krimier", "børnebøger", "kogebøger", "lokalhistorie", "billedbøger", "tegneserier"],
  },
  {
    key: "toys",
    weight: 2,
    place: "indoor",
    audience: "samlere af legetøj og tegneserier",
    names: [(n) => `Legetøjs- og samlerbørs ${n.inTown}`, (n) => `Tegneseriebørs ${n.venue.at} ${n.inTown}`],
    goods: ["LEGO", "modelbiler", "dukker", "tegneserier", "Anders And-blade", "actionfigurer", "brætspil"],
  },
  {
    key: "bikes",
    weight: 1,
    place: "outdoor",
    audience: "alle, der mangler en brugt cykel",
    names: [(n) => `Cykelmarked ${n.venue.at} ${n.inTown}`, (n) => `${n.town.name} Cykelbørs`],
    goods: ["børnecykler", "racercykler", "ladcykler", "reservedele", "cykelhjelme", "cykelanhængere"],
  },
  {
    key: "stamps",
    weight: 1,
    place: "indoor",
    audience: "frimærke- og møntsamlere",
    names: [(n) => `Frimærke- og møntbørs ${n.inTown}`, (n) => `Samlerbørs ${n.venue.at} ${n.inTown}`],
    goods: ["frimærker", "mønter", "pengesedler", "postkort", "medaljer", "gamle breve", "album"],
  },
  {
    key: "games",
    weight: 1,
    place: "indoor",
    audience: "spillere og samlere af retrospil",
    names: [(n) => `Retrospilmarked ${n.inTown}`, (n) => `Spil- og konsolbørs ${n.venue.at} ${n.inTown}`],
    goods: ["konsoller", "Nintendo-spil", "controllere", "gamle computere", "spilblade"],
  },
  {
    key: "garden",
    weight: 2,
    place: "outdoor",
    audience: "haveejere og planteelskere",
    names: [(n) => `Plante- og havemarked ${n.venue.at} ${n.inTown}`, (n) => `${n.town.name} Havemarked`],
    goods: ["stauder", "frø", "krukker", "haveredskaber", "havemøbler", "fuglekasser", "stiklinger"],
  },
  {
    key: "trains",
    weight: 1,
    place: "indoor",
    audience: "modeltogsentusiaster",
    names: [(n) => `Modeltogbørs ${n.inTown}`, (n) => `Jernbanebørs ${n.venue.at} ${n.inTown}`],
    goods: ["modeltog", "skinner", "landskabsdele", "jernbanebøger", "modelbiler", "gamle køreplaner"],
  },
  {
    key: "kids",
    weight: 2,
    place: "indoor",
    audience: "børnefamilier",
    names: [(n) => `Børnetøjsmarked ${n.venue.at} ${n.inTown}`, (n) => `Baby- og børnemarked ${n.inTown}`],
    goods: ["børnetøj", "barnevogne", "autostole", "legetøj", "flyverdragter", "gummistøvler", "babyudstyr"],
  },
];

const SPECIALTY: Concept[] = SPECIALTY_THEMES.map((theme) => ({
  type: "specialty_market",
  key: theme.key,
  weight: theme.weight,
  place: theme.place,
  audience: theme.audience,
  names: theme.names,
  goods: theme.goods,
  schedules: (c) =>
    theme.place === "outdoor"
      ? [c.r.chance(0.5) ? rule(c, `FREQ=YEARLY;BYMONTH=${c.r.pick([4, 5, 9])};BYDAY=1SU`) : dates(c, dayAhead(c, 6, [4, 5, 6, 8, 9]))]
      : [c.r.pick([() => rule(c, "FREQ=MONTHLY;BYMONTH=3,10;BYDAY=2SU"), () => rule(c, `FREQ=MONTHLY;BYDAY=1SU;BYMONTH=${WINTER}`), () => dates(c, dayAhead(c, 6, ALL_YEAR))])()],
}));

interface Event extends Theme {
  schedules: Concept["schedules"];
}

const EVENTS: Event[] = [
  {
    key: "christmas",
    weight: 30,
    place: "outdoor",
    audience: "alle, der vil i julestemning",
    names: [(n) => `Julemarked ${n.venue.at} ${n.inTown}`, (n) => `${n.town.name} Julemarked`, (n) => `Jule- og loppemarked ${n.inTown}`],
    goods: ["julepynt", "juledekorationer", "strik", "honning", "æbleskiver", "håndlavede gaver", "kravlenisser"],
    schedules: (c) => [
      c.r.chance(0.6)
        ? rule(c, c.r.pick(["FREQ=YEARLY;BYMONTH=12;BYDAY=1SA", "FREQ=YEARLY;BYMONTH=11;BYDAY=-1SA"]), 2)
        : dates(c, dayAhead(c, 5, [11, 12], 1, 365, beforeChristmas), 2),
    ],
  },
  {
    key: "night",
    weight: 20,
    place: "outdoor",
    audience: "natteravne og loppeelskere",
    names: [(n) => `Natloppemarked ${n.venue.at} ${n.inTown}`, (n) => `${n.town.name} Natloppemarked`],
    goods: ["lopper", "vintagetøj", "vinylplader", "lamper", "kunst", "street food"],
    schedules: (c) => [rule(c, "FREQ=MONTHLY;BYDAY=1FR;BYMONTH=6,7,8")],
  },
  {
    key: "halloween",
    weight: 8,
    place: "indoor",
    audience: "børn og voksne, der kan lide lidt uhygge",
    names: [(n) => `Halloween-loppemarked ${n.venue.at} ${n.inTown}`, (n) => `Uhyggeligt loppemarked ${n.inTown}`],
    goods: ["udklædning", "græskar", "legetøj", "lygter", "slik", "bøger"],
    schedules: (c) => [rule(c, "FREQ=YEARLY;BYMONTH=10;BYDAY=-1SA")],
  },
  {
    key: "spring",
    weight: 12,
    place: "outdoor",
    audience: "alle, der trænger til forår",
    names: [(n) => `Forårsmarked ${n.venue.at} ${n.inTown}`, (n) => `${n.town.name} Forårsmarked`],
    goods: ["planter", "frø", "havemøbler", "lopper", "kunsthåndværk", "cykler"],
    schedules: (c) => [rule(c, "FREQ=YEARLY;BYMONTH=4;BYDAY=-1SA")],
  },
  {
    key: "harvest",
    weight: 10,
    place: "outdoor",
    audience: "hele familien",
    names: [(n) => `Høstmarked ${n.venue.at} ${n.inTown}`, (n) => `${n.town.name} Høstmarked`],
    goods: ["æbler", "græskar", "honning", "lopper", "kunsthåndværk", "marmelade", "grøntsager"],
    schedules: (c) => [rule(c, "FREQ=YEARLY;BYMONTH=9;BYDAY=2SA")],
  },
  {
    key: "midsummer",
    weight: 6,
    place: "outdoor",
    audience: "alle, der fejrer sankthans",
    names: [(n) => `Sankthansmarked ${n.inTown}`, (n) => `Midsommermarked ${n.venue.at} ${n.inTown}`],
    goods: ["lopper", "kunsthåndværk", "is", "grillpølser", "blomsterkranse", "legetøj"],
    schedules: (c) => [rule(c, "FREQ=YEARLY;BYMONTH=6;BYMONTHDAY=23")],
  },
  {
    key: "medieval",
    weight: 6,
    place: "outdoor",
    audience: "historieinteresserede og børnefamilier",
    names: [(n) => `Middelaldermarked ${n.inTown}`, (n) => `${n.town.name} Middelalderdage`],
    goods: ["håndsmedet jern", "uldtøj", "læder", "keramik", "mjød", "træskeer", "urter"],
    schedules: (c) => [dates(c, dayAhead(c, 5, [6, 7, 8]), 2)],
  },
  {
    key: "retro",
    weight: 8,
    place: "indoor",
    audience: "vintage- og retroelskere",
    names: [(n) => `Retro- og vintagefestival ${n.inTown}`, (n) => `Vintagedag ${n.venue.at} ${n.inTown}`],
    goods: ["vintagetøj", "teakmøbler", "plakater", "vinylplader", "lamper", "keramik"],
    schedules: (c) => [dates(c, dayAhead(c, 5, ALL_YEAR), c.r.pick([1, 2]))],
  },
];

const THEMED: Concept[] = EVENTS.map((event) => ({
  type: "themed_event",
  key: event.key,
  weight: event.weight,
  place: event.place,
  audience: event.audience,
  names: event.names,
  goods: event.goods,
  schedules: event.schedules,
}));

export const SPECIAL_CONCEPTS: readonly Concept[] = [...SPECIALTY, ...THEMED];
