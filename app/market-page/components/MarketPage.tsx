import { useId } from "react";
import { Link } from "react-router";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { buttonClass } from "~/components/ui/button";
import { t } from "~/lib/i18n";
import { FACILITY_LABELS } from "../../markets/facilities";
import { distanceText, entryFeeText, lowerFirst } from "../../markets/format";
import type { MarketPageData } from "../market-page.server";
import { marketTypeInfo } from "../../markets/market-types";
import { MiniMap } from "../../map/MiniMap";
import { ClaimPrompt } from "../../claims/components/ClaimPrompt";
import { MarketPicture } from "../../markets/components/MarketPicture";
import { SaveButton } from "../../saved/components/SaveButton";
import { ShareButton } from "./ShareButton";

const SETTING_LABELS = { indoor: t("markets.indoor"), outdoor: t("markets.outdoor"), both: t("markets.both") };

/** A label beside its value where the facts have the page's width, above it in the column beside the text on a desktop. */
function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="py-3 sm:grid sm:grid-cols-[10rem_1fr] sm:gap-4 lg:block">
      <dt className="font-semibold">{label}</dt>
      <dd className="mt-1 text-stone-800 sm:mt-0 lg:mt-1 dark:text-stone-200">{children}</dd>
    </div>
  );
}

/**
 * A market's page: the public page, and the previews of a submission ("Se og send", the review
 * queue). A preview sits inside a page of its own, so its heading is an h2, its buttons lead
 * nowhere and the breadcrumbs and markets nearby are left out.
 */
