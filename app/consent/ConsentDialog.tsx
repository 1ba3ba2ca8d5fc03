import { forwardRef, useImperativeHandle, useRef, useState } from "react";
import { t } from "~/lib/i18n";
import { CONSENT_CATEGORIES, type ConsentChoices } from "./consent";
import { keepTabInside, returnFocus } from "./dialog-focus";
import { ConsentSettingsForm } from "./ConsentSettingsForm";

export interface ConsentDialogHandle {
  open: () => void;
}

/**
 * The preferences dialog. A native <dialog> opened with showModal(): the browser keeps Tab inside
 * it, makes the page behind inert, closes it on Escape and hands focus back to where it was.
 * Without JavaScript it is never opened; the banner's "Tilpas indstillinger" then leads to the
 * same form on /cookies.
 */
export const ConsentDialog = forwardRef<ConsentDialogHandle, { choices: ConsentChoices | null; next: string; onSave: (choices: ConsentChoices) => void }>(function ConsentDialog(
  { choices, next, onSave },
  ref,
) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  // A fresh form after each closing (and for each new choice), so the next opening shows the
  // stored choice rather than toggles that were never saved. Not on opening: that would replace
  // the element showModal() has just focused.
  const [closeCount, setCloseCount] = useState(0);
  const formKey = `${closeCount}-${choices ? CONSENT_CATEGORIES.map((category) => Number(choices[category])).join("") : "-"}`;

  useImperativeHandle(ref, () => ({
    open() {
      const dialog = dialogRef.current;
      if (!dialog || dialog.open) return;
      openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    },
  }));

  const close = () => dialogRef.current?.close();
  const afterClose = () => {
    setCloseCount((count) => count + 1);
    returnFocus(openerRef.current);
  };

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby="samtykke-dialog-overskrift"
      onClose={afterClose}
      onKeyDown={(event) => keepTabInside(event.currentTarget, event.nativeEvent)}
      data-consent-dialog
      className="m-auto w-[min(36rem,calc(100%-2rem))] max-h-[calc(100dvh-2rem)] overflow-y-auto rounded-2xl border border-stone-300 bg-white p-5 text-stone-900 shadow-2xl backdrop:bg-stone-950/60 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100"
    >
      <h2 id="samtykke-dialog-overskrift" className="text-xl font-bold">
        {t("consent.dialog.heading")}
      </h2>
      <p className="mt-2 text-stone-700 dark:text-stone-300">{t("consent.dialog.intro")}</p>
      <div className="mt-3">
        <ConsentSettingsForm
          key={formKey}
          idPrefix="samtykke-dialog"
          initialChoices={choices}
          next={next}
          onCancel={close}
          onSave={(saved) => {
            onSave(saved);
            close();
          }}
        />
      </div>
    </dialog>
  );
});
