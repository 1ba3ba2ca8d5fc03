import { ACCEPT_ALL, CONSENT_EVENT, DEFAULT_CHOICES, choicesFromForm, readConsentInBrowser, storeConsentInBrowser, type ConsentChoices } from "~/consent/consent";
import { followConsentSignals } from "~/consent/consent-signals";
import { consentSummary } from "~/consent/consent-summary";
import { focusMainContent, keepTabInside, returnFocus } from "~/consent/dialog-focus";
import { eachElement } from "./each-element";

const BANNER = "[data-cookie-banner]";
const DIALOG = "dialog[data-consent-dialog]";
const SETTINGS = "[data-consent-settings]";

/** The control that opened the dialog, which gets the focus back when it closes. */
let opener: HTMLElement | null = null;

/** The preferences dialog (ConsentDialog.tsx), modal, with the stored choice rather than toggles never saved. */
function openDialog(): void {
  const dialog = document.querySelector<HTMLDialogElement>(DIALOG);
  if (!dialog || dialog.open) return;
  const choices = readConsentInBrowser() ?? DEFAULT_CHOICES;
  for (const box of dialog.querySelectorAll<HTMLInputElement>("input[type=checkbox][name]")) box.checked = choices[box.name as keyof ConsentChoices] === true;
  opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  dialog.showModal();
}

function setText(element: Element | null, text: string): void {
  // The text node itself, which React also writes on a page with React, rather than a new one.
  if (element?.firstChild && element.firstChild.nodeValue !== text) element.firstChild.nodeValue = text;
}

/** /cookies (ConsentSettingsSection.tsx): the button that opens the dialog instead of the plain form, and the choice as stored. */
function showSettings(settings: HTMLElement): void {
  settings.querySelector<HTMLElement>("[data-open-consent-settings]")!.hidden = false;
  settings.querySelector<HTMLElement>("[data-consent-settings-form]")!.hidden = true;
  setText(settings.querySelector("[data-consent-summary]"), consentSummary(readConsentInBrowser()));
}

/** Hidden, not removed: on a page with React the banner is React's to take away. */
function hideBanner(banner: HTMLElement): void {
  banner.hidden = true;
}

function onSubmit(event: SubmitEvent): void {
  const form = event.target as HTMLFormElement;
  const decision = (event.submitter as HTMLButtonElement | null)?.value;
  const dialog = form.closest<HTMLDialogElement>(DIALOG);
  if (dialog) {
    event.preventDefault();
    if (decision !== "cancel") storeConsentInBrowser(choicesFromForm(new FormData(form)));
    dialog.close();
  } else if (form.closest(BANNER)) {
    if (decision === "customize") {
      event.preventDefault();
      openDialog();
    } else if (decision === "accept-all" || decision === "reject-all") {
      event.preventDefault();
      storeConsentInBrowser(decision === "accept-all" ? ACCEPT_ALL : DEFAULT_CHOICES);
      // The banner and the focused button are gone: keep keyboard users in the page, not on <body>.
      focusMainContent();
    }
  }
}

/**
 * The cookie banner, the preferences dialog and /cookies' settings (CookieBanner.tsx,
 * ConsentDialog.tsx, ConsentSettingsSection.tsx): a choice is stored in the browser and shows
 * without a reload, and the consent signals follow it. Without this script the forms post to
 * /samtykke.
 */
export function enhanceConsent(measurementId: string | null): void {
  followConsentSignals(measurementId);
  // A page kept in a cache for a visitor without a choice: this visitor has one.
  eachElement(BANNER, (banner) => {
    if (readConsentInBrowser()) hideBanner(banner);
  });
  eachElement(SETTINGS, showSettings);
  window.addEventListener(CONSENT_EVENT, () => {
    for (const banner of document.querySelectorAll<HTMLElement>(BANNER)) hideBanner(banner);
    for (const settings of document.querySelectorAll<HTMLElement>(SETTINGS)) showSettings(settings);
  });
  document.addEventListener("submit", onSubmit);
  document.addEventListener("click", (event) => {
    if ((event.target as Element).closest("[data-open-consent-settings]")) openDialog();
  });
  document.addEventListener("keydown", (event) => {
    const dialog = (event.target as Element).closest?.<HTMLDialogElement>(DIALOG);
    if (dialog?.open) keepTabInside(dialog, event);
  });
  // "close" does not bubble; the document hears it on the way down.
  document.addEventListener(
    "close",
    (event) => {
      if ((event.target as Element).matches(DIALOG)) returnFocus(opener);
    },
    true,
  );
}
