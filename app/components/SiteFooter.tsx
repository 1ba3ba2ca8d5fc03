import { Link } from "react-router";
import { t } from "~/lib/i18n";
import { FOOTER_NAVIGATION } from "./navigation";

export function SiteFooter({ hasDemoData }: { hasDemoData: boolean }) {
  return (
    <footer className="mt-16 border-t border-stone-300 bg-stone-100 dark:border-stone-700 dark:bg-stone-900">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-[2fr_3fr]">
        <div>
          <p className="text-lg font-bold">{t("site.name")}</p>
          <p className="mt-2 max-w-sm text-stone-700 dark:text-stone-300">{t("shell.footerAbout")}</p>
        </div>
        <nav aria-label={t("shell.footerNavigation")}>
          <ul className="grid grid-cols-2 gap-x-6 gap-y-2 sm:grid-cols-3">
            {FOOTER_NAVIGATION.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className="text-stone-800 dark:text-stone-200">
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      {hasDemoData ? (
        <p className="mx-auto max-w-6xl px-4 pb-4 text-sm text-stone-700 dark:text-stone-300">
          <strong className="mr-2 rounded bg-amber-200 px-2 py-0.5 text-amber-950">{t("shell.demoData")}</strong>
          {t("shell.demoDataNote")}
        </p>
      ) : null}
      <p className="pb-6 text-center text-sm text-stone-700 dark:text-stone-300">
        {t("shell.copyright", { year: new Date().getFullYear() })}
      </p>
    </footer>
  );
}
