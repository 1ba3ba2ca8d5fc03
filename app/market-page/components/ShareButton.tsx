import { buttonClass } from "~/components/ui/button";
import { t } from "~/lib/i18n";
import { shareLink, shareMailto } from "../share";

/**
 * Shares through the phone's own share sheet, or copies the link; without JavaScript it opens an
 * e-mail with the link. The data attributes let a page without React do the same
 * (app/progressive/share.ts).
 */
export function ShareButton({ title, url }: { title: string; url: string }) {
  return (
    <a
      href={shareMailto(title, url)}
      className={buttonClass("secondary")}
      data-share-title={title}
      data-share-url={url}
      onClick={(event) => {
        event.preventDefault();
        void shareLink(title, url);
      }}
    >
      {t("market.share")}
    </a>
  );
}
