import { describe, expect, it } from "vitest";
import type { LandingStats } from "./data.server";
import { landingDescription, landingIntro } from "./intro";
import { neighbouringLocations } from "./neighbours";
import { landingPath, type LandingPage } from "./paths";
import { LOCATIONS, location } from "../markets/locations";
import { MARKET_TYPE_INFO, marketTypeInfo } from "../markets/market-types";

const PAGES: LandingPage[] = MARKET_TYPE_INFO.flatMap((type) => [null, ...LOCATIONS].map((place) => ({ type, location: place })));

const TOWN_NAMES = [
  "Aarhus C",
  "Viby J",
  "Risskov",
  "Odense C",
  "Aalborg",
  "Nørresundby",
  "Rønne",
  "Nexø",
  "Esbjerg",
  "Kolding",
  "Vejle",
  "Horsens",
  "Silkeborg",
  "Herning",
  "Svendborg",
  "Næstved",
  "Hillerød",
  "Tórshavn",
  "Nuuk",
  "Ærøskøbing",
];

/** A small deterministic generator, so "realistic" stats differ per page but not per run. */
function generator(seed: number) {
  let state = seed >>> 0 || 1;
  return (below: number) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % below;
  };
}

function emptyStats(): LandingStats {
  return {
    count: 0,
    upcomingCount: 0,
    shopCount: 0,
    towns: [],
    monthCounts: new Array<number>(12).fill(0),
    medianFeeDkk: null,
    feeKnownCount: 0,
    freeCount: 0,
    indoorCount: 0,
    outdoorCount: 0,
    nextDate: null,
    lastModified: null,
  };
}

function realisticStats(page: LandingPage, index: number): LandingStats {
  const next = generator(index * 7919 + 17);
  const count = 1 + next(page.location ? 400 : 20_000);
  const towns = Array.from({ length: Math.min(8, 1 + next(8)) }, (_, i) => ({
    name: TOWN_NAMES[(index + i * 3) % TOWN_NAMES.length]!,
    count: Math.max(1, Math.round(count / (i + 2))),
  }));
  const known = next(count + 1);
  const free = next(known + 1);
  const isShop = page.type.isShop;
  return {
    count,
    upcomingCount: isShop ? 0 : next(count + 1),
    shopCount: isShop ? count : 0,
    towns,
    monthCounts: Array.from({ length: 12 }, (_, month) => (isShop ? 0 : next(month >= 4 && month <= 8 ? 900 : 200))),
    medianFeeDkk: known ? [0, 10, 20, 25, 40][next(5)]! : null,
    feeKnownCount: known,
    freeCount: free,
    indoorCount: next(count + 1),
    outdoorCount: next(count + 1),
    nextDate: isShop ? null : `2026-${String(1 + next(12)).padStart(2, "0")}-${String(1 + next(28)).padStart(2, "0")}`,
    lastModified: "2026-05-01T10:00:00.000Z",
  };
}

/** Words as a crawler counts them: whitespace-separated tokens of the visible text. */
const words = (paragraphs: string[]) => paragraphs.join(" ").split(/\s+/).filter(Boolean).length;

const nearbyOf = (page: LandingPage) => (page.location ? neighbouringLocations(page.location, 3) : []);

const page = (typeKey: Parameters<typeof marketTypeInfo>[0], placeKey: string | null): LandingPage => ({
  type: marketTypeInfo(typeKey),
  location: placeKey ? location(placeKey)! : null,
});

