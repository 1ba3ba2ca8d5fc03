import { buttonClass } from "~/components/ui/button";
import { t } from "~/lib/i18n";
import { shareMailto } from "../share";

/**
 * "Del": without JavaScript an e-mail with the link; with it, app/progressive/share.ts reads the
 * data attributes and shares through the phone's own share sheet, or copies the link.
 */
export function ShareButton({ title, url }: { title: string; url: string }) {
  return (
    <a href={shareMailto(title, url)} className={buttonClass("secondary")} data-share-title={title} data-share-url={url}>
      {t("market.share")}
    </a>
  );
}
