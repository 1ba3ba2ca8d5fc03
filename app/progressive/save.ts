import { changedSaveState, requestSave, subscribeSaveState } from "~/saved/save-toggle";
import { eachElement } from "./each-element";

const SAVE_FORM = "form[data-save-market]";

/** A "Gem" form as SaveButton.tsx renders it for this state. */
function showSaved(form: HTMLFormElement, saved: boolean): void {
  form.toggleAttribute("data-saved", saved);
  form.querySelector("button")?.setAttribute("aria-pressed", String(saved));
  const wanted = form.elements.namedItem("gem");
  if (wanted instanceof HTMLInputElement) wanted.value = saved ? "0" : "1";
}

/**
 * "Gem" (SaveButton.tsx) with JavaScript: the toggle of save-toggle.ts, and every form of the
 * market on the page follows, also one rendered after the change (a client-side navigation shows
 * the root's data, which a toggle does not change). A visitor's post is left alone: it goes on to
 * sign in.
 */
export function enhanceSaveButtons(): void {
  subscribeSaveState((marketId, saved) => {
    for (const form of document.querySelectorAll<HTMLFormElement>(`${SAVE_FORM}[data-save-market="${CSS.escape(marketId)}"]`)) showSaved(form, saved);
  });
  eachElement(SAVE_FORM, (form) => {
    const changed = changedSaveState(form.dataset.saveMarket!);
    if (changed !== undefined) showSaved(form as HTMLFormElement, changed);
  });
  document.addEventListener("submit", (event) => {
    const form = (event.target as Element).closest<HTMLFormElement>(SAVE_FORM);
    if (!form || !("signedIn" in document.body.dataset)) return;
    event.preventDefault();
    const back = form.elements.namedItem("tilbage");
    void requestSave(form.dataset.saveMarket!, !form.hasAttribute("data-saved"), back instanceof HTMLInputElement ? back.value : location.pathname);
  });
}
