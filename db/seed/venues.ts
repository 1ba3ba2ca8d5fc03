import type { Setting } from "../../app/markets/types";

/**
 * Where demo markets are held. The names are the ones most Danish towns have (Torvet, Havnen,
 * Hallen), so they read naturally with any town; the street numbers are invented.
 */
export interface Venue {
  /** As a venue name on the market page: "Torvet", "Kulturhuset". */
  name: string;
  /** With its preposition, for names and sentences: "på Torvet", "i Kulturhuset". */
  at: string;
  setting: Setting;
  streets: readonly string[];
  /** Towns by the water only. */
  coastal?: boolean;
}

const v = (name: string, at: string, setting: Setting, streets: string[], coastal = false): Venue => ({ name, at, setting, streets, coastal });

export const OUTDOOR_VENUES: readonly Venue[] = [
  v("Torvet", "på Torvet", "outdoor", ["Torvet", "Store Torv", "Lille Torv"]),
  v("Havnen", "ved Havnen", "outdoor", ["Havnegade", "Havnevej", "Kajgaden"], true),
  v("Lystbådehavnen", "ved Lystbådehavnen", "outdoor", ["Havnevej", "Marinavej"], true),
  v("Stationspladsen", "på Stationspladsen", "outdoor", ["Stationsvej", "Jernbanegade", "Banegårdspladsen"]),
  v("Kirkepladsen", "ved Kirken", "outdoor", ["Kirkestræde", "Kirkevej", "Kirkegade"]),
  v("Rådhuspladsen", "på Rådhuspladsen", "outdoor", ["Rådhuspladsen", "Rådhusstræde"]),
  v("Skolegården", "i Skolegården", "outdoor", ["Skolevej", "Skolegade", "Skolestien"]),
  v("Festpladsen", "på Festpladsen", "outdoor", ["Festpladsvej", "Engvej", "Markvej"]),
  v("Dyrskuepladsen", "på Dyrskuepladsen", "outdoor", ["Dyrskuevej", "Udstillingsvej"]),
  v("Byparken", "i Byparken", "outdoor", ["Parkvej", "Parkallé", "Anlægsvej"]),
  v("Gågaden", "i Gågaden", "outdoor", ["Algade", "Nørregade", "Søndergade", "Adelgade", "Storegade"]),
  v("Strandengen", "ved Stranden", "outdoor", ["Strandvejen", "Strandgade", "Klitvej"], true),
  v("Gadekæret", "ved Gadekæret", "outdoor", ["Bygaden", "Landevejen", "Gadekærsvej"]),
  v("Sportspladsen", "på Sportspladsen", "outdoor", ["Idrætsvej", "Stadionvej", "Sportsvej"]),
  v("Den Gamle Kvægtorvsplads", "på Kvægtorvet", "outdoor", ["Kvægtorvet", "Torvegade"]),
  v("Møllepladsen", "ved Møllen", "outdoor", ["Møllevej", "Møllegade", "Møllebakken"]),
];

export const INDOOR_VENUES: readonly Venue[] = [
  v("Idrætshallen", "i Idrætshallen", "indoor", ["Idrætsvej", "Hallvej", "Stadion Allé"]),
  v("Kulturhuset", "i Kulturhuset", "indoor", ["Kulturvej", "Vestergade", "Torvegade"]),
  v("Forsamlingshuset", "i Forsamlingshuset", "indoor", ["Bygaden", "Forsamlingsvej", "Hovedgaden"]),
  v("Medborgerhuset", "i Medborgerhuset", "indoor", ["Borgergade", "Østergade", "Centervej"]),
  v("Sognegården", "i Sognegården", "indoor", ["Kirkevej", "Præstegårdsvej", "Kirkegade"]),
  v("Beboerhuset", "i Beboerhuset", "indoor", ["Fælledvej", "Rosenvænget", "Bakkevej"]),
  v("Ridehallen", "i Ridehallen", "indoor", ["Rideskolevej", "Hestehavevej", "Markvej"]),
  v("Remisen", "i Remisen", "indoor", ["Remisevej", "Jernbanegade", "Sporvejen"]),
  v("Pakhuset", "i Pakhuset", "indoor", ["Pakhusvej", "Havnegade", "Toldbodgade"], true),
  v("Multihallen", "i Multihallen", "indoor", ["Fritidsvej", "Idrætsvej", "Hallvej"]),
  v("Den Gamle Skole", "på Den Gamle Skole", "indoor", ["Gammel Skolevej", "Skolegade"]),
  v("Det Gamle Mejeri", "på Det Gamle Mejeri", "indoor", ["Mejerivej", "Mejerigade"]),
  v("Messecentret", "i Messecentret", "indoor", ["Messevej", "Industrivej", "Erhvervsvej"]),
  v("Spejderhuset", "ved Spejderhuset", "both", ["Spejdervej", "Skovvej", "Lejrvej"]),
  v("Kirkens Hus", "i Kirkens Hus", "indoor", ["Kirkestræde", "Kirkepladsen"]),
];

