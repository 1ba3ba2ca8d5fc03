import { Link, NavLink } from "react-router";
import { t } from "~/lib/i18n";
import type { Theme } from "~/theme/theme";
import { ThemeSwitcher } from "~/theme/ThemeSwitcher";
import { MAIN_NAVIGATION, SIGN_IN } from "./navigation";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 font-medium no-underline hover:bg-stone-200 dark:hover:bg-stone-800 ${
    isActive ? "text-emerald-800 underline decoration-2 underline-offset-4 dark:text-emerald-300" : ""
  }`;

function NavLinks() {
  return (
    <>
      {MAIN_NAVIGATION.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} className={linkClass}>
            {item.label}
          </NavLink>
        </li>
      ))}
      <li>
        <NavLink to={SIGN_IN.to} className={linkClass}>
          {SIGN_IN.label}
        </NavLink>
      </li>
    </>
  );
}

/**
 * On a phone the navigation folds into a <details> menu, which opens without JavaScript; from
 * medium screens up the links sit in a row.
 */
export function SiteHeader({ theme }: { theme: Theme }) {
  return (
    <header className="border-b border-stone-300 bg-white/95 dark:border-stone-700 dark:bg-stone-950/95">
      <div className="mx-auto flex max-w-6xl items-center gap-2 px-4 py-3 sm:gap-3">
        <Link to="/" className="flex shrink-0 items-center gap-2 text-lg font-bold text-stone-900 no-underline sm:text-xl dark:text-stone-50">
          <span aria-hidden="true" className="grid size-7 place-items-center rounded-full sm:size-8 bg-emerald-800 text-white dark:bg-emerald-300 dark:text-stone-950">
            L
          </span>
          <span className="max-[359px]:sr-only">{t("site.name")}</span>
          <span className="sr-only"> – {t("site.tagline")}</span>
        </Link>
        <nav aria-label={t("shell.mainNavigation")} className="ml-auto hidden lg:block">
          <ul className="flex items-center gap-1">
            <NavLinks />
          </ul>
        </nav>
        <div className="ml-auto lg:ml-2">
          <ThemeSwitcher current={theme} />
        </div>
        <details className="group relative lg:hidden">
          <summary className="cursor-pointer list-none rounded-md border border-stone-400 px-2.5 py-1.5 font-medium dark:border-stone-500">
            {t("shell.openMenu")}
          </summary>
          <nav
            aria-label={t("shell.mainNavigation")}
            className="absolute right-0 z-40 mt-2 w-56 rounded-lg border border-stone-300 bg-white p-2 shadow-lg dark:border-stone-700 dark:bg-stone-900"
          >
            <ul>
              <NavLinks />
            </ul>
          </nav>
        </details>
      </div>
    </header>
  );
}
