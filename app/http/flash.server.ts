import { randomUUID } from "node:crypto";
import { redirect } from "react-router";
import { readCookie, serializeCookie } from "~/lib/http";
import { site } from "~/lib/site-context.server";
import type { ToastVariant } from "~/components/ui/toast-store";
import type { Toast } from "~/lib/toast";

/**
 * A message for the next page (product §9 toasts after a form post): a short-lived cookie that the
 * next page shows as a toast, also without JavaScript. The response that shows it also deletes it
 * (server/express-app.ts), and the page cache never stores a page that carries one.
 */
export const FLASH_COOKIE = "loppeguiden-flash";

export interface FlashMessage extends Toast {
  /** Tells one message from the next, so the same text twice shows twice. */
  id: string;
}

const MAX_AGE_SECONDS = 60;

/** Secure when the site is served over https (BASE_URL). */
export function flashCookie(message: Toast, secure: boolean): string {
  return serializeCookie(FLASH_COOKIE, Buffer.from(JSON.stringify({ ...message, id: randomUUID() })).toString("base64url"), {
    maxAgeSeconds: MAX_AGE_SECONDS,
    secure,
    httpOnly: true,
  });
}

export function clearFlashCookie(secure: boolean): string {
  return serializeCookie(FLASH_COOKIE, "", { maxAgeSeconds: 0, secure, httpOnly: true });
}

const VARIANTS: readonly ToastVariant[] = ["default", "destructive", "warning", "success"];

/** The message in a Cookie header; null when there is none or it cannot be read. */
export function readFlash(cookieHeader: string | null | undefined): FlashMessage | null {
  const raw = readCookie(cookieHeader, FLASH_COOKIE);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as Partial<FlashMessage>;
    if (typeof parsed.title !== "string" || typeof parsed.id !== "string" || !VARIANTS.includes(parsed.variant as ToastVariant)) return null;
    return {
      id: parsed.id,
      title: parsed.title.slice(0, 300),
      variant: parsed.variant as ToastVariant,
      ...(typeof parsed.description === "string" ? { description: parsed.description.slice(0, 1000) } : {}),
    };
  } catch {
    return null;
  }
}

/** A redirect (303 after a form post, 302 otherwise) that shows a toast on the page it leads to. */
export function redirectWithFlash(to: string, message: Toast, init: { status?: number; headers?: HeadersInit } = {}): Response {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", flashCookie(message, site().config.baseUrl.startsWith("https:")));
  return redirect(to, { status: init.status ?? 303, headers });
}
