import { useEffect, useState } from "react";

/**
 * "Åbent nu" as the server read it, until the market's closing time has passed: a page kept by the
 * page cache (until midnight) may be shown hours after it was made, and an open tab stays open.
 */
export function useStillOpen(openNow: boolean, openUntil: string | null): boolean {
  // The closing time that has passed, so that new data (another page of the list) starts afresh.
  const [passed, setPassed] = useState<string | null>(null);
  useEffect(() => {
    if (!openNow || openUntil === null) return;
    const timer = setTimeout(() => setPassed(openUntil), Math.max(0, Date.parse(openUntil) - Date.now()));
    return () => clearTimeout(timer);
  }, [openNow, openUntil]);
  return openNow && (openUntil === null || passed !== openUntil);
}
