import { t } from "~/lib/i18n";
import { LIVE_REFRESH_HEADER, topicChannel } from "~/lib/realtime/channels";
import { followLive, type LiveMessage } from "~/lib/realtime/live-browser";
import { coalesced } from "./coalesced";
import { checkSessionNow } from "./session";

/** The topic's posts as the page shows them (routes/community/topic/$topicId.tsx). */
const POSTS = "ol[data-live-topic]";
const NEWS = "[data-live-news]";

/** A post's list item, known by its article's id ("indlaeg-12"). */
function postsById(list: Element): Map<string, Element> {
  return new Map([...list.children].flatMap((item) => (item.firstElementChild?.id ? [[item.firstElementChild.id, item] as const] : [])));
}

/**
 * The page's posts made as the newest copy has them: a changed post is replaced where it is, a new
 * one added at the foot, one the reader may no longer see taken away. What is above the reader
 * changes in place, and the browser's scroll anchoring keeps what they read where it was. Returns
 * how many posts came.
 */
function patchPosts(list: Element, fresh: Element): number {
  const shown = postsById(list);
  const wanted = postsById(fresh);
  for (const [id, item] of shown) if (!wanted.has(id)) item.remove();
  let added = 0;
  for (const [id, item] of wanted) {
    const current = shown.get(id);
    if (!current) {
      list.append(document.importNode(item, true));
      added += 1;
    } else if (current.innerHTML !== item.innerHTML && !current.contains(document.activeElement)) {
      current.replaceWith(document.importNode(item, true));
    }
  }
  return added;
}

/**
 * A topic's page follows its posts live (decision 0037): on each event it loads its own address
 * anew (past the page cache, LIVE_REFRESH_HEADER) and patches the list, and says how many new posts came to a screen
 * reader. A page away too long loads its data again the same way; a stream ended by the session
 * runs the session check, which signs the page out. Without JavaScript the page is as it was.
 */
export function followTopicLive(): void {
  const list = document.querySelector<HTMLOListElement>(POSTS);
  if (!list) return;
  const topicId = Number(list.dataset.liveTopic);
  const load = coalesced(async (): Promise<void> => {
    const answer = await fetch(location.href, { cache: "no-store", headers: { accept: "text/html", [LIVE_REFRESH_HEADER]: "1" } });
    if (!answer.ok) return;
    const page = new DOMParser().parseFromString(await answer.text(), "text/html");
    const fresh = page.querySelector(POSTS);
    if (!fresh) return;
    const added = patchPosts(list, fresh);
    const news = document.querySelector(NEWS);
    if (news && added > 0) news.textContent = added === 1 ? t("forum.live.oneNew") : t("forum.live.manyNew", { count: added });
  });
  followLive([topicChannel(topicId)], Number(list.dataset.liveSince ?? 0), (message: LiveMessage) => {
    if (message.kind === "ended") checkSessionNow();
    else load();
  });
}