describe("landing introductions", () => {
  it("covers all 351 pages", () => {
    expect(PAGES).toHaveLength(351);
  });

  it.each([
    ["realistic", realisticStats],
    ["empty", () => emptyStats()],
  ] as const)("give every page at least 100 words and a text of its own (%s stats)", (_name, statsFor) => {
    const intros = new Set<string>();
    const descriptions = new Set<string>();
    /** Paragraph → the page that used it first: no paragraph may appear on two pages. */
    const paragraphs = new Map<string, string>();
    PAGES.forEach((landing, index) => {
      const stats = statsFor(landing, index);
      const intro = landingIntro(landing, stats, { nearby: nearbyOf(landing) });
      const description = landingDescription(landing, stats);
      const path = landingPath(landing.type, landing.location);
      expect(words(intro), path).toBeGreaterThanOrEqual(100);
      expect(
        intro.every((paragraph) => paragraph.trim() === paragraph && paragraph.length > 0),
        path,
      ).toBe(true);
      expect(intro.join(" "), path).not.toMatch(/\{\{|\}\}|undefined|null|NaN/);
      expect(description.length, `${path}: ${description}`).toBeGreaterThanOrEqual(70);
      expect(description.length, `${path}: ${description}`).toBeLessThanOrEqual(155);
      expect(description, path).not.toMatch(/\{\{|undefined|null|NaN/);
      for (const paragraph of intro) {
        expect(paragraphs.get(paragraph) ?? path, `"${paragraph}" is on two pages`).toBe(path);
        paragraphs.set(paragraph, path);
      }
      intros.add(intro.join("\n"));
      descriptions.add(description);
    });
    expect(intros.size).toBe(PAGES.length);
    expect(descriptions.size).toBe(PAGES.length);
  });

  it("opens with a lead of two or three sentences, which the page shows above its list", () => {
    /** Sentence ends: a full stop before a capital or the end ("21. november" and "3.070" are none). */
    const sentences = (text: string) => text.match(/[.!?](?=\s+[A-ZÆØÅ“]|$)/g)?.length ?? 0;
    PAGES.forEach((landing, index) => {
      const path = landingPath(landing.type, landing.location);
      for (const stats of [realisticStats(landing, index), emptyStats(), { ...emptyStats(), count: 2, towns: [] }]) {
        const [lead] = landingIntro(landing, stats, { nearby: nearbyOf(landing) });
        expect(sentences(lead!), `${path}: ${lead}`).toBeGreaterThanOrEqual(2);
        expect(sentences(lead!), `${path}: ${lead}`).toBeLessThanOrEqual(3);
      }
    });
  });

  it("reaches 100 words on the sparsest page with markets: one shop, nothing else known", () => {
    for (const landing of PAGES) {
      const stats = { ...emptyStats(), count: 1, shopCount: landing.type.isShop ? 1 : 0, towns: [{ name: "Ry", count: 1 }] };
      expect(words(landingIntro(landing, stats, { nearby: [] })), landingPath(landing.type, landing.location)).toBeGreaterThanOrEqual(100);
    }
  });

  it("does not read like a mail merge: the pages share out every phrasing of the opening, the same one on every call", () => {
    const openings = PAGES.map((landing, index) => landingIntro(landing, realisticStats(landing, index), { nearby: [] })[0]!);
    for (const phrasing of ["Lige nu kan du finde", "Loppeguiden samler i øjeblikket", "har vi lige nu"]) {
      expect(openings.filter((opening) => opening.includes(phrasing)).length, phrasing).toBeGreaterThan(PAGES.length / 10);
    }
    const again = PAGES.map((landing, index) => landingIntro(landing, realisticStats(landing, index), { nearby: [] })[0]!);
    expect(again).toEqual(openings);
  });

  it("writes the Aarhus flea market page from its numbers", () => {
    const aarhus = page("flea_market", "aarhus");
    const stats: LandingStats = {
      count: 3070,
      upcomingCount: 3058,
      shopCount: 0,
      towns: [
        { name: "Aarhus C", count: 1790 },
        { name: "Viby J", count: 260 },
        { name: "Odder", count: 141 },
        { name: "Tranbjerg J", count: 118 },
        { name: "Risskov", count: 90 },
      ],
      monthCounts: [10, 10, 20, 40, 90, 300, 320, 310, 80, 40, 10, 10],
      medianFeeDkk: 12.5,
      feeKnownCount: 2000,
      freeCount: 600,
      indoorCount: 1034,
      outdoorCount: 2320,
      nextDate: "2026-11-21",
      lastModified: "2026-11-20T10:00:00.000Z",
    };
    const text = landingIntro(aarhus, stats, { nearby: neighbouringLocations(aarhus.location!, 3) }).join("\n");
    expect(text).toContain("3.070 loppemarkeder i Aarhus");
    expect(text).toContain("Aarhus C (1.790), Viby J (260), Odder (141) og Tranbjerg J (118)");
    expect(text).not.toContain("Risskov");
    expect(text).toContain("3.058 af dem har kommende datoer");
    expect(text).toContain("lørdag den 21. november 2026");
    expect(text).toContain("1.240 datoer");
    expect(text).toContain("juni, juli og august");
    expect(text).toContain("12,5 kr.");
    expect(text).toContain("600 af dem");
    expect(text).toContain("1.034");
    expect(text).toContain("2.320");
    expect(text).toContain(MARKET_TYPE_INFO[0]!.description);
    expect(text).toContain("loppemarkeder i Randers, Horsens og Midtjylland");
    expect(landingDescription(aarhus, stats)).toBe(
      "Se 3.070 loppemarkeder i Aarhus med datoer, adresser og entré. Flest i Aarhus C, Viby J og Odder. Næste dato: lør. 21. nov. 2026.",
    );
  });

  it("uses the singular for one market and one date, the plural from two", () => {
    const odense = page("swap_market", "odense");
    const one = { ...emptyStats(), count: 1, upcomingCount: 1, towns: [{ name: "Odense C", count: 1 }], nextDate: "2026-06-06" };
    const oneText = landingIntro(odense, { ...one, monthCounts: [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0] }, { nearby: [] }).join(" ");
    expect(oneText).toMatch(/\b1 byttemarked\b/);
    expect(oneText).toContain("1 dato ");
    expect(oneText).toContain("Adressen er i Odense C.");
    expect(oneText).not.toMatch(/\b1 byttemarkeder|\b1 datoer/);

    const two = { ...one, count: 2, upcomingCount: 2, towns: [{ name: "Odense C", count: 2 }] };
    const twoText = landingIntro(odense, { ...two, monthCounts: [0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0] }, { nearby: [] }).join(" ");
    expect(twoText).toMatch(/\b2 byttemarkeder\b/);
    expect(twoText).toContain("2 datoer");
    expect(twoText).toContain("juni og juli");
    expect(twoText).toContain("Alle 2 ligger i Odense C.");
    expect(landingDescription(page("swap_market", "fyn"), { ...one })).toMatch(/^Se 1 byttemarked på Fyn |^1 byttemarked på Fyn /);
  });

  it("names towns without counts when each has one market", () => {
    const text = landingIntro(
      page("antique_market", "fyn"),
      {
        ...emptyStats(),
        count: 3,
        towns: [
          { name: "Odense C", count: 1 },
          { name: "Svendborg", count: 1 },
          { name: "Ærøskøbing", count: 1 },
        ],
      },
      { nearby: [] },
    ).join(" ");
    expect(text).toContain("Du finder dem i Odense C, Svendborg og Ærøskøbing.");
  });

  it("tells what entry costs: all free, mostly free, unknown", () => {
    const base = { ...emptyStats(), count: 10, towns: [{ name: "Vejle", count: 10 }] };
    const vejle = page("flea_market", "vejle");
    const text = (stats: Partial<LandingStats>) => landingIntro(vejle, { ...base, ...stats }, { nearby: [] }).join(" ");
    expect(text({ feeKnownCount: 4, freeCount: 4, medianFeeDkk: 0 })).toContain("Alle med oplyst entré er gratis at besøge.");
    expect(text({ feeKnownCount: 5, freeCount: 3, medianFeeDkk: 0 })).toContain("3 af de 5 med oplyst entré tager ikke betaling");
    expect(text({})).toContain("Entréen er ikke oplyst endnu");
    expect(text({ feeKnownCount: 1, freeCount: 0, medianFeeDkk: 25 })).toContain("Entréen er 25 kr.");
  });

  it("says when dates are spread evenly over the year instead of naming busy months", () => {
    const stats = { ...emptyStats(), count: 4, upcomingCount: 4, towns: [{ name: "Vejle", count: 4 }], nextDate: "2026-06-06", monthCounts: new Array(12).fill(17) };
    expect(landingIntro(page("flea_market", "vejle"), stats, { nearby: [] }).join(" ")).toContain("fordeler sig jævnt over året");
  });

  it("tells shop pages about opening hours, not market days or entry", () => {
    const stats = {
      ...emptyStats(),
      count: 12,
      shopCount: 12,
      towns: [
        { name: "Rønne", count: 8 },
        { name: "Nexø", count: 4 },
      ],
      feeKnownCount: 12,
      freeCount: 12,
      medianFeeDkk: 0,
    };
    const text = landingIntro(page("thrift_store", "bornholm"), stats, { nearby: [] }).join(" ");
    expect(text).toContain("åbningstider");
    expect(text).not.toContain("markedsdag er");
    expect(text).not.toContain("entré");
    expect(landingDescription(page("thrift_store", "bornholm"), stats)).toContain("åbningstider");
  });

  it("on an empty page says so, names the nearest places with markets and invites organisers", () => {
    const aarhus = page("antique_market", "aarhus");
    const nearby = ["randers", "horsens", "fyn"].map((key) => location(key)!);
    const text = landingIntro(aarhus, emptyStats(), { nearby }).join(" ");
    expect(text).toMatch(/ingen antikmarkeder i Aarhus/);
    expect(text).toMatch(/Randers, Horsens og Fyn|i Randers og Horsens samt på Fyn/);
    expect(text).toContain("Arrangerer du et antikmarked i Aarhus?");
    expect(landingDescription(aarhus, emptyStats())).toBe("Der er ingen antikmarkeder i Aarhus på Loppeguiden lige nu. Se de nærmeste steder med antikmarkeder i stedet.");
    const shop = landingIntro(page("thrift_store", "groenland"), emptyStats(), { nearby: [] }).join(" ");
    expect(shop).toContain("Driver du en genbrugsbutik på Grønland?");
    expect(shop).toContain("Kig forbi igen senere");
  });

  it("gives each type tips of its own", () => {
    const tips = (key: Parameters<typeof marketTypeInfo>[0]) => landingIntro(page(key, "odense"), emptyStats(), { nearby: [] }).join(" ");
    expect(tips("antique_market")).toMatch(/tidligt|målebånd|alder, stand og historie/);
    expect(tips("swap_market")).toMatch(/ting for en ting|rene og hele ting|tidligt med dine egne ting|tilovers/);
    expect(tips("thrift_store")).toMatch(/nye varer|godt formål|porcelæn|aflevere/);
  });
});
