import type { ToastVariant } from "./toast-store";

/**
 * How a toast looks, shared by the React message area (Toaster.tsx) and the one pages without
 * React draw with the DOM (app/progressive/toasts.ts), so both show the same toast.
 */
export const TOAST_VARIANT_CLASSES: Record<ToastVariant, string> = {
  default: "border-stone-300 bg-white text-stone-900 dark:border-stone-600 dark:bg-stone-800 dark:text-stone-50",
  success: "border-emerald-700 bg-emerald-50 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-50",
  warning: "border-amber-600 bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-50",
  destructive: "border-red-700 bg-red-50 text-red-950 dark:bg-red-950 dark:text-red-50",
};

export const toastClass = (variant: ToastVariant) => `pointer-events-auto grid grid-cols-[1fr_auto] gap-x-3 rounded-lg border p-4 shadow-lg ${TOAST_VARIANT_CLASSES[variant]}`;
export const TOAST_TITLE_CLASS = "font-semibold";
export const TOAST_DESCRIPTION_CLASS = "col-start-1 text-sm";
export const TOAST_CLOSE_CLASS = "col-start-2 row-span-2 row-start-1 self-start rounded px-2 text-lg leading-none";

/** A destructive message interrupts (alert); the others wait their turn (status). */
export const toastRole = (variant: ToastVariant) => (variant === "destructive" ? "alert" : "status");

/** F8 moves focus to the messages, as in the desktop programs people know. */
export const TOAST_HOTKEY = "F8";
