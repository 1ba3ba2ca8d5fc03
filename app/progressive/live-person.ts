import { followLive } from "~/lib/realtime/live-browser";
import { unreadLabel } from "~/shell/unread-label";
import { coalesced } from "./coalesced";
import { checkSessionNow } from "./session";

/** Where the count comes from (routes/api/community/ulaeste.ts). */
const UNREAD_COUNT_URL = "/api/community/ulaeste";

/** The header's badges by "Community", on the row of links and on the closed phone menu (app/shell/SiteHeader.tsx). */
function showUnread(count: number): void {
  for (const badge of document.querySelectorAll<HTMLElement>("[data-unread-badge]")) {
    const [digits, label] = badge.children;
    if (digits) digits.textContent = String(count);
    if (label) label.textContent = unreadLabel(count);
    badge.hidden = count === 0;
  }
}

/**
 * A signed-in page without React follows its person's live channel (decision 0037), which says
 * when a followed topic got a reply: the header's count is asked again and shown. The root renders
 * the channel on <body> only on such pages; a page with React loads its root data instead.
 */
export function followPersonLive(): void {
  const { livePerson, liveSince } = document.body.dataset;
  if (!livePerson) return;
  const load = coalesced(async () => {
    const answer = await fetch(UNREAD_COUNT_URL, { cache: "no-store", headers: { accept: "application/json" } });
    if (!answer.ok) return;
    const { count } = (await answer.json()) as { count: number | null };
    if (typeof count === "number") showUnread(count);
  });
  followLive([livePerson], Number(liveSince ?? 0), (message) => {
    if (message.kind === "ended") checkSessionNow();
    else load();
  });
}
