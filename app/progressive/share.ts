import { shareLink } from "~/market-page/share";

/** "Del" without React: the share sheet or a copied link, as ShareButton.tsx does. */
export function enhanceShareLinks(): void {
  document.addEventListener("click", (event) => {
    const link = (event.target as Element | null)?.closest<HTMLAnchorElement>("a[data-share-url]");
    if (!link) return;
    event.preventDefault();
    void shareLink(link.dataset.shareTitle ?? document.title, link.dataset.shareUrl!);
  });
}
