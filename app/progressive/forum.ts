import { relativeTime } from "~/forum/relative-time";
import { eachElement } from "./each-element";

/** The reply's text area (app/forum/components/ReplyForm.tsx), which "Citér" fills. */
const REPLY_TEXT = "#svar-tekst";

/**
 * "Citér" (a link to the topic with ?citer= that works without JavaScript): the quote goes into
 * the reply at once, after what is already written there, and the focus goes to the text, so the
 * reader types their answer below it. A visitor has no reply form and follows the link to sign in.
 */
function enhanceQuoteLinks(): void {
  document.addEventListener("click", (event) => {
    const link = (event.target as Element | null)?.closest<HTMLAnchorElement>("a[data-quote]");
    const text = document.querySelector<HTMLTextAreaElement>(REPLY_TEXT);
    if (!link || !text) return;
    event.preventDefault();
    const before = text.value.trimEnd();
    text.value = `${before ? `${before}\n\n` : ""}${link.dataset.quote ?? ""}`;
    text.focus();
    text.setSelectionRange(text.value.length, text.value.length);
    text.scrollIntoView({ block: "center" });
  });
}

/**
 * After a post the page opens at it (#indlaeg-{id}): the focus goes there too, so a screen reader
 * reads the new post and the next Tab starts from it instead of from the top of the page.
 */
function focusArrivedPost(): void {
  const id = decodeURIComponent(location.hash.slice(1));
  if (!/^indlaeg-\d+$/.test(id)) return;
  document.getElementById(id)?.focus({ preventScroll: true });
}

/**
 * "for 3 timer siden": a cached page's words are as old as the page, so they are brought up to
 * date from the <time> element's datetime. Only on pages without React, whose text React does not
 * compare when it hydrates (a page with React is rendered for this request anyway).
 */
function refreshRelativeTimes(): void {
  if ("__reactRouterContext" in window) return;
  const now = Date.now();
  eachElement("time[data-relative-time]", (element) => {
    const iso = element.getAttribute("datetime");
    if (iso) element.textContent = relativeTime(iso, now);
  });
}

export function enhanceForum(): void {
  enhanceQuoteLinks();
  focusArrivedPost();
  refreshRelativeTimes();
}
