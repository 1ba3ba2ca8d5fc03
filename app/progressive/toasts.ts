import { TOAST_CLOSE_CLASS, TOAST_DESCRIPTION_CLASS, TOAST_HOTKEY, TOAST_TITLE_CLASS, toastClass, toastRole } from "~/components/ui/toast-look";
import { dismissToast, subscribeToasts, toast, type ToastMessage, type ToastVariant } from "~/components/ui/toast-store";
import { t } from "~/lib/i18n";

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** One toast as Toaster.tsx draws it, timed the same way: the clock stops while pointer or focus is on it. */
function toastElement(message: ToastMessage): HTMLLIElement {
  const item = element("li", toastClass(message.variant));
  item.setAttribute("role", toastRole(message.variant));
  item.setAttribute("aria-atomic", "true");
  item.dataset.variant = message.variant;
  item.append(element("p", TOAST_TITLE_CLASS, message.title));
  if (message.description) item.append(element("p", TOAST_DESCRIPTION_CLASS, message.description));
  const close = element("button", TOAST_CLOSE_CLASS, "×");
  close.type = "button";
  close.setAttribute("aria-label", t("reporter.close"));
  close.addEventListener("click", () => dismissToast(message.id));
  item.append(close);

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
 * The message area of a page without React: the server's flash message and every later toast
 * (sharing, the session watch, errors) go through the same store as on other pages.
 */
export function enhanceToasts(): void {
  const list = document.querySelector<HTMLOListElement>("ol[data-toasts]");
  if (!list) return;
  const flash = list.querySelector<HTMLElement>("li[data-variant]");
  const [title, description] = [...(flash?.querySelectorAll("p") ?? [])].map((paragraph) => paragraph.textContent ?? "");
  const variant = flash?.dataset.variant as ToastVariant | undefined;

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
      list.append(item);
    }
  });
  // The server's toast is drawn again by the store, which times it and lets the next one replace it.
  flash?.remove();
  if (title && variant) toast({ title, description: description || undefined, variant });

  window.addEventListener("keydown", (event) => {
    if (event.key === TOAST_HOTKEY) list.focus();
  });
}
