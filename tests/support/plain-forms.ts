import { NodeType, type HTMLElement, type Node } from "node-html-parser";
import { Html } from "./html";

/**
 * Forms as a browser without JavaScript sends them, read from the server's HTML: a request-level
 * test fills in what a person would choose, presses a button, and gets the address or body the
 * browser would send, so that "the form works without JavaScript" needs no browser. The fuzzer
 * reads a page's forms with the same reader (tests/support/fuzz/page-forms.ts).
 */

/** The page as a browser without JavaScript parses it: what <noscript> holds is part of the page. */
export function withoutScript(source: string): Html {
  return new Html(source.replace(/<\/?noscript>/gi, ""));
}

export interface PlainForm {
  method: "get" | "post";
  /** Where it is sent, as written in the page ("" for the page itself). */
  action: string;
  /** Sent as multipart/form-data (a form with a file field). */
  multipart: boolean;
  /** The controls that belong to the form, in the page's order: inside it, or naming it with form="…". */
  controls: HTMLElement[];
}

const CONTROLS = "input, select, textarea, button";

/** The whole document an element is part of: a control may name its form from anywhere in it. */
function documentOf(element: HTMLElement): HTMLElement {
  let root = element;
  while (root.parentNode) root = root.parentNode;
  return root;
}

/** The form a control belongs to, as a browser decides: the one its form="…" names by id, else the one around it. */
export function formOf(page: Html, control: HTMLElement): HTMLElement | null {
  if (!control.hasAttribute("form")) return control.closest("form");
  const named = control.getAttribute("form");
  return named ? page.byId(named) : null;
}

/** The form the selector finds (or this form element), with every control that belongs to it. */
export function plainForm(page: Html, form: string | HTMLElement): PlainForm {
  const element = typeof form === "string" ? page.one(form) : form;
  if (!element || element.tagName !== "FORM") throw new Error(`No form matches ${typeof form === "string" ? form : `<${form.tagName.toLowerCase()}>`}`);
  const id = element.getAttribute("id");
  const inside = new Set(element.querySelectorAll(CONTROLS));
  const controls = documentOf(element)
    .querySelectorAll(CONTROLS)
    .filter((control) => (control.hasAttribute("form") ? id !== undefined && control.getAttribute("form") === id : inside.has(control)));
  return {
    method: element.getAttribute("method")?.toLowerCase() === "post" ? "post" : "get",
    action: element.getAttribute("action") ?? "",
    multipart: element.getAttribute("enctype")?.toLowerCase() === "multipart/form-data",
    controls,
  };
}

const text = (element: HTMLElement) => element.text.replace(/\s+/g, " ").trim();

/** A control's type as the browser reads it: lower case, "text" when absent; "select", "textarea", "button" by tag. */
function typeOf(control: HTMLElement): string {
  if (control.tagName === "SELECT") return "select";
  if (control.tagName === "TEXTAREA") return "textarea";
  const type = control.getAttribute("type")?.toLowerCase();
  if (control.tagName === "BUTTON") return type === "button" || type === "reset" ? type : "submit";
  return type ?? "text";
}

/** A button that sends the form: a <button> (submit unless it says otherwise) or an <input type="submit">. */
export function isSubmitButton(control: HTMLElement): boolean {
  return typeOf(control) === "submit";
}

/** A control that is never sent with the form: a button of type "button" or "reset". */
export function sendsNothing(control: HTMLElement): boolean {
  const type = typeOf(control);
  return type === "button" || type === "reset";
}

/** What a screen reader calls a button: its aria-label, else what it shows (an <input>'s value, a <button>'s text without the parts hidden from it). */
function nameOf(button: HTMLElement): string {
  if (button.tagName === "INPUT") return button.getAttribute("aria-label") ?? button.getAttribute("value") ?? "";
  const label = button.getAttribute("aria-label");
  if (label) return label;
  const read = (node: Node): string => {
    if (node.nodeType !== NodeType.ELEMENT_NODE) return node.text;
    const child = node as HTMLElement;
    return child.getAttribute("aria-hidden") === "true" ? "" : child.childNodes.map(read).join(" ");
  };
  return read(button).replace(/\s+/g, " ").trim();
}

