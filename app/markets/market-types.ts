import { MARKET_TYPES, SHOP_TYPES, type MarketType } from "./types";

/**
 * What a visitor reads about each market type, and its URLs: `slug` is the landing page
 * (/loppemarkeder, SPEC.md §2) and the first part of /{slug}-{i|paa}-{location};
 * `singularSlug` is the old singular form that redirects (301) to it.
 */
export interface MarketTypeInfo {
  key: MarketType;
  /** Singular, as a heading or badge on one market: "Loppemarked". */
  name: string;
  plural: string;
  /** Short form for filter chips and badges; equals `name` except where the name reads awkwardly. */
  label: string;
  slug: string;
  singularSlug: string;
  description: string;
  /** Shops have weekly opening hours instead of dated openings. */
  isShop: boolean;
}

type Entry = Omit<MarketTypeInfo, "key" | "isShop" | "label"> & { label?: string };

const ENTRIES: Record<MarketType, Entry> = {
  flea_market: {
    name: "Loppemarked",
    plural: "Loppemarkeder",
    slug: "loppemarkeder",
    singularSlug: "loppemarked",
    description: "Brugte ting, tøj og kuriositeter fra boder, ofte solgt af private.",
  },
  vendor_market: {
    name: "Kræmmermarked",
    plural: "Kræmmermarkeder",
    slug: "kraemmermarkeder",
    singularSlug: "kraemmermarked",
    description: "Store markeder med kræmmere, nyt og brugt, mad og liv i gaderne.",
  },
  swap_market: {
    name: "Byttemarked",
    plural: "Byttemarkeder",
    slug: "byttemarkeder",
    singularSlug: "byttemarked",
    description: "Her bytter man tøj, bøger og ting i stedet for at købe nyt.",
  },
  antique_market: {
    name: "Antikmarked",
    plural: "Antikmarkeder",
    slug: "antikmarkeder",
    singularSlug: "antikmarked",
    description: "Antikviteter, samlerobjekter og gamle kvalitetsting fra handlende og samlere.",
  },
  shelf_market: {
    name: "Hyldemarked",
    plural: "Hyldemarkeder",
    slug: "hyldemarkeder",
    singularSlug: "hyldemarked",
    description: "Butikker hvor private lejer en hylde eller stand og sælger deres brugte ting.",
  },
  thrift_store: {
    name: "Genbrugsbutik",
    plural: "Genbrugsbutikker",
    slug: "genbrugsbutikker",
    singularSlug: "genbrugsbutik",
    description: "Butikker med brugte varer, ofte drevet af frivillige til fordel for et godt formål.",
  },
  design_secondhand: {
    name: "Design-secondhand-butik",
    plural: "Design-secondhand-butikker",
    label: "Design og secondhand",
    slug: "design-secondhand-butikker",
    singularSlug: "design-secondhand-butik",
    description: "Butikker med udvalgt brugt design, møbler, tøj og vintage.",
  },
  specialty_market: {
    name: "Specialmarked",
    plural: "Specialmarkeder",
    slug: "specialmarkeder",
    singularSlug: "specialmarked",
    description: "Markeder med ét tema, fx plader, bøger, legetøj eller børnetøj.",
  },
  themed_event: {
    name: "Tematisk event",
    plural: "Tematiske events",
    slug: "tematiske-events",
    singularSlug: "tematisk-event",
    description: "Særlige arrangementer som julemarkeder, nattemarkeder og loppefester.",
  },
};

/** In the order of MARKET_TYPES, which is the order of filters and menus. */
export const MARKET_TYPE_INFO: readonly MarketTypeInfo[] = MARKET_TYPES.map((key) => {
  const { label, ...entry } = ENTRIES[key];
  return { key, ...entry, label: label ?? entry.name, isShop: SHOP_TYPES.includes(key) };
});

const byKey = new Map<string, MarketTypeInfo>(MARKET_TYPE_INFO.map((t) => [t.key, t]));
const bySlug = new Map<string, MarketTypeInfo>(MARKET_TYPE_INFO.map((t) => [t.slug, t]));
const bySingularSlug = new Map<string, MarketTypeInfo>(MARKET_TYPE_INFO.map((t) => [t.singularSlug, t]));

export function isMarketType(value: unknown): value is MarketType {
  return typeof value === "string" && byKey.has(value);
}

export function marketTypeInfo(key: MarketType): MarketTypeInfo {
  const info = byKey.get(key);
  if (!info) throw new Error(`Unknown market type ${key}`);
  return info;
}

/** The type of a plural URL slug ("loppemarkeder"); undefined for anything else. */
export function marketTypeBySlug(slug: string): MarketTypeInfo | undefined {
  return bySlug.get(slug);
}

/** The type of an old singular URL slug ("loppemarked"), to redirect to the plural. */
export function marketTypeBySingularSlug(slug: string): MarketTypeInfo | undefined {
  return bySingularSlug.get(slug);
}

/**
 * A type's nationwide landing page, /loppemarkeder: here rather than in landing-paths.ts, so that
 * the footer on every page links them without carrying the 38 places in its JavaScript.
 */
export function typePagePath(type: Pick<MarketTypeInfo, "slug">): string {
  return `/${type.slug}`;
}
