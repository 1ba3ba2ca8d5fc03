import { useEffect, useState, type ComponentType } from "react";
import { hasSignedInMarker } from "./session-flags";

type Watcher = ComponentType<{ signedIn: boolean }>;

/**
 * Mounted once in the root. A visitor's page never loads the session watch; a signed-in page
 * loads it after hydration, and so does the first signed-out page of a tab that was signed in,
 * which must tell the other tabs. Once loaded it stays, to see the page go signed out.
 * Loaded by hand rather than with React.lazy: a Suspense boundary reveals its content on a
 * timer, which a test's frozen clock would hold back.
 */
export function LazySessionWatcher({ signedIn }: { signedIn: boolean }) {
  const [Watcher, setWatcher] = useState<Watcher | null>(null);
  const needed = Watcher === null && (signedIn || hasSignedInMarker());
  useEffect(() => {
    if (!needed) return;
    let current = true;
    void import("./SessionWatcher").then((module) => {
      if (current) setWatcher(() => module.SessionWatcher);
    });
    return () => {
      current = false;
    };
  }, [needed]);
  return Watcher ? <Watcher signedIn={signedIn} /> : null;
}
