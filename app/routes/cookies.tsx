import { ConsentSettingsSection } from "~/consent/ConsentSettingsSection";
import { InfoPageView, infoPageMeta } from "~/content/components/InfoPageView";
import { STORED_ITEMS, type StorageCategory, type StorageKind } from "~/content/cookie-inventory";
import { infoPage } from "~/content/pages.server";
import { t } from "~/lib/i18n";
import type { Route } from "./+types/cookies";

/** /cookies: what the site keeps in the browser, why and for how long (app/content/cookie-inventory.ts). */
export function loader() {
  return infoPage("cookies");
}

export function meta(args: Route.MetaArgs) {
  return infoPageMeta(args);
}

const KIND_TEXT: Record<StorageKind, string> = {
  cookie: t("content.cookies.kinds.cookie"),
  sessionStorage: t("content.cookies.kinds.sessionStorage"),
};

const CATEGORY_TEXT: Record<StorageCategory, string> = {
  necessary: t("content.cookies.categories.necessary"),
  preferences: t("content.cookies.categories.preferences"),
  analytics: t("consent.categories.analytics.label"),
};

const cell = "border-b border-stone-300 px-3 py-3 align-top dark:border-stone-700";

export default function CookiesPage({ loaderData }: Route.ComponentProps) {
  return (
    <InfoPageView page={loaderData}>
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

      {/* The banner's "Tilpas indstillinger" leads here without JavaScript (app/routes/samtykke.ts). */}
      <section id="indstillinger" aria-labelledby="indstillinger-overskrift" className="mt-10 max-w-3xl rounded-2xl border border-stone-300 p-5 dark:border-stone-700">
        <h2 id="indstillinger-overskrift" className="text-2xl font-bold">
          {t("content.cookies.settingsHeading")}
        </h2>
        <ConsentSettingsSection />
      </section>
    </InfoPageView>
  );
}
