import type { MarketType, ScheduleSpec, Setting } from "../../app/markets/types";
import { longDate } from "./dates";
import type { MarketDetails } from "./details";
import type { Organiser } from "./concepts";
import { joinDanish, openingHoursText, scheduleSentence } from "./prose";
import type { Random } from "./random";
import { areaOf, inTown, type SeedTown } from "./towns";
import type { Venue } from "./venues";

/**
 * An 80–200-word Danish description from a market's facts, so that every demo market page has
 * real text to read and to index. Sentences come from several variants each and are only added
 * when the fact behind them is true (no "hunde er velkomne" where dogs are not).
 */
export interface DescriptionFacts {
  name: string;
  type: MarketType;
  conceptKey: string;
  town: SeedTown;
  venue: Venue;
  street: string;
  setting: Setting;
  schedules: readonly ScheduleSpec[];
  goods: readonly string[];
  audience?: string;
  details: MarketDetails;
  organiser: Organiser | null;
  cause: string | null;
}

export const MIN_WORDS = 80;
export const MAX_WORDS = 200;

export function countWords(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

const SUBJECTS: Record<MarketType, string> = {
  flea_market: "Loppemarkedet",
  vendor_market: "Kræmmermarkedet",
  swap_market: "Byttemarkedet",
  antique_market: "Antikmarkedet",
  specialty_market: "Markedet",
  themed_event: "Markedet",
  shelf_market: "Butikken",
  thrift_store: "Butikken",
  design_secondhand: "Butikken",
};

type Line = (f: DescriptionFacts & { at: string; where: string; area: string }) => string;

const INTROS: Record<string, readonly Line[]> = {
  flea_market: [
    (f) => `${f.name} er et hyggeligt loppemarked ${f.at} ${f.where}, hvor private sælgere stiller deres borde op og sælger ud af gemmerne.`,
    (f) => `På ${f.name} mødes samlere, børnefamilier og nysgerrige sjæle for at gøre en god handel ${f.at} ${f.where}.`,
    (f) => `${f.name} har i flere år samlet både faste sælgere og folk, der lige har ryddet op på loftet, og er blevet et fast samlingspunkt ${f.where}.`,
    (f) => `Er du til skattejagt blandt brugte ting, er ${f.name} et godt sted at begynde. Markedet ligger ${f.at} ${f.where} ${f.area}.`,
    (f) => `${f.name} er et af de loppemarkeder ${f.area}, som de lokale gerne anbefaler, når nogen spørger efter et godt sted at gøre fund.`,
  ],
  vendor_market: [
    (f) => `${f.name} er et klassisk kræmmermarked med boder, musik og liv ${f.at} ${f.where}.`,
    (f) => `Når ${f.name} løber af stablen, fyldes ${f.venue.name} ${f.where} med kræmmere, loppesælgere og håndværkere fra hele egnen.`,
    (f) => `For mange ${f.area} er ${f.name} en fast tradition, hvor kræmmere og gæster mødes til handel, hygge og god mad.`,
  ],
  swap_market: [
    (f) => `${f.name} er for dig, der hellere vil bytte end købe nyt: Du tager ting med hjemmefra og går hjem med noget andet, uden at der skal penge på bordet.`,
    (f) => `På ${f.name} ${f.at} ${f.where} får brugte ting et nyt liv hos en ny ejer.`,
    (f) => `${f.name} er et byttemarked, hvor idéen er enkel: Tag noget med, og tag noget andet med hjem.`,
  ],
  antique_market: [
    (f) => `${f.name} samler antikhandlere, samlere og private sælgere ${f.at} ${f.where}.`,
    (f) => `På ${f.name} finder du antikviteter, kuriosa og samlerobjekter fra forhandlere fra hele landet.`,
    (f) => `${f.name} er for dig, der holder af ting med en historie, og markedet har gennem årene fået et godt ry blandt samlere ${f.area}.`,
  ],
  specialty_market: [
    (f) => `${f.name} er et specialmarked for ${f.audience}, og det holdes ${f.at} ${f.where}.`,
    (f) => `${f.name} henvender sig til ${f.audience}, men alle er velkomne til at kigge forbi ${f.at} ${f.where}.`,
  ],
  christmas: [
    (f) => `${f.name} er en hyggelig optakt til julen ${f.at} ${f.where}, med boder fyldt med julepynt, gaver og lækkerier.`,
    (f) => `Når julen nærmer sig, summer ${f.venue.name} ${f.where} af liv, for så holdes ${f.name} med duft af gløgg og æbleskiver.`,
  ],
  night: [(f) => `${f.name} begynder først, når de fleste andre markeder er pakket sammen. Med lyskæder, musik og boder ${f.at} ${f.where} er stemningen helt sin egen.`],
  halloween: [(f) => `${f.name} er et loppemarked med et strejf af uhygge ${f.at} ${f.where}, hvor både børn og voksne gerne må komme udklædt.`],
  spring: [(f) => `${f.name} fejrer, at foråret er på vej, med boder ${f.at} ${f.where} og masser af planter, lopper og håndværk.`],
  harvest: [(f) => `${f.name} markerer høsten med boder ${f.at} ${f.where}, hvor lokale producenter og loppesælgere står side om side.`],
  midsummer: [(f) => `${f.name} holdes på sankthansaften, hvor byen samles ${f.at} ${f.where}, før bålet bliver tændt.`],
  medieval: [(f) => `På ${f.name} går tiden baglæns: Håndværkere i dragter viser gamle teknikker ${f.at} ${f.where}, og der handles, som man gjorde i middelalderen.`],
  retro: [(f) => `${f.name} samler det bedste fra 1950'erne, 60'erne og 70'erne ${f.at} ${f.where}.`],
  thrift_store: [
    (f) => `${f.name} er en genbrugsbutik på ${f.street} ${f.where}, hvor frivillige sørger for, at donerede ting kommer videre til nye ejere.`,
    (f) => `Hos ${f.name} på ${f.street} finder du et stort udvalg af brugte ting til små priser.`,
    (f) => `${f.name} på ${f.street} er en af de genbrugsbutikker ${f.where}, hvor du altid kan finde noget, du ikke vidste, du manglede.`,
  ],
  shelf_market: [
    (f) => `${f.name} er et hyldemarked på ${f.street} ${f.where}, hvor private lejer en hylde og lader butikken stå for salget.`,
    (f) => `Hos ${f.name} på ${f.street} ${f.where} står hylderne fyldt med brugte ting fra private sælgere, og udvalget skifter fra dag til dag.`,
  ],
  design_secondhand: [
    (f) => `${f.name} er en butik med brugte designmøbler og brugskunst på ${f.street} ${f.where}.`,
    (f) => `Hos ${f.name} på ${f.street} handler det om dansk og nordisk design fra midten af 1900-tallet og frem.`,
    (f) => `${f.name} på ${f.street} ${f.where} er stedet for dig, der drømmer om klassiske møbler med patina.`,
  ],
};

const SETTING_LINES: Record<Setting, readonly string[]> = {
  outdoor: [
    "Markedet foregår udendørs, så tag tøj på efter vejret.",
    "Det hele foregår under åben himmel, og på en solskinsdag kommer der rigtig mange mennesker.",
    "Markedet gennemføres i al slags vejr, men enkelte sælgere bliver væk, hvis det regner.",
  ],
  indoor: ["Alt foregår indendørs, så markedet holdes uanset vejret.", "Da markedet ligger indendørs, er det et godt udflugtsmål også på en grå og våd dag."],
  both: ["Der er stader både inde og ude, så der er plads til mange sælgere.", "Hvis vejret driller, rykker en del af boderne indenfor."],
};

const TIPS = [
  "Kom tidligt, hvis du vil gøre de bedste fund, for de ivrigste samlere står klar fra morgenstunden.",
  "Tag en stofpose med, og husk, at det er helt i orden at prutte lidt om prisen.",
  "Sidst på dagen sætter mange sælgere priserne ned, så der er gode handler at gøre til det sidste.",
  "Hold øje med arrangørens hjemmeside, hvor der kommer nyt om datoer og stadepladser.",
  "Husk kontanter til de sælgere, der ikke tager imod MobilePay.",
];
const SHOP_TIPS = [
  "Der kommer nye varer på hylderne hver dag, så det kan betale sig at kigge forbi ofte.",
  "Følg butikken på de sociale medier for at se de nyeste fund.",
  "Personalet hjælper gerne, hvis du leder efter noget bestemt.",
];

function goodsLine(r: Random, f: DescriptionFacts, shop: boolean): string {
  const items = r.sample(f.goods, Math.min(f.goods.length, r.int(4, 5)));
  const list = joinDanish(items);
  if (shop) {
    return r.pick([`I butikken finder du blandt andet ${list}.`, `Sortimentet skifter hele tiden, men der er næsten altid ${list}.`, `Typisk bugner hylderne med ${list}.`]);
  }
  return r.pick([
    `Her kan du finde alt fra ${items[0]} til ${items[1]}, og ofte også ${joinDanish(items.slice(2))}.`,
    `Udvalget spænder vidt og tæller blandt andet ${list}.`,
    `Typisk bugner bordene med ${list}.`,
    `Blandt de faste fund er ${list}.`,
    `Sælgerne har ofte ${list} med.`,
  ]);
}

function facilityLines(r: Random, f: DescriptionFacts, shop: boolean): string[] {
  const has = new Set(f.details.facilities);
  const lines: string[] = [];
  if (has.has("parking")) lines.push(r.pick(["Der er gratis parkering tæt ved.", "Der er parkering lige ved indgangen.", "Der er gode parkeringsmuligheder i nærheden."]));
  else lines.push("Kom gerne på cykel eller med offentlig transport, for der er kun få parkeringspladser.");
  if (has.has("food") && !shop)
    lines.push(
      r.pick([
        "Der sælges kaffe, kage og pølser, så ingen behøver at gå sultne hjem.",
        "I caféen kan du købe kaffe, sandwich og hjemmebag.",
        "Der er madboder med blandt andet pølser, is og kaffe.",
      ]),
    );
  if (has.has("toilets")) lines.push("Der er toiletter på stedet.");
  if (has.has("wheelchair")) lines.push(r.pick(["Stedet er tilgængeligt for kørestolsbrugere.", "Der er niveaufri adgang, så kørestole og barnevogne kan komme rundt."]));
  if (has.has("dogs")) lines.push("Hunde i snor er velkomne.");
  else if (f.setting !== "outdoor") lines.push("Hunde må desværre ikke komme med indenfor.");
  if (has.has("card_payment") && has.has("mobilepay")) lines.push("Du kan betale med både kort og MobilePay.");
  else if (has.has("mobilepay")) lines.push(shop ? "Du kan betale med MobilePay." : "De fleste sælgere tager imod MobilePay, men tag gerne kontanter med.");
  else if (has.has("card_payment")) lines.push("Du kan betale med kort.");
  else if (!shop) lines.push("Tag kontanter med, da det ikke alle steder er muligt at betale elektronisk.");
  return lines;
}

export function describeMarket(r: Random, f: DescriptionFacts): string {
  const shop = f.type === "thrift_store" || f.type === "shelf_market" || f.type === "design_secondhand";
  const subject = SUBJECTS[f.type];
  const ctx = { ...f, at: f.venue.at, where: inTown(f.town), area: areaOf(f.town) };
  const introKey = f.type === "themed_event" ? f.conceptKey : f.type;
  const intro = r.pick(INTROS[introKey] ?? INTROS.specialty_market!)(ctx);

  const when: string[] = [];
  if (shop) {
    const hours = f.schedules[0]!.openingHours!;
    when.push(`${subject} har åbent ${openingHoursText(hours)}.`);
  } else {
    when.push(scheduleSentence(subject, f.schedules));
    for (const spec of f.schedules) {
      for (const cancelled of spec.cancelled ?? []) {
        const reason = cancelled.note?.replace(/^Aflyst\s*/, "");
        when.push(`Bemærk, at markedet er aflyst ${longDate(cancelled.date)}${reason ? ` ${reason}` : ""}.`);
      }
    }
    when.push(r.pick(SETTING_LINES[f.setting]));
    const fee = f.details.entryFeeDkk;
    when.push(
      fee === 0
        ? r.pick(["Der er gratis adgang.", "Det koster ikke noget at komme ind.", "Adgangen er gratis for alle."])
        : `${r.pick([`Entréen er ${fee} kr.`, `Det koster ${fee} kr. at komme ind.`])}${f.details.entryFeeText ? ` ${f.details.entryFeeText}` : ""}`,
    );
  }

  const goods = [goodsLine(r, f, shop)];
  const count = f.details.stallCount;
  if (count && f.type === "shelf_market") goods.push(`Butikken har ${count} hylder til leje.`);
  else if (count) goods.push(`Der er plads til omkring ${count} sælgere.`);
  if (f.details.stallPriceText) goods.push(`${r.pick(["Vil du selv sælge?", "Har du selv ting, du gerne vil af med?"])} ${f.details.stallPriceText}`);
  else if (f.details.bookingInfo) goods.push(f.details.bookingInfo);

  const practical = facilityLines(r, f, shop);
  const cause = f.cause ?? f.organiser?.cause ?? null;
  const by = f.organiser?.by;
  const closing: string[] = [];
  if (by) closing.push(cause ? `${subject} arrangeres af ${by}, og overskuddet går til ${cause}.` : `${subject} arrangeres af ${by}.`);
  else if (cause) closing.push(`Overskuddet går til ${cause}.`);

  // Optional sentences, in the order they are added when the text is short and dropped when long.
  const extras = [
    r.pick(shop ? SHOP_TIPS : TIPS),
    r.pick([`${f.town.name} ligger ${ctx.area}, og ${shop ? "butikken" : "markedet"} trækker gæster fra hele egnen.`, `Mange kombinerer besøget med en tur rundt ${ctx.where}.`]),
  ];
  const paragraphs = [[intro], when, goods, [...practical, ...closing]];
  const text = () => paragraphs.map((p) => p.join(" ")).join("\n\n");
  for (const extra of extras) {
    if (countWords(text()) >= 110) break;
    paragraphs[3]!.push(extra);
  }
  // Long texts lose facility lines from the end until they fit.
  while (countWords(text()) > MAX_WORDS && paragraphs[3]!.length > 1) paragraphs[3]!.splice(paragraphs[3]!.length - 2, 1);
  return text();
}
