import { toast } from "~/components/ui/toast-store";
import { buttonClass } from "~/components/ui/button";
import { t } from "~/lib/i18n";

/**
 * Shares through the phone's own share sheet, or copies the link; without JavaScript it opens an
 * e-mail with the link.
 */
export function ShareButton({ title, url }: { title: string; url: string }) {
  const mailto = `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(url)}`;
  return (
    <a
      href={mailto}
      className={buttonClass("secondary")}
      onClick={async (event) => {
        event.preventDefault();
        try {
          if (navigator.share) {
            await navigator.share({ title, url });
            return;
          }
          await navigator.clipboard.writeText(url);
          toast({ title: t("market.shareCopied"), variant: "success" });
        } catch (error) {
          // Closing the share sheet is not an error; anything else falls back to e-mail.
          if ((error as Error).name !== "AbortError") window.location.href = mailto;
        }
      }}
    >
      {t("market.share")}
    </a>
  );
}
