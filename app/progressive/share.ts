import { shareLink } from "~/market-page/share";

/** "Del" (ShareButton.tsx): the share sheet or a copied link instead of the e-mail the link opens without JavaScript. */
export function enhanceShareLinks(): void {
  document.addEventListener("click", (event) => {
    const link = (event.target as Element | null)?.closest<HTMLAnchorElement>("a[data-share-url]");
    if (!link) return;
    event.preventDefault();
    void shareLink(link.dataset.shareTitle ?? document.title, link.dataset.shareUrl!);
  });
}
