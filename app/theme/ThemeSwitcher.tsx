import { useLocation } from "react-router";
import { t } from "~/lib/i18n";
import { THEMES, type Theme } from "./theme";

const LABELS: Record<Theme, string> = {
  light: t("theme.light"),
  dark: t("theme.dark"),
  system: t("theme.system"),
};

const ICONS: Record<Theme, string> = { light: "☀", dark: "☾", system: "◐" };

/**
 * Three buttons in one form. Without JavaScript the form posts to /tema and comes back to this
 * page; with it, the class changes at once and the cookie is stored in the background
 * (app/progressive/theme.ts).
 */
export function ThemeSwitcher({ current }: { current: Theme }) {
  const location = useLocation();
  return (
    <form method="post" action="/tema" data-theme-switcher className="flex items-center gap-1">
      <fieldset className="flex items-center gap-0.5 rounded-full border border-stone-300 p-0.5 dark:border-stone-600">
        <legend className="sr-only">{t("theme.legend")}</legend>
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        {THEMES.map((theme) => (
          <button
            key={theme}
            type="submit"
            name="theme"
            value={theme}
            aria-pressed={current === theme}
            title={t("theme.choose", { theme: LABELS[theme].toLowerCase() })}
            className="rounded-full px-1.5 py-1 text-sm sm:px-2 leading-none text-stone-700 hover:bg-stone-200 aria-pressed:bg-emerald-800 aria-pressed:text-white dark:text-stone-200 dark:hover:bg-stone-700 dark:aria-pressed:bg-emerald-300 dark:aria-pressed:text-stone-950"
          >
            <span aria-hidden="true">{ICONS[theme]}</span>
            <span className="sr-only">{LABELS[theme]}</span>
          </button>
        ))}
      </fieldset>
    </form>
  );
}
