import { FACILITY_LABELS } from "../markets/facilities";
import { marketTypeInfo } from "../markets/market-types";
import type { MarketDetail } from "../markets/market-detail.server";
import { hoursOn } from "../markets/schedule/opening-hours";
import { WEEKDAYS, type Weekday } from "../markets/types";

const SCHEMA_DAYS: Record<Weekday, string> = {
  mon: "https://schema.org/Monday",
  tue: "https://schema.org/Tuesday",
  wed: "https://schema.org/Wednesday",
  thu: "https://schema.org/Thursday",
  fri: "https://schema.org/Friday",
  sat: "https://schema.org/Saturday",
  sun: "https://schema.org/Sunday",
};

type Json = Record<string, unknown>;

function place(market: MarketDetail): Json {
  return {
    "@type": "Place",
    name: market.venueName ?? market.city,
    address: {
      "@type": "PostalAddress",
      ...(market.street ? { streetAddress: market.street } : {}),
      postalCode: String(market.postalCode),
      addressLocality: market.city,
      addressCountry: market.postalCode >= 3900 && market.postalCode < 4000 ? "GL" : market.postalCode >= 3800 && market.postalCode < 3900 ? "FO" : "DK",
    },
    ...(market.latitude !== null && market.longitude !== null ? { geo: { "@type": "GeoCoordinates", latitude: market.latitude, longitude: market.longitude } } : {}),
  };
}

function offers(market: MarketDetail, url: string): Json | undefined {
  if (market.entryFeeDkk === null) return undefined;
  return { "@type": "Offer", price: market.entryFeeDkk, priceCurrency: "DKK", url, availability: "https://schema.org/InStock" };
}

/**
 * schema.org data for search engines: a shop is a Store with its opening hours; a dated market is
 * one Event per coming opening (cancelled ones marked so).
 */
export function marketStructuredData(market: MarketDetail, url: string): Json | Json[] {
  const type = marketTypeInfo(market.type);
  const description = market.description.slice(0, 500);
  if (type.isShop) {
    const hours = market.schedules.find((schedule) => schedule.kind === "opening_hours")?.openingHours ?? null;
    return {
      "@context": "https://schema.org",
      "@type": "Store",
      name: market.name,
      description,
      url,
      address: place(market).address,
      ...(market.latitude !== null ? { geo: place(market).geo } : {}),
      ...(market.phone ? { telephone: market.phone } : {}),
      ...(market.facilities.length ? { amenityFeature: market.facilities.map((f) => ({ "@type": "LocationFeatureSpecification", name: FACILITY_LABELS[f], value: true })) } : {}),
      openingHoursSpecification: WEEKDAYS.flatMap((day) =>
        hoursOn(hours, day).map(([opens, closes]) => ({ "@type": "OpeningHoursSpecification", dayOfWeek: SCHEMA_DAYS[day], opens, closes })),
      ),
    };
  }
  const offer = offers(market, url);
  return market.upcoming.map((occurrence) => ({
    "@context": "https://schema.org",
    "@type": "Event",
    name: market.name,
    description,
    url,
    startDate: occurrence.startsAt,
    endDate: occurrence.endsAt,
    eventStatus: occurrence.status === "cancelled" ? "https://schema.org/EventCancelled" : "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    location: place(market),
    ...(offer ? { offers: offer } : {}),
    ...(market.website ? { organizer: { "@type": "Organization", name: market.name, url: market.website } } : {}),
  }));
}
