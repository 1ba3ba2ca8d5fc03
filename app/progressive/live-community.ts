import { t } from "~/lib/i18n";
import { FORUM_CHANNEL } from "~/lib/realtime/channels";
import { followLive } from "~/lib/realtime/live-browser";

/** The notice above /community's newest topics (routes/community/index.tsx), empty until a topic comes. */
const NOTICE = "[data-live-forum-since]";

/**
 * /community while it is open (decision 0037): each new topic adds to "N nye emner", a link that
 * loads the page with them, instead of moving the list under the reader. A page away too long
 * says so the same way. Without JavaScript the notice stays empty and hidden.
 */
export function followForumLive(): void {
  const notice = document.querySelector<HTMLElement>(NOTICE);
  if (!notice) return;
  let count = 0;
  followLive([FORUM_CHANNEL], Number(notice.dataset.liveForumSince ?? 0), (message) => {
    if (message.kind === "event" && message.data.type === "topic" && message.data.change === "new") count += 1;
    else if (message.kind === "reload") count = Math.max(count, 1);
    else return;
    const link = document.createElement("a");
    link.href = location.pathname;
    link.textContent = count === 1 ? t("forum.live.oneNewTopic") : t("forum.live.manyNewTopics", { count });
    notice.replaceChildren(link);
  });
}
