import { toast, type ToastVariant } from "~/components/ui/toast-store";
import { t } from "~/lib/i18n";
import {
  browserClock,
  createSessionWatch,
  isSessionMessage,
  memoryStorage,
  sessionCheckLog,
  SESSION_CHANNEL,
  setActiveWatch,
  tabStorage,
  type SessionChannel,
  type SessionNotice,
  type SessionWatch,
} from "./session-watch";

/** product §8: the session-reset toast stays 4 s; the others the default 5 s. */
const RESET_TOAST_MS = 4000;

function noticeToast(notice: SessionNotice): { title: string; variant: ToastVariant; duration?: number; followsToNextPage?: boolean } {
  switch (notice) {
    case "reset":
      // A guarded page goes on to the sign-in page, a document of its own: the message goes along.
      return { title: t("session.reset"), variant: "warning", duration: RESET_TOAST_MS, followsToNextPage: true };
    case "reset-elsewhere":
      return { title: t("session.resetElsewhere"), variant: "warning", duration: RESET_TOAST_MS };
    case "timeout":
      return { title: t("session.networkTimeout"), variant: "warning" };
    case "profile-missing":
      return { title: t("session.profileMissing"), variant: "destructive" };
    case "profile-error":
      return { title: t("session.profileError"), variant: "destructive" };
    case "profile-timeout":
      return { title: t("session.profileTimeout"), variant: "warning" };
  }
}

function openChannel(): SessionChannel | null {
  if (typeof BroadcastChannel === "undefined") return null;
  const broadcast = new BroadcastChannel(SESSION_CHANNEL);
  return {
    post: (message) => broadcast.postMessage(message),
    listen(handler) {
      const listener = (event: MessageEvent) => {
        if (isSessionMessage(event.data)) handler(event.data);
      };
      broadcast.addEventListener("message", listener);
      return () => broadcast.removeEventListener("message", listener);
    },
  };
}

/**
 * Starts the watch of this page's session (session-watch.ts) in the browser, for the rest of the
 * page's life: its channel to the other tabs, its toasts, and a check whenever the tab comes back
 * into view or focus. Loaded by app/progressive/session.ts on the pages that need it.
 */
export function startSessionWatch({ onSignedOut }: { onSignedOut: () => void }): SessionWatch {
  const watch = createSessionWatch({
    fetch: (input, init) => window.fetch(input, init),
    clock: browserClock,
    channel: openChannel(),
    storage: tabStorage() ?? memoryStorage(),
    record: (entry) => sessionCheckLog().add(entry),
    onNotice: (notice) => toast(noticeToast(notice)),
    onSignedOut,
  });
  setActiveWatch(watch);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") void watch.check("visible");
  });
  window.addEventListener("focus", () => void watch.check("focus"));
  return watch;
}
