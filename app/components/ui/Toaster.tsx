import * as ToastPrimitive from "@radix-ui/react-toast";
import { useEffect, useState } from "react";
import { t } from "~/lib/i18n";
import { dismissToast, subscribeToasts, type ToastMessage, type ToastVariant } from "./toast-store";

const VARIANT_CLASSES: Record<ToastVariant, string> = {
  default: "border-stone-300 bg-white text-stone-900 dark:border-stone-600 dark:bg-stone-800 dark:text-stone-50",
  success: "border-emerald-700 bg-emerald-50 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-50",
  warning: "border-amber-600 bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-50",
  destructive: "border-red-700 bg-red-50 text-red-950 dark:bg-red-950 dark:text-red-50",
};

/** The toast region: announced to screen readers, swipe to dismiss, at most 420 px wide. */
export function Toaster() {
  const [toasts, setToasts] = useState<ToastMessage[]>([]);
  useEffect(() => subscribeToasts(setToasts), []);
  return (
    <ToastPrimitive.Provider swipeDirection="right" swipeThreshold={50} label={t("reporter.notification")}>
      {toasts.map((message) => (
        <ToastPrimitive.Root
          key={message.id}
          duration={message.duration}
          type={message.variant === "destructive" ? "foreground" : "background"}
          onOpenChange={(open) => {
            if (!open) dismissToast(message.id);
          }}
          className={`grid grid-cols-[1fr_auto] gap-x-3 rounded-lg border p-4 shadow-lg ${VARIANT_CLASSES[message.variant]}`}
        >
          <ToastPrimitive.Title className="font-semibold">{message.title}</ToastPrimitive.Title>
          {message.description ? (
            <ToastPrimitive.Description className="col-start-1 text-sm">{message.description}</ToastPrimitive.Description>
          ) : null}
          <ToastPrimitive.Close
            className="col-start-2 row-span-2 row-start-1 self-start rounded px-2 text-lg leading-none"
            aria-label={t("reporter.close")}
          >
            ×
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        // Radix fills in the keyboard shortcut that jumps to the toasts.
        label={`${t("reporter.notifications")} ({hotkey})`}
        className="fixed bottom-0 right-0 z-50 m-0 flex w-full list-none flex-col gap-2 p-4 outline-none md:max-w-[420px]" />
    </ToastPrimitive.Provider>
  );
}
