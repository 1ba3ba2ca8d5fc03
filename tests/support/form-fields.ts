import type { HTMLElement } from "node-html-parser";
import type { Html } from "./html";
import type { FormFields } from "./site";

/** What a browser without JavaScript sends for one form of a page: where, and which fields. */
export interface FilledForm {
  /** The form's action; null when it posts to the page's own address. */
  action: string | null;
  fields: FormFields;
}

function add(fields: FormFields, name: string, value: string): void {
  const had = fields[name];
  fields[name] = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value];
}

/**
 * The form with this id as a person sends it without JavaScript: every field with the value the
 * page gave it (hidden ones too, checked boxes, chosen options), `typed` put in by field id, and
 * the name and value of its last submit button, which is the one pressed.
 */
export function fillForm(html: Html, formId: string, typed: Record<string, string>): FilledForm {
  const form = html.byId(formId);
  if (!form || form.tagName !== "FORM") throw new Error(`No form with the id "${formId}" in the page`);
  const controls = form.querySelectorAll("input, select, textarea, button");
  for (const id of Object.keys(typed)) {
    if (!controls.some((control) => control.getAttribute("id") === id)) throw new Error(`No field with the id "${id}" in the form "${formId}"`);
  }
  const fields: FormFields = {};
  const submits: HTMLElement[] = [];
  for (const control of controls) {
    const name = control.getAttribute("name");
    const type = (control.getAttribute("type") ?? "").toLowerCase();
    if (control.tagName === "BUTTON" || type === "submit") {
      if (type !== "button" && type !== "reset") submits.push(control);
      continue;
    }
    if (!name || control.hasAttribute("disabled") || type === "file") continue;
    const id = control.getAttribute("id");
    if (id && id in typed) {
      add(fields, name, typed[id]!);
    } else if (type === "checkbox" || type === "radio") {
      if (control.hasAttribute("checked")) add(fields, name, control.getAttribute("value") ?? "on");
    } else if (control.tagName === "SELECT") {
      const options = control.querySelectorAll("option");
      const chosen = options.find((option) => option.hasAttribute("selected")) ?? options[0];
      if (chosen) add(fields, name, chosen.getAttribute("value") ?? chosen.text);
    } else if (control.tagName === "TEXTAREA") {
      add(fields, name, control.text);
    } else {
      add(fields, name, control.getAttribute("value") ?? "");
    }
  }
  const pressed = submits.at(-1);
  const buttonName = pressed?.getAttribute("name");
  if (buttonName) add(fields, buttonName, pressed!.getAttribute("value") ?? "");
  return { action: form.getAttribute("action") ?? null, fields };
}
