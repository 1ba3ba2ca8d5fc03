import { randomUUID } from "node:crypto";
import { redirect } from "react-router";
import type { ToastVariant } from "~/components/ui/toast-store";
import { config } from "./config.server";
import { readCookie, serializeCookie } from "./http";

/**
 * A message for the next page (SPEC §9 toasts after a form post): a short-lived cookie that the
 * next page shows as a toast, also without JavaScript. The response that shows it also deletes it
 * (server/express-app.ts), and the page cache never stores a page that carries one.
 */
export const FLASH_COOKIE = "loppeguiden-flash";

export interface FlashMessage {
  /** Tells one message from the next, so the same text twice shows twice. */
  id: string;
  title: string;
  variant: ToastVariant;
  description?: string;
}

const MAX_AGE_SECONDS = 60;

/** Secure when the site is served over https (BASE_URL). */
function flashCookieWith(value: string, maxAgeSeconds: number): string {
  return serializeCookie(FLASH_COOKIE, value, { maxAgeSeconds, secure: config().baseUrl.startsWith("https:"), httpOnly: true });
}

export function flashCookie(message: Omit<FlashMessage, "id">): string {
  return flashCookieWith(Buffer.from(JSON.stringify({ ...message, id: randomUUID() })).toString("base64url"), MAX_AGE_SECONDS);
}

export function clearFlashCookie(): string {
  return flashCookieWith("", 0);
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
export function redirectWithFlash(
  to: string,
  message: Omit<FlashMessage, "id">,
  init: { status?: number; headers?: HeadersInit } = {},
): Response {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", flashCookie(message));
  return redirect(to, { status: init.status ?? 303, headers });
}
