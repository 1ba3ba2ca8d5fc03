type Apply = (element: HTMLElement) => void;

const watched: [selector: string, apply: Apply][] = [];
let observer: MutationObserver | null = null;

function applyWithin(root: Element, selector: string, apply: Apply): void {
  if (root instanceof HTMLElement && root.matches(selector)) apply(root);
  for (const element of root.querySelectorAll<HTMLElement>(selector)) apply(element);
}

/**
 * Runs `apply` on every element the selector matches: those in the page now, and those that come
 * later, which on a page with React is every page after a client-side navigation. For what an
 * element must show as soon as it is there (a "Gem" saved in this tab, a banner closed, a badge's
 * closing time), so it may run on an element more than once; what a person does with it is caught
 * by listeners on the document.
 */
export function eachElement(selector: string, apply: Apply): void {
  watched.push([selector, apply]);
  applyWithin(document.documentElement, selector, apply);
  if (observer) return;
  observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node instanceof Element) for (const [each, eachApply] of watched) applyWithin(node, each, eachApply);
      }
    }
  });
  observer.observe(document.documentElement, { childList: true, subtree: true });
}
