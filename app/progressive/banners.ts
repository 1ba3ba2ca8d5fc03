import { isBannerClosed } from "~/consent/consent";

/**
 * Information banners (the demo-data notice) on a page without React: "Luk" closes in the
 * background instead of reloading the page, and a banner the visitor closed after this page was
 * cached goes at once.
 */
export function enhanceClosableBanners(): void {
  for (const banner of document.querySelectorAll<HTMLElement>("[data-banner-id]")) {
    if (isBannerClosed(document.cookie, banner.dataset.bannerId!)) {
      banner.remove();
      continue;
    }
    const form = banner.querySelector("form");
    form?.addEventListener("submit", (event) => {
      event.preventDefault();
      const body = new URLSearchParams([...new FormData(form)].map(([name, value]) => [name, typeof value === "string" ? value : value.name]));
      body.set("background", "1");
      void fetch(form.action, { method: "POST", body });
      banner.remove();
    });
  }
}
