import { toast } from "~/components/ui/toast-store";
import { t } from "~/lib/i18n";

/** The e-mail that shares a link: what "Del" opens without JavaScript, and when sharing fails. */
export function shareMailto(title: string, url: string): string {
  return `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(url)}`;
}

/** Shares through the phone's own share sheet, or copies the link with a toast (app/progressive/share.ts). */
export async function shareLink(title: string, url: string): Promise<void> {
  try {
    if (navigator.share) {
      await navigator.share({ title, url });
      return;
    }
    await navigator.clipboard.writeText(url);
    toast({ title: t("market.shareCopied"), variant: "success" });
  } catch (error) {
    // Closing the share sheet is not an error; anything else falls back to e-mail.
    if ((error as Error).name !== "AbortError") window.location.href = shareMailto(title, url);
  }
}
