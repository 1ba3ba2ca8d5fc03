import { pageSingleton } from "~/lib/memo/page-singleton";

export type ToastVariant = "default" | "destructive" | "warning" | "success";

export interface ToastMessage {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  /** Milliseconds on screen. */
  duration: number;
  /**
   * Shown again by the tab's next page when this page is left while it shows: a message about why
   * the page is left (a session reset that ends on the sign-in page, a document of its own) must
   * not vanish with the page.
   */
  followsToNextPage?: boolean;
}

/** product §9: one toast at a time, shown for five seconds unless told otherwise. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

type Listener = (toasts: ToastMessage[]) => void;

/**
 * The page's messages, once per page: React's code and the script of app/progressive/, which
 * draws them (app/progressive/toasts.ts), add to the same list.
 */
const store = () =>
  pageSingleton("toasts", () => {
    const state = { toasts: [] as ToastMessage[], nextId: 1, listeners: new Set<Listener>() };
    if (typeof window !== "undefined") window.addEventListener("pagehide", () => keepForNextPage(state.toasts));
    return state;
  });

/** In sessionStorage: the toasts that follow the tab to its next page. */
const NEXT_PAGE_KEY = "loppeguiden-toasts-next-page";

function keepForNextPage(toasts: ToastMessage[]) {
  const following = toasts.filter((message) => message.followsToNextPage);
  if (following.length === 0) return;
  try {
    window.sessionStorage.setItem(NEXT_PAGE_KEY, JSON.stringify(following.map(({ title, description, variant, duration }) => ({ title, description, variant, duration }))));
  } catch {
    // A browser that refuses sessionStorage loses the message with the page, as before.
  }
}

/** The toasts the tab's previous page handed on, once: the next page shows them for their whole time. */
export function takeToastsFromPreviousPage(): Omit<ToastMessage, "id">[] {
  try {
    const kept = window.sessionStorage.getItem(NEXT_PAGE_KEY);
    if (kept === null) return [];
    window.sessionStorage.removeItem(NEXT_PAGE_KEY);
    const toasts: unknown = JSON.parse(kept);
    return Array.isArray(toasts) ? (toasts as Omit<ToastMessage, "id">[]) : [];
  } catch {
    return [];
  }
}

function emit() {
  const { toasts, listeners } = store();
  for (const listener of listeners) listener(toasts);
}

export function toast(input: Omit<ToastMessage, "id" | "variant" | "duration"> & Partial<ToastMessage>): number {
  const state = store();
  const id = state.nextId++;
  const message: ToastMessage = { variant: "default", duration: TOAST_DURATION_MS, ...input, id };
  // The newest toast replaces the oldest once the limit is reached.
  state.toasts = [message, ...state.toasts].slice(0, TOAST_LIMIT);
  emit();
  return id;
}

export function dismissToast(id: number): void {
  const state = store();
  state.toasts = state.toasts.filter((t) => t.id !== id);
  emit();
}

/** Takes away every toast shown: a message at a field now says what the last one said otherwise. */
export function dismissAllToasts(): void {
  store().toasts = [];
  emit();
}

export function subscribeToasts(listener: Listener): () => void {
  const { toasts, listeners } = store();
  listeners.add(listener);
  listener(toasts);
  return () => {
    listeners.delete(listener);
  };
}
