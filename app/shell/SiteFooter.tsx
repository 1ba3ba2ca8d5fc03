import { Link, useLocation } from "react-router";
import { DEMO_DATA_BANNER_ID } from "~/consent/consent";
import { t } from "~/lib/i18n";
import { FOOTER_NAVIGATION, TYPE_NAVIGATION, type NavItem } from "~/shell/navigation";

function FooterLinks({ label, items, columns }: { label: string; items: NavItem[]; columns: string }) {
  return (
    <nav aria-label={label}>
      <ul className={`grid gap-x-6 gap-y-2 ${columns}`}>
        {items.map((item) => (
          <li key={item.to}>
            <Link to={item.to} className="text-stone-800 dark:text-stone-200">
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Closable for 30 days: a plain form to /luk-banner, which also works without JavaScript. With it,
 * app/progressive/banners.ts closes it at once and posts in the background; the server leaves it
 * out from the next page on.
 */
function DemoDataNotice() {
  const location = useLocation();
  return (
    // Hidden by the script, perhaps before React hydrates, when the visitor closed it after the page was made.
    <div data-banner-id={DEMO_DATA_BANNER_ID} suppressHydrationWarning className="mx-auto flex max-w-6xl items-start gap-3 px-4 pb-4 text-sm text-stone-700 dark:text-stone-300">
      <p className="flex-1">
        <strong className="mr-2 rounded bg-amber-200 px-2 py-0.5 text-amber-950">{t("shell.demoData")}</strong>
        {t("shell.demoDataNote")}
      </p>
      <form method="post" action="/luk-banner">
        <input type="hidden" name="id" value={DEMO_DATA_BANNER_ID} />
        <input type="hidden" name="next" value={location.pathname + location.search} />
        <button
          type="submit"
          title={t("consent.infoBanner.closeLabel")}
          className="rounded border border-stone-400 px-2 py-0.5 text-stone-800 hover:bg-stone-200 dark:border-stone-500 dark:text-stone-200 dark:hover:bg-stone-800"
        >
          <span aria-hidden="true">{t("consent.infoBanner.close")}</span>
          <span className="sr-only">{t("consent.infoBanner.closeDemoNotice")}</span>
        </button>
      </form>
    </div>
  );
}

export function SiteFooter({ hasDemoData }: { hasDemoData: boolean }) {
  return (
    <footer className="mt-16 border-t border-stone-300 bg-stone-100 dark:border-stone-700 dark:bg-stone-900">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-[3fr_2fr_3fr]">
        <div>
          <p className="text-lg font-bold">{t("site.name")}</p>
          <p className="mt-2 max-w-sm text-stone-700 dark:text-stone-300">{t("shell.footerAbout")}</p>
        </div>
        <FooterLinks label={t("shell.footerTypes")} items={TYPE_NAVIGATION} columns="grid-cols-1 min-[400px]:grid-cols-2 md:grid-cols-1" />
        <FooterLinks label={t("shell.footerNavigation")} items={FOOTER_NAVIGATION} columns="grid-cols-2" />
      </div>
      {hasDemoData ? <DemoDataNotice /> : null}
      <p className="pb-6 text-center text-sm text-stone-700 dark:text-stone-300">{t("shell.copyright", { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
