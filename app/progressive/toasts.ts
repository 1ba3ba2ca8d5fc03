import { TOAST_HOTKEY, toastMarkup } from "~/components/ui/toast-look";
import { dismissToast, subscribeToasts, takeToastsFromPreviousPage, toast, type ToastMessage, type ToastVariant } from "~/components/ui/toast-store";

const messageArea = () => document.querySelector<HTMLOListElement>("ol[data-toasts]");

/** One toast, timed: the clock stops while pointer or focus is on it. */
function toastElement(message: ToastMessage): HTMLLIElement {
  const template = document.createElement("template");
  template.innerHTML = toastMarkup(message);
  const item = template.content.firstElementChild as HTMLLIElement;
  item.querySelector("[data-toast-close]")?.addEventListener("click", () => dismissToast(message.id));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    clearTimeout(timer);
    timer = setTimeout(() => dismissToast(message.id), message.duration);
  };
  const pause = () => clearTimeout(timer);
  item.addEventListener("mouseenter", pause);
  item.addEventListener("focusin", pause);
  item.addEventListener("mouseleave", run);
  item.addEventListener("focusout", run);
  run();
  return item;
}

/**
 * The message area of every page (Toaster.tsx renders it, with the server's flash message): every
 * toast of the page's store (toast-store.ts), whoever adds it, React's code or this script's
 * (sharing, saving, the session watch, errors), is drawn here.
 */
export function enhanceToasts(): void {
  // The server's toast is drawn again by the store, which times it and lets the next one replace it.
  const flash = messageArea()?.querySelector<HTMLElement>("li[data-variant]");
  if (flash) {
    const [title, description] = [...flash.querySelectorAll("p")].map((paragraph) => paragraph.textContent ?? "");
    flash.remove();
    if (title) toast({ title, description: description || undefined, variant: flash.dataset.variant as ToastVariant });
  }
  for (const message of takeToastsFromPreviousPage()) toast(message);

  const shown = new Map<number, HTMLLIElement>();
  subscribeToasts((toasts) => {
    for (const [id, item] of shown) {
      if (toasts.some((message) => message.id === id)) continue;
      item.remove();
      shown.delete(id);
    }
    for (const message of toasts) {
      if (shown.has(message.id)) continue;
      const item = toastElement(message);
      shown.set(message.id, item);
      messageArea()?.append(item);
    }
  });

  window.addEventListener("keydown", (event) => {
    if (event.key === TOAST_HOTKEY) messageArea()?.focus();
  });
}
