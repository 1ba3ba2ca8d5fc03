import { ConsentSettingsSection } from "~/consent/ConsentSettingsSection";
import { CONSENT_CATEGORIES } from "~/consent/consent";
import { InfoPageView, infoPageMeta } from "~/content/components/InfoPageView";
import { STORED_ITEMS, itemsNeeding, type StorageCategory, type StorageKind } from "~/content/cookie-inventory";
import { infoPage } from "~/content/pages.server";
import { t } from "~/lib/i18n";
import { site } from "~/lib/site-context.server";
import type { Route } from "./+types/cookies";

/**
 * /cookies: what each choice of the cookie banner allows, the settings to change it, and what the
 * site keeps in the browser, why and for how long. Both the list under each choice and the table
 * are the inventory (app/content/cookie-inventory.ts), so the page cannot name a cookie the site
 * does not set or leave one out.
 */
export function loader() {
  // Whether the choice of statistics loads Google Analytics here (GA_MEASUREMENT_ID), or only our own measurements.
  return { page: infoPage("cookies"), analyticsTag: site().config.gaMeasurementId !== null };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return infoPageMeta({ loaderData: loaderData?.page, matches });
}

const KIND_TEXT: Record<StorageKind, string> = {
  cookie: t("content.cookies.kinds.cookie"),
  sessionStorage: t("content.cookies.kinds.sessionStorage"),
};

/** The consents in the banner's order, the necessary first: what it is called there and what it allows. */
const CONSENTS: readonly StorageCategory[] = ["necessary", ...CONSENT_CATEGORIES];

const CATEGORY_TEXT: Record<StorageCategory, string> = {
  necessary: t("consent.categories.essential.label"),
  preferences: t("consent.categories.preferences.label"),
  analytics: t("consent.categories.analytics.label"),
  marketing: t("consent.categories.marketing.label"),
};

const ALLOWS_TEXT: Record<StorageCategory, string> = {
  necessary: t("content.cookies.allows.necessary"),
  preferences: t("content.cookies.allows.preferences"),
  analytics: t("content.cookies.allows.analytics"),
  marketing: t("content.cookies.allows.marketing"),
};

/** What statistics and marketing do on this site depends on whether it has Google Analytics. */
function tagText(category: StorageCategory, analyticsTag: boolean): string | null {
  if (category === "analytics") return analyticsTag ? t("content.cookies.analyticsTag.on") : t("content.cookies.analyticsTag.off");
  if (category === "marketing") return analyticsTag ? t("content.cookies.marketingTag.on") : t("content.cookies.marketingTag.off");
  return null;
}

function ConsentChoices({ analyticsTag }: { analyticsTag: boolean }) {
  return (
    <section aria-labelledby="valgene" className="mt-10 max-w-3xl">
      <h2 id="valgene" className="text-2xl font-bold">
        {t("content.cookies.consentHeading")}
      </h2>
      {CONSENTS.map((category) => {
        const items = itemsNeeding(category);
        const tag = tagText(category, analyticsTag);
        return (
          <section key={category} aria-labelledby={`valg-${category}`} className="mt-6">
            <h3 id={`valg-${category}`} className="text-xl font-bold">
              {CATEGORY_TEXT[category]}
            </h3>
            <p className="mt-2">{ALLOWS_TEXT[category]}</p>
            {tag ? <p className="mt-2">{tag}</p> : null}
            {items.length === 0 ? (
              <p className="mt-2">
                <span className="font-semibold">{t("content.cookies.storedLabel")}</span> {t("content.cookies.storedNone")}
              </p>
            ) : (
              <>
                <p className="mt-2 font-semibold" id={`gemmes-${category}`}>
                  {t("content.cookies.storedLabel")}
                </p>
                <ul aria-labelledby={`gemmes-${category}`} className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
                  {items.map((item) => (
                    <li key={item.name}>
                      <code className="font-mono text-sm [overflow-wrap:anywhere]">{item.name}</code>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </section>
        );
      })}
    </section>
  );
}

const cell = "border-b border-stone-300 px-3 py-3 align-top dark:border-stone-700";

export default function CookiesPage({ loaderData }: Route.ComponentProps) {
  return (
    <InfoPageView page={loaderData.page}>
      <ConsentChoices analyticsTag={loaderData.analyticsTag} />

      {/* The banner's "Tilpas indstillinger" leads here without JavaScript (app/routes/samtykke.ts). */}
      <section id="indstillinger" aria-labelledby="indstillinger-overskrift" className="mt-10 max-w-3xl rounded-2xl border border-stone-300 p-5 dark:border-stone-700">
        <h2 id="indstillinger-overskrift" className="text-2xl font-bold">
          {t("content.cookies.settingsHeading")}
        </h2>
        <ConsentSettingsSection />
      </section>

      <section aria-labelledby="oversigt" className="mt-10">
        <h2 id="oversigt" className="text-2xl font-bold">
          {t("content.cookies.tableHeading")}
        </h2>
        {/* Wide on a phone: the table scrolls on its own instead of the page. */}
        <div className="relative mt-4 overflow-x-auto" tabIndex={0} role="region" aria-labelledby="cookie-tabel">
          <table className="w-full min-w-[44rem] border-collapse text-left">
            <caption id="cookie-tabel" className="pb-2 text-left text-stone-700 dark:text-stone-300">
              {t("content.cookies.caption")}
            </caption>
            <thead>
              <tr>
                <th scope="col" className={`${cell} border-b-2`}>
                  {t("content.cookies.columns.name")}
                </th>
                <th scope="col" className={`${cell} border-b-2`}>
                  {t("content.cookies.columns.purpose")}
                </th>
                <th scope="col" className={`${cell} border-b-2`}>
                  {t("content.cookies.columns.category")}
                </th>
                <th scope="col" className={`${cell} border-b-2`}>
                  {t("content.cookies.columns.lifetime")}
                </th>
              </tr>
            </thead>
            <tbody>
              {STORED_ITEMS.map((item) => (
                <tr key={item.name}>
                  <th scope="row" className={`${cell} font-normal`}>
                    <code className="font-mono text-sm font-semibold break-all">{item.name}</code>
                    <span className="mt-1 block text-sm text-stone-700 dark:text-stone-300">{KIND_TEXT[item.kind]}</span>
                  </th>
                  <td className={cell}>{item.purpose}</td>
                  <td className={cell}>{CATEGORY_TEXT[item.category]}</td>
                  <td className={cell}>{item.lifetime}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </InfoPageView>
  );
}
