import { PAGE_PARAM } from "~/lib/page-number";
import type { MessageState } from "~/content/schema";

/** The admins' inbox of the contact form's messages. Browser-safe. */

export const INBOX_PATH = "/dashboard/admin/beskeder";
/** How many messages a page of the inbox lists. */
export const MESSAGES_PER_PAGE = 50;

/** The inbox's lists by state, as their query names them (?vis=besvarede). */
export const INBOX_VIEWS = { nye: "new", besvarede: "answered", lukkede: "closed" } as const satisfies Record<string, MessageState>;
export type InboxView = keyof typeof INBOX_VIEWS;
export const VIEW_PARAM = "vis";

export function isInboxView(value: unknown): value is InboxView {
  return typeof value === "string" && Object.hasOwn(INBOX_VIEWS, value);
}

export function inboxPath(view: InboxView = "nye", page = 1): string {
  const query = new URLSearchParams();
  if (view !== "nye") query.set(VIEW_PARAM, view);
  if (page > 1) query.set(PAGE_PARAM, String(page));
  const search = query.toString();
  return search ? `${INBOX_PATH}?${search}` : INBOX_PATH;
}

export function messagePath(id: string): string {
  return `${INBOX_PATH}/${id}`;
}
