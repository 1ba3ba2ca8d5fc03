import type { HTMLElement, Node } from "node-html-parser";
import { Html } from "./html";

/**
 * Forms as a browser without JavaScript sends them, read from the server's HTML: a request-level
 * test fills in what a person would choose, presses a button, and gets the address or body the
 * browser would send, so that "the form works without JavaScript" needs no browser.
 */

/** The page as a browser without JavaScript parses it: what <noscript> holds is part of the page. */
export function withoutScript(source: string): Html {
  return new Html(source.replace(/<\/?noscript>/gi, ""));
}

export interface PlainForm {
  method: "get" | "post";
  /** Where it is sent, as written in the page ("" for the page itself). */
  action: string;
  /** The controls that belong to the form: inside it, or naming it with form="…". */
  controls: HTMLElement[];
}

/** The form the selector finds, with every control that belongs to it. */
export function plainForm(html: Html, selector: string): PlainForm {
  const form = html.one(selector);
  if (!form || form.tagName !== "FORM") throw new Error(`No form matches ${selector}`);
  const id = form.getAttribute("id");
  const inside = new Set(form.querySelectorAll("input, select, textarea, button"));
  const controls = html
    .all("input, select, textarea, button")
    .filter((control) => (control.hasAttribute("form") ? control.getAttribute("form") === id : inside.has(control)));
  return { method: form.getAttribute("method")?.toLowerCase() === "post" ? "post" : "get", action: form.getAttribute("action") ?? "", controls };
}

const text = (element: HTMLElement) => element.text.replace(/\s+/g, " ").trim();

/** What a screen reader calls a button: its aria-label, else its text without the parts hidden from it. */
function nameOf(element: HTMLElement): string {
  const label = element.getAttribute("aria-label");
  if (label) return label;
  const read = (node: Node): string => {
    if (node.nodeType !== 1) return node.text;
    const child = node as HTMLElement;
    return child.getAttribute("aria-hidden") === "true" ? "" : child.childNodes.map(read).join(" ");
  };
  return read(element).replace(/\s+/g, " ").trim();
}

/** The values a control offers a person: a select's options, a checkbox's or radio's own value. */
function choices(control: HTMLElement): string[] | null {
  if (control.tagName === "SELECT") return control.querySelectorAll("option").map((option) => option.getAttribute("value") ?? text(option));
  const type = control.getAttribute("type");
  if (type === "checkbox" || type === "radio") return [control.getAttribute("value") ?? "on"];
  return null;
}

/** What a control sends as the page left it: the selected option (else the first), a checked box, a field's value. */
function initialValues(control: HTMLElement): string[] {
  if (control.tagName === "SELECT") {
    const options = control.querySelectorAll("option");
    const selected = options.filter((option) => option.hasAttribute("selected"));
    const sent = selected.length ? selected : options.slice(0, 1);
    return sent.map((option) => option.getAttribute("value") ?? text(option));
  }
  if (control.tagName === "TEXTAREA") return [control.text];
  const type = control.getAttribute("type");
  if (type === "checkbox" || type === "radio") return control.hasAttribute("checked") ? [control.getAttribute("value") ?? "on"] : [];
  return [control.getAttribute("value") ?? ""];
}

/**
 * The fields a form sends when this button is pressed, after a person changed the named fields
 * (all the values of a name at once; [] clears it). A change the form does not offer (a name it
 * has no control for, an option its select lacks) fails, as no person could make it.
 */
export function formFields(form: PlainForm, button: string, changes: Record<string, string | string[]> = {}): URLSearchParams {
  const submitters = form.controls.filter(
    (control) => (control.tagName === "BUTTON" && (control.getAttribute("type") ?? "submit") === "submit") || (control.tagName === "INPUT" && control.getAttribute("type") === "submit"),
  );
  const pressed = submitters.find((control) => (control.tagName === "BUTTON" ? nameOf(control) : control.getAttribute("value")) === button);
  if (!pressed) throw new Error(`The form has no button "${button}" (its buttons: ${submitters.map((control) => nameOf(control) || control.getAttribute("value")).join(", ") || "none"})`);

  for (const [name, wanted] of Object.entries(changes)) {
    const named = form.controls.filter((control) => control.getAttribute("name") === name && !control.hasAttribute("disabled"));
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
    if (!name || control.hasAttribute("disabled")) continue;
    const type = control.getAttribute("type");
    if (control.tagName === "BUTTON" || type === "submit" || type === "button" || type === "reset") {
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
