import { parse, type HTMLElement } from "node-html-parser";
import translation from "../../app/locales/da/translation.json";

function text(element: HTMLElement | null | undefined): string {
  return (element?.text ?? "").replace(/\s+/g, " ").trim();
}

/** A page as the server rendered it: what a person sees in it, found the way they would find it. */
export class Html {
  readonly source: string;
  /** What this reads: the whole page, or one region of it (region()). */
  readonly root: HTMLElement;
  /** The whole page, where ids are looked up, as a browser does. */
  readonly #page: HTMLElement;

  constructor(source: string, root?: HTMLElement, page?: HTMLElement) {
    this.source = source;
    this.#page = page ?? root ?? parse(source);
    this.root = root ?? this.#page;
  }

  /** Every element the CSS selector matches. */
  all(selector: string): HTMLElement[] {
    return this.root.querySelectorAll(selector);
  }

  one(selector: string): HTMLElement | null {
    return this.root.querySelector(selector);
  }

  /** The text of the first element the selector matches ("" when none), or of the whole page. */
  text(selector?: string): string {
    return text(selector ? this.one(selector) : this.root);
  }

  byId(id: string): HTMLElement | null {
    return this.#page.querySelector(`[id="${id}"]`);
  }

  h1s(): string[] {
    return this.all("h1").map(text);
  }

  /** The <html> element's class (the theme). */
  get htmlClass(): string | null {
    return this.one("html")?.getAttribute("class") ?? null;
  }

  /** The content of the <meta> with this name (description, robots) or property (Open Graph: og:image), or null. */
  meta(key: string): string | null {
    return this.one(`meta[name="${key}"], meta[property="${key}"]`)?.getAttribute("content") ?? null;
  }

  /** The address the head names canonical, or null. */
  get canonical(): string | null {
    return this.one('link[rel="canonical"]')?.getAttribute("href") ?? null;
  }

  /**
   * The page's JSON-LD: every <script type="application/ld+json"> parsed, a list spread into its
   * items. A script that is not valid JSON fails the test here.
   */
  structuredData(): Record<string, unknown>[] {
    return this.all('script[type="application/ld+json"]').flatMap((script): Record<string, unknown>[] =>
      [JSON.parse(script.rawText) as Record<string, unknown> | Record<string, unknown>[]].flat(),
    );
  }

  /** The part of the page a heading names: a section (or a navigation) labelled by it (aria-labelledby or aria-label). */
  region(heading: string): Html {
    for (const section of this.all("section, nav, [role=region], form, fieldset")) {
      const labelledBy = section.getAttribute("aria-labelledby");
      const name = labelledBy
        ? labelledBy
            .split(" ")
            .map((id) => text(this.byId(id)))
            .join(" ")
        : (section.getAttribute("aria-label") ?? "");
      if (name === heading) return new Html(this.source, section, this.#page);
    }
    throw new Error(`No region named "${heading}" in the page`);
  }

  /** The field a label names (its for=, or the control inside it). */
  field(label: string): HTMLElement {
    for (const element of this.all("label")) {
      if (text(element) !== label) continue;
      const target = element.getAttribute("for");
      const control = target ? this.byId(target) : element.querySelector("input, select, textarea");
      if (control) return control;
    }
    throw new Error(`No field labelled "${label}" in the page`);
  }

  /**
   * The message a field is marked with, as a screen reader gives it: aria-invalid, and
   * aria-describedby naming the message (its id ends in "-fejl", after any hint). Null when the
   * field is not marked.
   */
  fieldMessage(field: string | HTMLElement): string | null {
    const element = typeof field === "string" ? this.byId(field) : field;
    if (!element) throw new Error(`No field with the id "${field as string}"`);
    if (element.getAttribute("aria-invalid") !== "true") return null;
    const errorId = element
      .getAttribute("aria-describedby")
      ?.split(" ")
      .find((id) => id.endsWith("-fejl"));
    return errorId ? text(this.byId(errorId)) : null;
  }

  /** The texts of the alerts (a form's summary of what is wrong, a page's error). */
  alerts(): string[] {
    return this.all('[role="alert"]').map(text);
  }

  /** Where a link with this text in an alert leads (the summary links each message to its field). */
  alertLink(name: string): string | null {
    for (const alert of this.all('[role="alert"]')) {
      const link = alert.querySelectorAll("a").find((candidate) => text(candidate) === name);
      if (link) return link.getAttribute("href") ?? null;
    }
    return null;
  }

  /** The texts of the status messages (role="status"). */
  statuses(): string[] {
    return this.all('[role="status"]').map(text);
  }

  /** Where the link with this text leads, or null when there is none. */
  link(name: string): string | null {
    return (
      this.all("a")
        .find((candidate) => text(candidate) === name || candidate.getAttribute("aria-label") === name)
        ?.getAttribute("href") ?? null
    );
  }

  /** The buttons' texts. */
  buttons(): string[] {
    return this.all("button").map(text);
  }

  /** The value a field is filled in with (an input's value, a textarea's text, a select's chosen option), or null. */
  value(field: string | HTMLElement): string | null {
    const element = typeof field === "string" ? this.byId(field) : field;
    if (!element) throw new Error(`No field with the id "${field as string}"`);
    if (element.tagName === "TEXTAREA") return element.text;
    if (element.tagName === "SELECT") return element.querySelector("option[selected]")?.getAttribute("value") ?? element.querySelector("option")?.getAttribute("value") ?? null;
    return element.getAttribute("value") ?? null;
  }

  checked(field: string | HTMLElement): boolean {
    const element = typeof field === "string" ? this.byId(field) : field;
    if (!element) throw new Error(`No field with the id "${field as string}"`);
    return element.hasAttribute("checked");
  }

  /** The toasts on the page: a flash message is rendered in the server's HTML, also without JavaScript. */
  toasts(): { title: string; description: string | null }[] {
    const region = this.all("section[aria-label]").find((section) => section.getAttribute("aria-label")?.startsWith(translation.reporter.notifications));
    return (region?.querySelectorAll("li") ?? []).map((item) => {
      const [title, description] = item.querySelectorAll("p").map(text);
      return { title: title ?? "", description: description ?? null };
    });
  }
}
