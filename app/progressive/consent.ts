import {
  ACCEPT_ALL,
  CONSENT_EVENT,
  DEFAULT_CHOICES,
  OPEN_CONSENT_SETTINGS_EVENT,
  choicesFromForm,
  readConsentInBrowser,
  storeConsentInBrowser,
  type ConsentChoices,
} from "~/consent/consent";
import { followConsentSignals } from "~/consent/consent-signals";
import { focusMainContent, keepTabInside, returnFocus } from "~/consent/dialog-focus";

/**
 * The preferences dialog (rendered by the server, ConsentDialog.tsx): opened modal with the stored
 * choice, Tab kept inside, focus handed back on closing; its form stores the choice in the browser.
 */
function enhanceDialog(dialog: HTMLDialogElement): () => void {
  const form = dialog.querySelector("form")!;
  let opener: HTMLElement | null = null;
  dialog.addEventListener("keydown", (event) => keepTabInside(dialog, event));
  dialog.addEventListener("close", () => returnFocus(opener));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if ((event.submitter as HTMLButtonElement | null)?.value !== "cancel") storeConsentInBrowser(choicesFromForm(new FormData(form)));
    dialog.close();
  });
  return () => {
    if (dialog.open) return;
    // The toggles show what is stored, not what was toggled and never saved at the last opening.
    const choices = readConsentInBrowser() ?? DEFAULT_CHOICES;
    for (const box of form.querySelectorAll<HTMLInputElement>("input[type=checkbox][name]")) box.checked = choices[box.name as keyof ConsentChoices] === true;
    opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
  };
}

/**
 * The cookie banner and dialog of a page without React, as CookieBanner.tsx does it: a choice is
 * stored in the browser and the banner goes without a reload. Without this script the banner's
 * buttons post to /samtykke.
 */
export function enhanceConsent(measurementId: string | null): void {
  followConsentSignals(measurementId);
  const banner = document.querySelector<HTMLElement>("[data-cookie-banner]");
  const dialog = document.querySelector<HTMLDialogElement>("dialog[data-consent-dialog]");
  const openDialog = dialog ? enhanceDialog(dialog) : null;
  if (openDialog) window.addEventListener(OPEN_CONSENT_SETTINGS_EVENT, openDialog);
  if (!banner) return;
  // A page kept in a cache for a visitor without a choice: this visitor has one.
  if (readConsentInBrowser()) banner.remove();
  window.addEventListener(CONSENT_EVENT, () => banner.remove());
  banner.querySelector("form")?.addEventListener("submit", (event) => {
    const decision = (event.submitter as HTMLButtonElement | null)?.value;
    if (decision === "customize" && openDialog) {
      event.preventDefault();
      openDialog();
    } else if (decision === "accept-all" || decision === "reject-all") {
      event.preventDefault();
      storeConsentInBrowser(decision === "accept-all" ? ACCEPT_ALL : DEFAULT_CHOICES);
      // The banner and the focused button are gone: keep keyboard users in the page, not on <body>.
      focusMainContent();
    }
  });
}
