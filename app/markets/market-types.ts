import { t } from "../lib/i18n";
import { MARKET_TYPES, SHOP_TYPES, type MarketType } from "./types";

/**
 * What a visitor reads about each market type, and its URLs: `slug` is the landing page
 * (/loppemarkeder, product §2) and the first part of /{slug}-{i|paa}-{location};
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
    name: t("markets.types.flea_market.name"),
    plural: t("markets.types.flea_market.plural"),
    slug: "loppemarkeder",
    singularSlug: "loppemarked",
    description: t("markets.types.flea_market.description"),
  },
  vendor_market: {
    name: t("markets.types.vendor_market.name"),
    plural: t("markets.types.vendor_market.plural"),
    slug: "kraemmermarkeder",
    singularSlug: "kraemmermarked",
    description: t("markets.types.vendor_market.description"),
  },
  swap_market: {
    name: t("markets.types.swap_market.name"),
    plural: t("markets.types.swap_market.plural"),
    slug: "byttemarkeder",
    singularSlug: "byttemarked",
    description: t("markets.types.swap_market.description"),
  },
  antique_market: {
    name: t("markets.types.antique_market.name"),
    plural: t("markets.types.antique_market.plural"),
    slug: "antikmarkeder",
    singularSlug: "antikmarked",
    description: t("markets.types.antique_market.description"),
  },
  shelf_market: {
    name: t("markets.types.shelf_market.name"),
    plural: t("markets.types.shelf_market.plural"),
    slug: "hyldemarkeder",
    singularSlug: "hyldemarked",
    description: t("markets.types.shelf_market.description"),
  },
  thrift_store: {
    name: t("markets.types.thrift_store.name"),
    plural: t("markets.types.thrift_store.plural"),
    slug: "genbrugsbutikker",
    singularSlug: "genbrugsbutik",
    description: t("markets.types.thrift_store.description"),
  },
  design_secondhand: {
    name: t("markets.types.design_secondhand.name"),
    plural: t("markets.types.design_secondhand.plural"),
    label: t("markets.types.design_secondhand.label"),
    slug: "design-secondhand-butikker",
    singularSlug: "design-secondhand-butik",
    description: t("markets.types.design_secondhand.description"),
  },
  specialty_market: {
    name: t("markets.types.specialty_market.name"),
    plural: t("markets.types.specialty_market.plural"),
    slug: "specialmarkeder",
    singularSlug: "specialmarked",
    description: t("markets.types.specialty_market.description"),
  },
  themed_event: {
    name: t("markets.types.themed_event.name"),
    plural: t("markets.types.themed_event.plural"),
    slug: "tematiske-events",
    singularSlug: "tematisk-event",
    description: t("markets.types.themed_event.description"),
  },
};

/** In the order of MARKET_TYPES, which is the order of filters and menus. */
export const MARKET_TYPE_INFO: readonly MarketTypeInfo[] = MARKET_TYPES.map((key) => {
  const { label, ...entry } = ENTRIES[key];
  return { key, ...entry, label: label ?? entry.name, isShop: SHOP_TYPES.includes(key) };
});

const byKey = new Map<string, MarketTypeInfo>(MARKET_TYPE_INFO.map((info) => [info.key, info]));
const bySlug = new Map<string, MarketTypeInfo>(MARKET_TYPE_INFO.map((info) => [info.slug, info]));
const bySingularSlug = new Map<string, MarketTypeInfo>(MARKET_TYPE_INFO.map((info) => [info.singularSlug, info]));

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
 * A type's nationwide landing page, /loppemarkeder: here rather than in landing/paths.ts, so that
 * the footer on every page links them without carrying the 38 places in its JavaScript.
 */
export function typePagePath(type: Pick<MarketTypeInfo, "slug">): string {
  return `/${type.slug}`;
}