/** The values a control offers a person: a select's options, a checkbox's or radio's own value; null for a free field. */
function choices(control: HTMLElement): string[] | null {
  if (control.tagName === "SELECT") return control.querySelectorAll("option").map((option) => option.getAttribute("value") ?? text(option));
  const type = typeOf(control);
  if (type === "checkbox" || type === "radio") return [control.getAttribute("value") ?? "on"];
  return null;
}

/**
 * What a field sends as the page left it: the selected options (else the first), a checked box's
 * value, a field's value. A button is not a field: what it sends is its value, and only when pressed.
 */
export function initialValues(control: HTMLElement): string[] {
  const type = typeOf(control);
  if (type === "select") {
    const options = control.querySelectorAll("option");
    const selected = options.filter((option) => option.hasAttribute("selected"));
    const sent = selected.length ? selected : options.slice(0, 1);
    return sent.map((option) => option.getAttribute("value") ?? text(option));
  }
  if (type === "textarea") return [control.text];
  if (type === "checkbox" || type === "radio") return control.hasAttribute("checked") ? [control.getAttribute("value") ?? "on"] : [];
  return [control.getAttribute("value") ?? ""];
}

/** The form that the button with this name sends: there must be exactly one such button in the page. */
export function formOfButton(page: Html, button: string): PlainForm {
  const buttons = page.all("button, input[type=submit]").filter((candidate) => isSubmitButton(candidate) && nameOf(candidate) === button);
  if (buttons.length !== 1) throw new Error(`${buttons.length} buttons "${button}" in the page, not one`);
  const form = formOf(page, buttons[0]!);
  if (!form) throw new Error(`The button "${button}" belongs to no form`);
  return plainForm(page, form);
}

/**
 * The fields a form sends when this button is pressed, after a person changed the named fields
 * (all the values of a name at once; [] clears it). A change the form does not offer (a name it
 * has no control for, an option its select lacks) fails, as no person could make it.
 */
export function formFields(form: PlainForm, button: string, changes: Record<string, string | string[]> = {}): URLSearchParams {
  const submitters = form.controls.filter((control) => isSubmitButton(control) && !control.hasAttribute("disabled"));
  const pressed = submitters.find((control) => nameOf(control) === button);
  if (!pressed) throw new Error(`The form has no button "${button}" (its buttons: ${submitters.map(nameOf).join(", ") || "none"})`);

  for (const [name, wanted] of Object.entries(changes)) {
    const named = form.controls.filter(
      (control) => control.getAttribute("name") === name && !control.hasAttribute("disabled") && !isSubmitButton(control) && !sendsNothing(control),
    );
    if (!named.length) throw new Error(`The form has no field named ${name}`);
    const offered = named.flatMap((control) => choices(control) ?? []);
    const free = named.some((control) => choices(control) === null);
    for (const value of [wanted].flat()) {
      if (!free && !offered.includes(value)) throw new Error(`The field ${name} offers no ${value} (only ${offered.join(", ")})`);
    }
  }

  const fields = new URLSearchParams();
  for (const control of form.controls) {
    const name = control.getAttribute("name");
    if (!name || control.hasAttribute("disabled") || sendsNothing(control)) continue;
    if (isSubmitButton(control)) {
      if (control === pressed) fields.append(name, control.getAttribute("value") ?? "");
      continue;
    }
    if (name in changes) continue;
    for (const value of initialValues(control)) fields.append(name, value);
  }
  for (const [name, wanted] of Object.entries(changes)) for (const value of [wanted].flat()) fields.append(name, value);
  return fields;
}

/** Where a GET form leads when this button is pressed after the changes: the path and query the browser opens. */
export function formTarget(form: PlainForm, button: string, changes: Record<string, string | string[]> = {}): string {
  if (form.method !== "get") throw new Error("formTarget is for GET forms; post formFields() instead");
  return `${form.action}?${formFields(form, button, changes)}`;
}
