import { followScreenWidth, keepSidebarOpen, locateAndSubmit } from "~/filters/filter-panel";

/**
 * A market list's filters (the register, the calendar, the map and the landing pages) on the
 * markup of FilterLayout.tsx and FilterFields.tsx: the panel is a sidebar on wide screens, a new
 * sort order shows at once, and "Brug min placering" appears and works.
 */
export function enhanceFilters(): void {
  const panel = document.querySelector<HTMLDetailsElement>("details[data-filter-panel]");
  if (panel) {
    followScreenWidth(panel, panel.hasAttribute("data-needs-attention"));
    panel.querySelector("summary")?.addEventListener("click", keepSidebarOpen);
  }
  for (const select of document.querySelectorAll<HTMLSelectElement>("select[data-submit-on-change]")) {
    select.addEventListener("change", () => select.form?.requestSubmit());
  }
  for (const button of document.querySelectorAll<HTMLButtonElement>("button[data-locate]")) {
    const message = button.parentElement?.querySelector<HTMLElement>("[data-locate-message]");
    button.hidden = false;
    button.addEventListener("click", () => {
      if (button.form) locateAndSubmit(button.form, (text) => message && (message.textContent = text));
    });
  }
}
