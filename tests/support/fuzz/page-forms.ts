import { parse } from "node-html-parser";
import { Html } from "../html";
import { initialValues, isSubmitButton, plainForm, sendsNothing } from "../plain-forms";

/**
 * The forms a page offers, as a browser without JavaScript would send them: where each posts, its
 * fields with the values the page filled in, and the buttons that add a name and value of their
 * own (the "intent" of a page with several actions). Which controls belong to a form and what they
 * send is read as the request-level tests read it (tests/support/plain-forms.ts).
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

/** The page's forms that post, with their actions resolved against the page's address. */
export function pageForms(source: string, pageUrl: string): PageForm[] {
  const page = new Html(source);
  return page.all("form").flatMap((element) => {
    const form = plainForm(page, element);
    if (form.method !== "post") return [];
    const target = new URL(form.action, pageUrl);
    if (target.origin !== new URL(pageUrl).origin) return [];
    const fields: PageField[] = [];
    const buttons: { name: string; value: string }[] = [];
    for (const control of form.controls) {
      const name = control.getAttribute("name");
      if (!name) continue;
      const type = control.getAttribute("type")?.toLowerCase();
      if (isSubmitButton(control)) buttons.push({ name, value: control.getAttribute("value") ?? "" });
      else if (control.hasAttribute("disabled") || sendsNothing(control)) continue;
      else if (type === "file") fields.push({ name, value: "", file: true, hidden: false });
      else for (const value of initialValues(control)) fields.push({ name, value, file: false, hidden: type === "hidden" });
    }
    return [{ action: `${target.pathname}${target.search}`, multipart: form.multipart, fields, buttons }];
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
