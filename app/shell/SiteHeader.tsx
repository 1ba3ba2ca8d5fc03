import { Link, NavLink, useLocation } from "react-router";
import { t } from "~/lib/i18n";
import { COMMUNITY_PATH } from "~/forum/paths";
import type { Theme } from "~/theme/theme";
import { unreadLabel } from "~/shell/unread-label";
import { ThemeSwitcher } from "~/theme/ThemeSwitcher";
import { ADD_MARKET, MAIN_NAVIGATION, MARKET_FORM_PATH, MY_PAGE, SIGN_IN, currentSection } from "~/shell/navigation";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 font-medium no-underline hover:bg-stone-200 dark:hover:bg-stone-800 ${
    isActive ? "text-emerald-800 underline decoration-2 underline-offset-4 dark:text-emerald-300" : ""
  }`;

/**
 * "3" by Community: followed topics with posts the person has not read (never on a page the cache
 * shares). A signed-in page has it hidden at 0, for a page without React to show when its live
 * channel says the count changed (app/progressive/live-person.ts).
 */
function UnreadBadge({ count }: { count: number }) {
  return (
    <span
      data-unread-badge=""
      hidden={count === 0}
      className="ml-1.5 inline-block min-w-6 rounded-full bg-emerald-800 px-1.5 text-center text-sm font-semibold text-white dark:bg-emerald-300 dark:text-stone-950"
    >
      <span aria-hidden="true">{count}</span>
      <span className="sr-only">{unreadLabel(count)}</span>
    </span>
  );
}

/** Signed in: the way to one's own pages instead of "Log ind". */
function NavLinks({ signedIn, forumUnread }: { signedIn: boolean; forumUnread: number }) {
  // Signing in brings the visitor back to the page they were on (app/routes/sign-in.tsx reads next).
  const { pathname, search } = useLocation();
  const onAccountPage = /^\/(sign-in|sign-up|sign-out|forgot-password|reset-password|auth)(\/|$)/.test(pathname);
  const section = currentSection(pathname);
  const signInHref = pathname === "/" || onAccountPage ? SIGN_IN.to : `${SIGN_IN.to}?next=${encodeURIComponent(pathname + search)}`;
  return (
    <>
      {MAIN_NAVIGATION.map((item) => {
        // The section the page belongs to (navigation.ts), not whichever link's path starts the URL.
        const isActive = item === section;
        return (
          <li key={item.to}>
            <Link to={item.to} aria-current={isActive ? "page" : undefined} className={linkClass({ isActive })}>
              {item.label}
              {item.to === COMMUNITY_PATH && signedIn ? <UnreadBadge count={forumUnread} /> : null}
            </Link>
          </li>
        );
      })}
      <li>
        <NavLink
          to={signedIn ? MARKET_FORM_PATH : ADD_MARKET.to}
          className={({ isActive }) =>
            `block rounded-md border border-emerald-800 px-3 py-2 font-medium text-emerald-900 no-underline hover:bg-emerald-50 dark:border-emerald-300 dark:text-emerald-200 dark:hover:bg-stone-800 ${isActive ? "underline decoration-2 underline-offset-4" : ""}`
          }
        >
          {ADD_MARKET.label}
        </NavLink>
      </li>
      <li>
        {signedIn ? (
          // Where the link leads once the session ends on a page without React (app/progressive/session.ts).
          <NavLink to={MY_PAGE.to} className={linkClass} data-signed-out-href={signInHref}>
            {MY_PAGE.label}
          </NavLink>
        ) : (
          <NavLink to={signInHref} className={linkClass}>
            {SIGN_IN.label}
          </NavLink>
        )}
      </li>
    </>
  );
}

/**
 * On a phone the navigation folds into a <details> menu, which opens without JavaScript; from
 * medium screens up the links sit in a row.
 */
export function SiteHeader({ theme, signedIn = false, forumUnread = 0 }: { theme: Theme; signedIn?: boolean; forumUnread?: number }) {
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
            <NavLinks signedIn={signedIn} forumUnread={forumUnread} />
          </ul>
        </nav>
        <div className="ml-auto lg:ml-2">
          <ThemeSwitcher current={theme} />
        </div>
        <details className="group relative lg:hidden">
          <summary className="cursor-pointer list-none whitespace-nowrap rounded-md border border-stone-400 px-2.5 py-1.5 font-medium dark:border-stone-500">
            {t("shell.openMenu")}
            {/* On a phone the count shows on the closed menu too. */}
            {signedIn ? <UnreadBadge count={forumUnread} /> : null}
          </summary>
          <nav
            aria-label={t("shell.mainNavigation")}
            className="absolute right-0 z-40 mt-2 w-56 rounded-lg border border-stone-300 bg-white p-2 shadow-lg dark:border-stone-700 dark:bg-stone-900"
          >
            <ul>
              <NavLinks signedIn={signedIn} forumUnread={forumUnread} />
            </ul>
          </nav>
        </details>
      </div>
    </header>
  );
}
