import { followScreenWidth, keepSidebarOpen, locateAndSubmit } from "~/filters/filter-panel";

/**
 * A market list's filters on a page without React (the landing pages), as FilterLayout.tsx and
 * FilterFields.tsx do it: the panel is a sidebar on wide screens, a new sort order shows at once,
 * and "Brug min placering" appears and works.
 */
export function enhanceFilters(): void {
  // A page with React wires its filters itself (FilterLayout.tsx, FilterFields.tsx); the script
  // runs there too (decision 0022), and must not wire them twice.
  if ("__reactRouterContext" in window) return;
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