export function MarketPage({ data, preview = false }: { data: MarketPageData; preview?: boolean }) {
  const { market, texts, miniMap, nearby, url, breadcrumbs, areaPath } = data;
  const Heading = preview ? "h2" : "h1";
  const Section = preview ? "h3" : "h2";
  const Subsection = preview ? "h4" : "h3";
  // Several previews may share a page (the review queue): their sections need ids of their own.
  const ids = useId();
  const type = marketTypeInfo(market.type);
  const [cover, ...gallery] = market.images;
  const fee = market.entryFeeText ?? entryFeeText(market.entryFeeDkk) ?? t("market.entryUnknown");
  const address = [market.venueName, market.street, `${market.postalCode} ${market.city}`].filter(Boolean).join(", ");
  const directions =
    market.latitude !== null && market.longitude !== null
      ? `https://www.openstreetmap.org/directions?to=${market.latitude}%2C${market.longitude}`
      : `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`;
  return (
    <article>
      {preview ? null : <Breadcrumbs trail={breadcrumbs.slice(0, -1)} current={market.name} />}

      {market.status === "archived" ? (
        <p className="mt-4 rounded-lg border border-amber-600 bg-amber-50 p-4 text-amber-950 dark:bg-amber-950 dark:text-amber-50">{t("market.closedNote")}</p>
      ) : null}

      {/* The first screen of a phone: name, when, where and what to do. A picture comes after them there, beside them on a wide screen. */}
      <div className="mt-4 lg:grid lg:grid-cols-[3fr_2fr] lg:items-start lg:gap-8">
        <div>
          <p className="font-medium text-emerald-800 dark:text-emerald-300">{type.label}</p>
          <Heading className="mt-1 text-3xl font-bold break-words sm:text-4xl">{market.name}</Heading>
          <p className="mt-3 text-lg">
            {texts.when.label ? <span className="font-semibold">{texts.when.label}: </span> : null}
            {texts.when.text}
            {texts.when.time ? (
              <>
                {" "}
                <span className="whitespace-nowrap">{texts.when.time}</span>
              </>
            ) : null}
          </p>
          {type.isShop && texts.schedules.length ? <p className="text-stone-700 dark:text-stone-300">{texts.schedules.join(" · ")}</p> : null}
          <p className="mt-1 text-lg text-stone-700 dark:text-stone-300">{address}</p>

          {/* In a preview the buttons are shown as they will be, but lead nowhere. */}
          <div className="mt-4 flex flex-wrap gap-2" inert={preview}>
            {preview ? <span className={buttonClass("primary")}>{t("saved.button.save")}</span> : <SaveButton marketId={market.id} name={market.name} look="page" />}
            <a href={directions} className={buttonClass("secondary")} rel="noopener">
              {t("market.directions")}
            </a>
            {type.isShop ? null : (
              <a href={`/markeder/${market.slug}.ics`} className={buttonClass("secondary")} download>
                {t("market.addToCalendar")}
              </a>
            )}
            <ShareButton title={market.name} url={url} />
          </div>
        </div>

        {/* The whole cover, top and bottom too: as wide as its column at its own proportions (its width and height), a tall one no taller than 28rem and shown whole on a quiet ground. */}
        {cover ? (
          <MarketPicture
            image={cover}
            eager
            sizes="(min-width: 1024px) 36rem, 100vw"
            className="mt-6 h-auto max-h-[28rem] w-full rounded-xl bg-stone-200 object-contain lg:mt-0 dark:bg-stone-800"
          />
        ) : null}
      </div>

      <div className="mt-8 grid gap-8 lg:grid-cols-[3fr_2fr]">
        {/* min-w-0 and break-words: a long address or word in a description wraps instead of widening a phone's page. */}
        <div className="min-w-0">
          <div className="space-y-4 text-lg leading-relaxed">
            {texts.description.map((paragraph, index) => (
              <p key={index} className="whitespace-pre-line break-words">
                {paragraph.map((part, partIndex) =>
                  "href" in part ? (
                    <a key={partIndex} href={part.href} rel="nofollow ugc noopener">
                      {part.text}
                    </a>
                  ) : (
                    part.text
                  ),
                )}
              </p>
            ))}
          </div>

          {gallery.length ? (
            <ul className="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-3">
              {gallery.map((image) => (
                <li key={image.storageKey}>
                  <MarketPicture image={image} sizes="(min-width: 640px) 15rem, 50vw" className="h-auto w-full rounded-xl object-cover" />
                </li>
              ))}
            </ul>
          ) : null}

          <section aria-labelledby={`${ids}-hvornaar`} className="mt-8">
            <Section id={`${ids}-hvornaar`} className="text-2xl font-bold">
              {type.isShop ? t("market.openingHours") : t("market.schedule")}
            </Section>
            {texts.schedules.map((text) => (
              <p key={text} className="mt-2">
                {text}
              </p>
            ))}
            {type.isShop ? null : texts.upcoming.length ? (
              <>
                <Subsection className="mt-4 font-semibold">{t("market.nextDates")}</Subsection>
                <ul className="mt-2 divide-y divide-stone-200 dark:divide-stone-700">
                  {texts.upcoming.map((occurrence) => (
                    <li key={occurrence.key} className="flex flex-wrap justify-between gap-2 py-2">
                      <span className={occurrence.cancelled ? "line-through" : ""}>{occurrence.when}</span>
                      {occurrence.cancelled ? (
                        <span className="font-semibold text-red-700 dark:text-red-300">
                          {t("market.cancelled")}
                          {occurrence.note ? `: ${occurrence.note}` : ""}
                        </span>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p className="mt-2">{t("market.noDates")}</p>
            )}
          </section>
        </div>

        <aside className="rounded-2xl border border-stone-300 bg-white p-5 dark:border-stone-700 dark:bg-stone-900">
          <dl className="divide-y divide-stone-200 dark:divide-stone-700">
            <Fact label={t("market.address")}>{address}</Fact>
            <Fact label={t("market.entry")}>{fee}</Fact>
            {market.setting ? <Fact label={t("market.indoorOutdoor")}>{SETTING_LABELS[market.setting]}</Fact> : null}
            {market.stallPriceText || market.stallCount ? (
              <Fact label={t("market.stalls")}>
                {[market.stallPriceText, market.stallCount ? t("market.stallCount", { count: market.stallCount }) : null].filter(Boolean).join(" · ")}
              </Fact>
            ) : null}
            {market.bookingInfo ? <Fact label={t("market.booking")}>{market.bookingInfo}</Fact> : null}
            {market.facilities.length ? (
              <Fact label={t("market.facilities")}>
                <ul className="flex flex-wrap gap-2">
                  {market.facilities.map((facility) => (
                    <li key={facility} className="rounded-full border border-stone-300 px-3 py-0.5 text-sm dark:border-stone-600">
                      {FACILITY_LABELS[facility] ?? facility}
                    </li>
                  ))}
                </ul>
              </Fact>
            ) : null}
            {market.website || market.email || market.phone || market.facebook ? (
              <Fact label={t("market.contact")}>
                <ul className="space-y-1">
                  {market.website ? (
                    <li>
                      <a href={market.website} rel="noopener nofollow">
                        {t("market.website")}
                      </a>
                    </li>
                  ) : null}
                  {market.email ? (
                    <li>
                      <a href={`mailto:${market.email}`}>{market.email}</a>
                    </li>
                  ) : null}
                  {market.phone ? (
                    <li>
                      <a href={`tel:${market.phone.replace(/\s+/g, "")}`}>{market.phone}</a>
                    </li>
                  ) : null}
                  {market.facebook ? (
                    <li>
                      <a href={market.facebook} rel="noopener nofollow">
                        {t("market.facebook")}
                      </a>
                    </li>
                  ) : null}
                </ul>
              </Fact>
            ) : null}
          </dl>
          {miniMap ? <MiniMap label={t("market.mapLabel", { name: market.name })} {...miniMap} /> : null}
          {market.source === "demo" ? <p className="mt-4 text-sm text-stone-700 dark:text-stone-300">{t("market.demoNote")}</p> : null}
          {texts.lastConfirmed ? <p className="mt-2 text-sm text-stone-700 dark:text-stone-300">{t("market.lastConfirmed", { date: texts.lastConfirmed })}</p> : null}
          {preview ? null : <ClaimPrompt slug={market.slug} hasOwner={market.hasOwner} status={market.status} />}
        </aside>
      </div>

      {nearby.length ? (
        <section aria-labelledby={`${ids}-naerheden`} className="mt-12">
          <Section id={`${ids}-naerheden`} className="text-2xl font-bold">
            {t("market.nearby")}
          </Section>
          <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {nearby.map((other) => (
              <li key={other.slug} className="rounded-xl border border-stone-300 p-4 dark:border-stone-700">
                <Link to={`/markeder/${other.slug}`} className="font-semibold">
                  {other.name}
                </Link>
                <p className="text-sm text-stone-700 dark:text-stone-300">
                  {marketTypeInfo(other.type).label} · {other.city} · {distanceText(other.distanceKm)}
                </p>
              </li>
            ))}
          </ul>
          <p className="mt-4">
            <Link to={areaPath}>{t("market.moreOfType", { what: lowerFirst(breadcrumbs.at(-2)?.name ?? type.plural) })}</Link>
          </p>
        </section>
      ) : null}
    </article>
  );
}
