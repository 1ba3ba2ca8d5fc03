import { requestSave, subscribeSaveState } from "~/saved/save-toggle";

/**
 * "Gem" without React: the same toggle as SaveButton.tsx (save-toggle.ts), on the forms that
 * component rendered on the server. A visitor's post is left alone: it goes on to sign in.
 */
export function enhanceSaveButtons(): void {
  if (!("signedIn" in document.body.dataset)) return;
  subscribeSaveState((marketId, saved) => {
    for (const form of document.querySelectorAll<HTMLFormElement>(`form[data-save-market="${CSS.escape(marketId)}"]`)) {
      form.toggleAttribute("data-saved", saved);
      form.querySelector("button")?.setAttribute("aria-pressed", String(saved));
      const wanted = form.elements.namedItem("gem");
      if (wanted instanceof HTMLInputElement) wanted.value = saved ? "0" : "1";
    }
  });
  document.addEventListener("submit", (event) => {
    const form = (event.target as Element | null)?.closest<HTMLFormElement>("form[data-save-market]");
    if (!form) return;
    event.preventDefault();
    const back = form.elements.namedItem("tilbage");
    void requestSave(form.dataset.saveMarket!, !form.hasAttribute("data-saved"), back instanceof HTMLInputElement ? back.value : location.pathname);
  });
}
