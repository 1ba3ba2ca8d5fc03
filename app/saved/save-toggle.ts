import { toast, type ToastVariant } from "~/components/ui/toast-store";
import { t } from "~/lib/i18n";
import { savePath } from "./save-paths";

/*
 * "Gem" with JavaScript: the button turns at once, the server is asked, and a refusal turns it
 * back with the server's Danish reason. The buttons' script (app/progressive/save.ts) calls
 * requestSave and follows the state here, so every button of one market on a page agrees.
 */

type Listener = (marketId: string, saved: boolean) => void;

/** What this tab has changed since the page was rendered; the page's own state holds the rest. */
const changed = new Map<string, boolean>();
const listeners = new Set<Listener>();

export function changedSaveState(marketId: string): boolean | undefined {
  return changed.get(marketId);
}

export function subscribeSaveState(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function setSaveState(marketId: string, saved: boolean): void {
  changed.set(marketId, saved);
  for (const listener of listeners) listener(marketId, saved);
}

interface SaveReply {
  saved?: boolean;
  signIn?: string;
  toast?: { title: string; description?: string; variant?: ToastVariant };
}

/**
 * Saves (wanted) or unsaves a market. A visitor's press is sent on to sign in, as without
 * JavaScript. `back` is where to return after signing in.
 */
export async function requestSave(marketId: string, wanted: boolean, back: string): Promise<void> {
  setSaveState(marketId, wanted);
  let reply: SaveReply = {};
  let ok = false;
  try {
    const response = await fetch(savePath(marketId), {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ gem: wanted ? "1" : "0", tilbage: back }),
      credentials: "same-origin",
    });
    reply = (await response.json().catch(() => ({}))) as SaveReply;
    ok = response.ok;
    if (response.status === 401 && reply.signIn) {
      window.location.assign(reply.signIn);
      return;
    }
  } catch {
    // No answer at all: the connection, not the server, said no.
  }
  if (!ok) {
    setSaveState(marketId, !wanted);
    toast({ title: reply.toast?.title ?? t("saved.toasts.failed"), description: reply.toast?.description, variant: "destructive" });
    return;
  }
  if (typeof reply.saved === "boolean" && reply.saved !== wanted) setSaveState(marketId, reply.saved);
  if (reply.toast) toast({ title: reply.toast.title, description: reply.toast.description, variant: reply.toast.variant ?? "success" });
}
