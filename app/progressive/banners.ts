import { isBannerClosed } from "~/consent/consent";
import { eachElement } from "./each-element";

const BANNER = "[data-banner-id]";

/**
 * Information banners (the demo-data notice, SiteFooter.tsx): "Luk" closes in the background
 * instead of loading the page again, and a banner the visitor closed after this page was made (a
 * page from the cache, or kept by React across client-side navigations) does not show. Hidden
 * rather than removed: on a page with React the banner is React's to take away.
 */
export function enhanceClosableBanners(): void {
  eachElement(BANNER, (banner) => {
    if (isBannerClosed(document.cookie, banner.dataset.bannerId!)) banner.hidden = true;
  });
  document.addEventListener("submit", (event) => {
    const form = event.target as HTMLFormElement;
    const banner = form.closest<HTMLElement>(BANNER);
    if (!banner) return;
    event.preventDefault();
    const body = new URLSearchParams([...new FormData(form)].map(([name, value]) => [name, typeof value === "string" ? value : value.name]));
    body.set("background", "1");
    // Nothing waits for the answer, which sets the cookie that keeps the banner away for 30 days.
    void fetch(form.action, { method: "POST", body });
    banner.hidden = true;
  });
}
