import type { HTMLElement } from "node-html-parser";
import type { Html } from "./html";

/** The form a control belongs to, as a browser decides: the one its form= names by id, else the one around it. */
export function formOf(page: Html, control: HTMLElement): HTMLElement | null {
  const named = control.getAttribute("form");
  if (named) return page.byId(named);
  return control.closest("form");
}

/** The controls that belong to the form, in the order of the page: those inside it and those that name it. */
export function controlsOf(page: Html, form: HTMLElement, selector = "input, select, textarea, button"): HTMLElement[] {
  return page.all(selector).filter((control) => formOf(page, control) === form);
}

/**
 * The query a browser without JavaScript sends for this form: every named field with its value,
 * the chosen option of each select (the first when none is marked), checked boxes only; `choices`
 * are what the person picked.
 */
export function formQuery(page: Html, form: HTMLElement, choices: Record<string, string>): URLSearchParams {
  const query = new URLSearchParams();
  for (const field of controlsOf(page, form, "input[name], select[name], textarea[name]")) {
    const name = field.getAttribute("name")!;
    if (field.hasAttribute("disabled")) continue;
    if (name in choices) {
      if (!query.has(name)) query.append(name, choices[name]!);
      continue;
    }
    if (field.tagName === "SELECT") {
      const options = field.querySelectorAll("option");
      const chosen = options.find((option) => option.hasAttribute("selected")) ?? options[0];
      if (chosen) query.append(name, chosen.getAttribute("value") ?? chosen.text);
    } else if (field.tagName === "TEXTAREA") query.append(name, field.text);
    else {
      const type = field.getAttribute("type") ?? "text";
      if (["submit", "button", "reset", "image", "file"].includes(type)) continue;
      if ((type === "checkbox" || type === "radio") && !field.hasAttribute("checked")) continue;
      query.append(name, field.getAttribute("value") ?? (type === "checkbox" || type === "radio" ? "on" : ""));
    }
  }
  return query;
}
