import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { followLive } from "./live-browser";

// The root's loader runs again only when asked (app/root.tsx shouldRevalidate): while a live event
// loads the page's data again, it must, or the header's count would stay as it was.
let liveRefreshPending = false;

export function isLiveRefreshPending(): boolean {
  return liveRefreshPending;
}

/**
 * A page with React follows live channels (decision 0037): each event loads the page's data again,
 * as a navigation to the same page would, so what the loaders decide (sizes, rights) stays theirs.
 * `since` is the newest event's id when the loader ran; later loads do not start the stream again.
 */
export function useLiveRevalidation(channels: readonly string[], since: number): void {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const firstSince = useRef(since);
  const key = channels.join(" ");
  useEffect(() => {
    if (!key) return;
    return followLive(key.split(" "), firstSince.current, (message) => {
      if (message.kind === "ended") return;
      liveRefreshPending = true;
      void revalidate.current().finally(() => {
        liveRefreshPending = false;
      });
    });
  }, [key]);
}
