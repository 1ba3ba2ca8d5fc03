import { site } from "~/lib/site-context.server";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { t } from "~/lib/i18n";
import { pageMeta } from "~/lib/meta";
import { useHydrated } from "~/lib/use-hydrated";
import { todayInDenmark } from "~/lib/dates";
import { findMarkets } from "~/register/market-list.server";
import { marketTypeInfo } from "~/markets/market-types";
import type { Route } from "./+types/geolocation";

const NEAREST = 5;

function coordinate(value: string | null, limit: number): number | null {
  if (value === null || !/^-?\d{1,3}(\.\d{1,10})?$/.test(value)) return null;
  const number = Number(value);
  return Math.abs(number) <= limit ? number : null;
}

/** With ?lat=&lng= (set by the page once the browser has answered): the five nearest markets. */
export async function loader({ url }: Route.LoaderArgs) {
  const params = url.searchParams;
  const latitude = coordinate(params.get("lat"), 90);
  const longitude = coordinate(params.get("lng"), 180);
  if (latitude === null || longitude === null) return { nearest: null };
  const { items } = await findMarkets(site().database.db, { near: { latitude, longitude }, sort: "distance" }, { pageSize: NEAREST, today: todayInDenmark() });
  return { nearest: items.filter((item) => item.distanceKm !== null) };
}

export function meta() {
  return [...pageMeta(t("map.geolocation.title"), t("map.geolocation.description")), { name: "robots", content: "noindex,nofollow" }];
}

type Reading = { kind: "waiting" } | { kind: "position"; lat: number; lng: number; accuracy: number } | { kind: "error"; message: string; code: number | null };

function errorMessage(error: GeolocationPositionError): string {
  if (error.code === error.PERMISSION_DENIED) return t("map.geolocation.denied");
  if (error.code === error.TIMEOUT) return t("map.geolocation.timeout");
  return t("map.geolocation.unavailable");
}

/** product §2's test page: what the browser reports about its position, and the markets nearest to it. */
export default function GeolocationTest({ loaderData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const [, setSearchParams] = useSearchParams();
  const [reading, setReading] = useState<Reading>({ kind: "waiting" });

  const ask = useCallback(() => {
    if (!("geolocation" in navigator)) {
      setReading({ kind: "error", message: t("map.geolocation.unsupported"), code: null });
      return;
    }
    setReading({ kind: "waiting" });
    navigator.geolocation.getCurrentPosition(
      (found) => {
        const { latitude, longitude, accuracy } = found.coords;
        setReading({ kind: "position", lat: latitude, lng: longitude, accuracy });
        setSearchParams({ lat: latitude.toFixed(5), lng: longitude.toFixed(5) }, { replace: true, preventScrollReset: true });
      },
      (error) => setReading({ kind: "error", message: errorMessage(error), code: error.code }),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 0 },
    );
  }, [setSearchParams]);

  // Once on arrival; later readings only when asked, so replacing the query cannot loop.
  const askRef = useRef(ask);
  askRef.current = ask;
  useEffect(() => {
    askRef.current();
  }, []);

  return (
    <article className="max-w-2xl">
      <h1 className="text-3xl font-bold sm:text-4xl">{t("map.geolocation.heading")}</h1>
      <p className="mt-2 text-lg text-stone-700 dark:text-stone-300">{t("map.geolocation.intro")}</p>

      {!hydrated ? (
        <p className="mt-6">{t("map.geolocation.needsJs")}</p>
      ) : (
        <section className="mt-6 rounded-xl border border-stone-300 bg-white p-4 dark:border-stone-700 dark:bg-stone-900">
          <div role="status" aria-live="polite" data-testid="geolocation-reading">
            {reading.kind === "waiting" ? <p>{t("map.geolocation.waiting")}</p> : null}
            {reading.kind === "position" ? (
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
                <dt className="font-semibold">{t("map.geolocation.position")}</dt>
                <dd>
                  {reading.lat.toFixed(5)}, {reading.lng.toFixed(5)}
                </dd>
                <dt className="font-semibold">{t("map.geolocation.accuracy")}</dt>
                <dd>{t("map.geolocation.accuracyValue", { meters: Math.round(reading.accuracy).toLocaleString("da-DK") })}</dd>
              </dl>
            ) : null}
          </div>
          {reading.kind === "error" ? (
            <p role="alert" className="font-medium text-red-700 dark:text-red-300">
              {t("map.geolocation.error")}
              {reading.code !== null ? ` (${reading.code})` : ""}: {reading.message}
            </p>
          ) : null}
          <button type="button" className={`${buttonClass("secondary")} mt-4`} onClick={ask}>
            {t("map.geolocation.button")}
          </button>
        </section>
      )}

      {loaderData.nearest ? (
        <section className="mt-8" aria-labelledby="naermeste">
          <h2 id="naermeste" className="text-2xl font-bold">
            {t("map.geolocation.nearestHeading")}
          </h2>
          {loaderData.nearest.length ? (
            <ol className="mt-3 grid list-decimal gap-2 pl-6" data-testid="nearest-markets">
              {loaderData.nearest.map((market) => (
                <li key={market.id}>
                  <Link to={`/markeder/${market.slug}`} className="font-semibold">
                    {market.name}
                  </Link>{" "}
                  – {marketTypeInfo(market.type).name}, {market.city}, {t("markets.distance", { km: market.distanceKm!.toLocaleString("da-DK", { maximumFractionDigits: 1 }) })}
                </li>
              ))}
            </ol>
          ) : (
            <p className="mt-3">{t("map.geolocation.noneNear")}</p>
          )}
        </section>
      ) : null}
    </article>
  );
}
