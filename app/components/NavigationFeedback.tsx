import { useEffect, useRef, useState } from "react";
import { NavigationType, useLocation, useNavigation, useNavigationType } from "react-router";
import { t } from "~/lib/i18n";

/** product §2: after a path change the page scrolls smoothly to the top, 100 ms later. */
export const SCROLL_DELAY_MS = 100;
/** A navigation faster than this shows nothing; a slower one shows "Indlæser...". */
export const PENDING_DELAY_MS = 300;

/**
 * After a path change the page scrolls to the top; a navigation to an address with a fragment
 * (a post that comes back to the row it was sent from, "#dato-2026-12-06") scrolls to that part
 * instead, as the browser does without JavaScript, also when the path stays the same.
 */
export function ScrollToTopOnNavigate() {
  const { pathname, hash, key } = useLocation();
  const navigationType = useNavigationType();
  const first = useRef(true);
  const lastPath = useRef(pathname);
  useEffect(() => {
    const pathChanged = lastPath.current !== pathname;
    lastPath.current = pathname;
    if (first.current) {
      first.current = false;
      return;
    }
    // Back and forward keep the browser's own scroll position.
    if (navigationType === NavigationType.Pop) return;
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) {
      target.scrollIntoView({ block: "start" });
      return;
    }
    if (!pathChanged) return;
    const timer = setTimeout(() => window.scrollTo({ top: 0, behavior: "smooth" }), SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key, pathname, hash, navigationType]);
  return null;
}

export function PendingNavigation() {
  const navigation = useNavigation();
  const [visible, setVisible] = useState(false);
  const loading = navigation.state === "loading";
  useEffect(() => {
    if (!loading) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), PENDING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loading]);
  if (!visible) return null;
  return (
    <div className="fixed inset-0 z-50 grid place-items-center bg-white/60 dark:bg-stone-950/60" role="status">
      <p className="rounded-lg bg-white px-6 py-4 text-lg font-medium shadow-lg dark:bg-stone-900">{t("shell.loading")}</p>
    </div>
  );
}
