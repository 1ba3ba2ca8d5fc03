import { useEffect, useRef } from "react";
import { useNavigation, useRevalidator } from "react-router";
import { clearSignOutPending, markSignOutPending } from "./session-flags";
import type { SessionWatch } from "./session-watch";
import { startSessionWatch } from "./start-session-watch";

/**
 * Loaded by the root (LazySessionWatcher.tsx) on pages that need it: keeps a signed-in page
 * honest about its session and tells the other tabs when it ends (session-watch.ts). Renders
 * nothing.
 */
export function SessionWatcher({ signedIn }: { signedIn: boolean }) {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const watch = useRef<SessionWatch | null>(null);

  useEffect(() => {
    const started = startSessionWatch({
      onSignedOut: () => {
        // Loading the page's data again shows the header signed out, and a guarded page's
        // loader sends the visitor on to /sign-in?next=…
        markSignOutPending();
        void revalidate.current();
      },
    });
    watch.current = started.watch;
    return () => {
      started.stop();
      watch.current = null;
    };
  }, []);

  const navigating = useNavigation().state !== "idle";
  useEffect(() => {
    if (navigating) watch.current?.navigationStarted();
  }, [navigating]);

  useEffect(() => {
    if (!signedIn) clearSignOutPending();
    watch.current?.pageSignedIn(signedIn);
  }, [signedIn]);

  return null;
}
