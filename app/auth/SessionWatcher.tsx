import { useEffect, useRef } from "react";
import { useNavigation, useRevalidator } from "react-router";
import { toast, type ToastVariant } from "~/components/ui/toast-store";
import { t } from "~/lib/i18n";
import { clearSignOutPending, markSignOutPending } from "./session-flags";
import {
  activeSessionWatch,
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

/** SPEC §8: the session-reset toast stays 4 s; the others the default 5 s. */
const RESET_TOAST_MS = 4000;

function noticeToast(notice: SessionNotice): { title: string; variant: ToastVariant; duration?: number } {
  switch (notice) {
    case "reset":
      return { title: t("session.reset"), variant: "warning", duration: RESET_TOAST_MS };
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

function openChannel(): { channel: SessionChannel; close(): void } | null {
  if (typeof BroadcastChannel === "undefined") return null;
  const broadcast = new BroadcastChannel(SESSION_CHANNEL);
  return {
    channel: {
      post: (message) => broadcast.postMessage(message),
      listen(handler) {
        const listener = (event: MessageEvent) => {
          if (isSessionMessage(event.data)) handler(event.data);
        };
        broadcast.addEventListener("message", listener);
        return () => broadcast.removeEventListener("message", listener);
      },
    },
    close: () => broadcast.close(),
  };
}

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
    const opened = openChannel();
    const created = createSessionWatch({
      fetch: (input, init) => window.fetch(input, init),
      clock: browserClock,
      channel: opened?.channel ?? null,
      storage: tabStorage() ?? memoryStorage(),
      record: (entry) => sessionCheckLog().add(entry),
      onNotice: (notice) => toast(noticeToast(notice)),
      onSignedOut: () => {
        // Loading the page's data again shows the header signed out, and a guarded page's
        // loader sends the visitor on to /sign-in?next=…
        markSignOutPending();
        void revalidate.current();
      },
    });
    watch.current = created;
    setActiveWatch(created);
    const onVisibility = () => {
      if (document.visibilityState === "visible") void created.check("visible");
    };
    const onFocus = () => void created.check("focus");
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("focus", onFocus);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("focus", onFocus);
      created.dispose();
      opened?.close();
      if (activeSessionWatch() === created) setActiveWatch(null);
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