/** Streets where shops are: the high street and the industrial estate. */
export const SHOP_STREETS: readonly string[] = [
  "Søndergade", "Nørregade", "Østergade", "Vestergade", "Jernbanegade", "Bredgade", "Storegade",
  "Algade", "Kirkegade", "Torvegade", "Adelgade", "Stationsvej", "Hovedgaden", "Industrivej",
  "Fabriksvej", "Håndværkervej", "Erhvervsvej", "Smedevej", "Tømrervej", "Møllevej", "Ringvejen",
];

/** Towns far enough from the sea or a fjord that a harbour or beach venue would be wrong. */
const INLAND_TOWNS = new Set([
  "Nørrebro", "Frederiksberg", "Vanløse", "Brønshøj", "Nordvest", "Valby", "Buddinge", "Rødovre",
  "Herlev", "Glostrup", "Albertslund", "Brøndby", "Ballerup", "Måløv", "Smørum", "Taastrup",
  "Hedehusene", "Farum", "Værløse", "Allerød", "Lynge", "Birkerød", "Holte", "Virum",
  "Kongens Lyngby", "Hillerød", "Skævinge", "Helsinge", "Græsted", "Slangerup", "Stenløse",
  "Ølstykke", "Fredensborg", "Tune", "Viby Sjælland", "Borup", "Bjæverskov", "Lille Skensved",
  "Havdrup", "Hvalsø", "Lejre", "Ringsted", "Sorø", "Dianalund", "Høng", "Tølløse", "Vipperød",
  "Jyderup", "Haslev", "Faxe", "Seden", "Bellinge", "Stige", "Søndersø", "Aarup", "Glamsbjerg",
  "Ringe", "Nørre Aaby", "Vojens", "Rødekro", "Padborg", "Toftlund", "Løgumkloster", "Tønder",
  "Vamdrup", "Lunderskov", "Egtved", "Vejen", "Brørup", "Bramming", "Ribe", "Varde", "Ølgod",
  "Tarm", "Skjern", "Videbæk", "Billund", "Grindsted", "Jelling", "Give", "Brande", "Herning",
  "Ikast", "Sunds", "Vildbjerg", "Holstebro", "Viborg", "Bjerringbro", "Silkeborg", "Kjellerup",
  "Skanderborg", "Ry", "Galten", "Hørning", "Hedensted", "Løsning", "Brædstrup", "Hammel",
  "Hadsten", "Hinnerup", "Tilst", "Sabro", "Harlev", "Trige", "Hasselager", "Solbjerg", "Mårslet",
  "Tranbjerg", "Beder", "Viby J", "Hornslet", "Assentoft", "Hjørring", "Brønderslev",
  "Dronninglund", "Hjallerup", "Vodskov", "Gistrup", "Klarup", "Vestbjerg", "Aabybro", "Fjerritslev",
  "Aars", "Farsø", "Støvring", "Skørping", "Svenstrup", "Aakirkeby",
]);

export const isCoastal = (townName: string) => !INLAND_TOWNS.has(townName);
