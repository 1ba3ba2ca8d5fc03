/** Keyboard focus around the consent dialog (app/progressive/consent.ts). */

/**
 * The modal dialog makes the page inert, but Tab past its last control would still leave for the
 * browser's own toolbar: wrap around instead, so keyboard focus stays in the dialog.
 */
export function keepTabInside(dialog: HTMLDialogElement, event: KeyboardEvent): void {
  if (event.key !== "Tab") return;
  const focusable = [...dialog.querySelectorAll<HTMLElement>("input:not([disabled]):not([type=hidden]), button:not([disabled]), a[href]")];
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * After the dialog closed: back to the control that opened it, or, when that cannot take it (the
 * banner is hidden on a choice), to the page's main content rather than the document body.
 */
export function returnFocus(opener: HTMLElement | null): void {
  opener?.focus();
  if (!opener || document.activeElement !== opener) focusMainContent();
}

export function focusMainContent(): void {
  document.getElementById("main-content")?.focus({ preventScroll: true });
}
