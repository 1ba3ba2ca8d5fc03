import { useEffect, useRef, useState } from "react";
import { t } from "~/lib/i18n";
import { TOAST_CLOSE_CLASS, TOAST_DESCRIPTION_CLASS, TOAST_HOTKEY, TOAST_TITLE_CLASS, toastClass, toastRole } from "./toast-look";
import { TOAST_DURATION_MS, dismissToast, subscribeToasts, toast, type ToastMessage, type ToastVariant } from "./toast-store";

/** A message the server sends with the page (app/http/flash.server.ts). */
export interface FlashToast {
  id: string;
  title: string;
  variant: ToastVariant;
  description?: string;
}

function Toast({ message }: { message: ToastMessage }) {
  // Time stops while the pointer or the keyboard is on the toast, so it can be read in peace.
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => dismissToast(message.id), message.duration);
    return () => clearTimeout(timer);
  }, [paused, message]);
  return (
    <li
      role={toastRole(message.variant)}
      data-variant={message.variant}
      aria-atomic="true"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      className={toastClass(message.variant)}
    >
      <p className={TOAST_TITLE_CLASS}>{message.title}</p>
      {message.description ? <p className={TOAST_DESCRIPTION_CLASS}>{message.description}</p> : null}
      <button type="button" onClick={() => dismissToast(message.id)} className={TOAST_CLOSE_CLASS} aria-label={t("reporter.close")}>
        ×
      </button>
    </li>
  );
}

/**
 * The message area (product §9): one toast at a time, five seconds unless told otherwise, announced
 * to screen readers, at most 420 px wide. Written here rather than taken from a component
 * library to keep the JavaScript of every page small (docs/decisions/0006).
 */
export function Toaster({ flash = null }: { flash?: FlashToast | null }) {
  // A flash message from the server is in the first render, so it shows without JavaScript too.
  const [toasts, setToasts] = useState<ToastMessage[]>(() => (flash ? [{ ...flash, id: 0, duration: TOAST_DURATION_MS }] : []));
  const list = useRef<HTMLOListElement>(null);
  const flashId = flash?.id;
  useEffect(() => {
    // Handed to the store, which times it and lets the next toast replace it.
    if (flash) toast({ title: flash.title, description: flash.description, variant: flash.variant });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per message, not per render
  }, [flashId]);
  useEffect(() => subscribeToasts(setToasts), []);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === TOAST_HOTKEY) list.current?.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  return (
    <section aria-label={`${t("reporter.notifications")} (${TOAST_HOTKEY})`}>
      <ol
        ref={list}
        data-toasts
        tabIndex={-1}
        aria-live="polite"
        // The region spans the bottom of the screen even when empty: only the toasts themselves take clicks.
        className="pointer-events-none fixed bottom-0 right-0 z-50 m-0 flex w-full list-none flex-col gap-2 p-4 outline-none md:max-w-[420px]"
      >
        {toasts.map((message) => (
          <Toast key={message.id} message={message} />
        ))}
      </ol>
    </section>
  );
}
