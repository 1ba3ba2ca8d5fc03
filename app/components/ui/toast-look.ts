import { escapeHtml } from "~/lib/html";
import { t } from "~/lib/i18n";
import type { ToastMessage, ToastVariant } from "./toast-store";

/**
 * How a toast looks, written once as HTML: the server's flash message in the message area
 * (Toaster.tsx) and every toast app/progressive/toasts.ts draws later are the same markup.
 */
const TOAST_VARIANT_CLASSES: Record<ToastVariant, string> = {
  default: "border-stone-300 bg-white text-stone-900 dark:border-stone-600 dark:bg-stone-800 dark:text-stone-50",
  success: "border-emerald-700 bg-emerald-50 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-50",
  warning: "border-amber-600 bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-50",
  destructive: "border-red-700 bg-red-50 text-red-950 dark:bg-red-950 dark:text-red-50",
};

const toastClass = (variant: ToastVariant) => `grid grid-cols-[1fr_auto] gap-x-3 rounded-lg border p-4 shadow-lg ${TOAST_VARIANT_CLASSES[variant]}`;

/** A destructive message interrupts (alert); the others wait their turn (status). */
const toastRole = (variant: ToastVariant) => (variant === "destructive" ? "alert" : "status");

/** F8 moves focus to the messages, as in the desktop programs people know. */
export const TOAST_HOTKEY = "F8";

/**
 * One toast; the flash message's text comes from a cookie, so every text is escaped. The item of
 * the list holds the live region: a list item may not be a status itself.
 */
export function toastMarkup({ title, description, variant }: Pick<ToastMessage, "title" | "description" | "variant">): string {
  return (
    `<li data-variant="${variant}" class="pointer-events-auto">` +
    `<div role="${toastRole(variant)}" aria-atomic="true" class="${toastClass(variant)}">` +
    `<p class="font-semibold">${escapeHtml(title)}</p>` +
    (description ? `<p class="col-start-1 text-sm">${escapeHtml(description)}</p>` : "") +
    `<button type="button" data-toast-close aria-label="${escapeHtml(t("reporter.close"))}" class="col-start-2 row-span-2 row-start-1 self-start rounded px-2 text-lg leading-none">×</button>` +
    `</div></li>`
  );
}
