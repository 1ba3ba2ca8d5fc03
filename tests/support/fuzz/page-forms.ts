import { parse, type HTMLElement } from "node-html-parser";

/**
 * The forms a page offers, as a browser without JavaScript would send them: where each posts, its
 * fields with the values the page filled in, and the buttons that add a name and value of their
 * own (the "intent" of a page with several actions). Controls outside a form that name it by id
 * (form="…") belong to it, as in a browser.
 */

export interface PageField {
  name: string;
  /** The value the page gives it ("" for an empty field). */
  value: string;
  /** A file field (the form is then sent as multipart). */
  file: boolean;
  /** A field the person cannot change without a script (type="hidden"). */
  hidden: boolean;
}

export interface PageForm {
  /** The path and query it posts to. */
  action: string;
  multipart: boolean;
  /** Every named control but the buttons, in the page's order. */
  fields: PageField[];
  /** The buttons' name and value (one is sent with the form, as when it is pressed). */
  buttons: { name: string; value: string }[];
}

const CONTROLS = "input[name], select[name], textarea[name], button[name]";

function controlsOf(form: HTMLElement, page: HTMLElement): HTMLElement[] {
  const id = form.getAttribute("id");
  const outside = id ? page.querySelectorAll(CONTROLS).filter((control) => control.getAttribute("form") === id) : [];
  const inside = form.querySelectorAll(CONTROLS).filter((control) => !control.getAttribute("form") || control.getAttribute("form") === id);
  return [...inside, ...outside];
}

function fieldOf(control: HTMLElement): PageField | null {
  const name = control.getAttribute("name")!;
  const tag = control.tagName.toLowerCase();
  if (tag === "select") {
    const option = control.querySelector("option[selected]") ?? control.querySelector("option");
    return { name, value: option?.getAttribute("value") ?? option?.text ?? "", file: false, hidden: false };
  }
  if (tag === "textarea") return { name, value: control.text, file: false, hidden: false };
  const type = (control.getAttribute("type") ?? "text").toLowerCase();
  if (type === "file") return { name, value: "", file: true, hidden: false };
  if ((type === "checkbox" || type === "radio") && !control.hasAttribute("checked")) return null;
  return { name, value: control.getAttribute("value") ?? (type === "checkbox" || type === "radio" ? "on" : ""), file: false, hidden: type === "hidden" };
}

/** The page's forms that post, with their actions resolved against the page's address. */
export function pageForms(html: string, pageUrl: string): PageForm[] {
  const page = parse(html);
  return page.querySelectorAll("form").flatMap((form) => {
    if ((form.getAttribute("method") ?? "get").toLowerCase() !== "post") return [];
    const target = new URL(form.getAttribute("action") ?? "", pageUrl);
    if (target.origin !== new URL(pageUrl).origin) return [];
    const fields: PageField[] = [];
    const buttons: { name: string; value: string }[] = [];
    for (const control of controlsOf(form, page)) {
      const type = (control.getAttribute("type") ?? "").toLowerCase();
      const tag = control.tagName.toLowerCase();
      // A button of type "button" or "reset" sends nothing.
      if (tag === "button" && (type === "button" || type === "reset")) continue;
      const isButton = tag === "button" || type === "submit" || type === "image";
      if (isButton) buttons.push({ name: control.getAttribute("name")!, value: control.getAttribute("value") ?? "" });
      else if (!control.hasAttribute("disabled")) {
        const field = fieldOf(control);
        if (field) fields.push(field);
      }
    }
    return [{ action: `${target.pathname}${target.search}`, multipart: (form.getAttribute("enctype") ?? "").toLowerCase() === "multipart/form-data", fields, buttons }];
  });
}

/** Same-site links of a page, as paths with their query. */
export function pageLinks(html: string, pageUrl: string): string[] {
  const origin = new URL(pageUrl).origin;
  return parse(html)
    .querySelectorAll("a[href]")
    .flatMap((link) => {
      try {
        const target = new URL(link.getAttribute("href")!, pageUrl);
        return target.origin === origin ? [`${target.pathname}${target.search}`] : [];
      } catch {
        return [];
      }
    });
}
