import { useEffect, useState } from "react";
import { t } from "~/lib/i18n";
import { TOAST_HOTKEY, toastMarkup } from "./toast-look";
import { toast, type ToastVariant } from "./toast-store";

/** A message the server sends with the page (app/http/flash.server.ts). */
export interface FlashToast {
  id: string;
  title: string;
  variant: ToastVariant;
  description?: string;
}

/**
 * The message area (product §9): one toast at a time, five seconds unless told otherwise, announced
 * to screen readers, at most 420 px wide. Written here rather than taken from a component
 * library to keep the JavaScript of every page small (docs/decisions/0006).
 *
 * The list is the script's (app/progressive/toasts.ts), on every page: React renders it once with
 * the server's flash message, so that it shows without JavaScript too, and never touches its
 * content again (dangerouslySetInnerHTML with the same text on every render). A flash message that
 * arrives later, with the root's data after a form post, is handed to the toasts.
 */
export function Toaster({ flash }: { flash: FlashToast | null }) {
  const [served] = useState(flash);
  useEffect(() => {
    if (flash && flash.id !== served?.id) toast({ title: flash.title, description: flash.description, variant: flash.variant });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per message, not per render
  }, [flash?.id]);
  return (
    <section aria-label={`${t("reporter.notifications")} (${TOAST_HOTKEY})`}>
      <ol
        data-toasts
        // The script draws here before React hydrates: React neither checks nor touches what is inside.
        suppressHydrationWarning
        tabIndex={-1}
        aria-live="polite"
        // The region spans the bottom of the screen even when empty: only the toasts themselves take clicks.
        className="pointer-events-none fixed bottom-0 right-0 z-50 m-0 flex w-full list-none flex-col gap-2 p-4 outline-none md:max-w-[420px]"
        dangerouslySetInnerHTML={{ __html: served ? toastMarkup(served) : "" }}
      />
    </section>
  );
}
