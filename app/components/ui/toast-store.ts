import { pageSingleton } from "~/lib/page-singleton";

export type ToastVariant = "default" | "destructive" | "warning" | "success";

export interface ToastMessage {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  /** Milliseconds on screen. */
  duration: number;
}

/** product §9: one toast at a time, shown for five seconds unless told otherwise. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

type Listener = (toasts: ToastMessage[]) => void;

/**
 * The page's messages, once per page: React's code and the script of app/progressive/, which
 * draws them (app/progressive/toasts.ts), add to the same list.
 */
const store = () => pageSingleton("toasts", () => ({ toasts: [] as ToastMessage[], nextId: 1, listeners: new Set<Listener>() }));

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
