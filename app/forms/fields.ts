import { z } from "zod";
import { t } from "~/lib/i18n";
import { safeNextPath } from "~/lib/next-path";

/**
 * The fields every form is built from, each with its one limit and its Danish messages. A form's
 * schema combines them; the server parses every post with it (parse-form.server.ts) and the
 * browser checks the same before sending (use-schema-form.ts).
 *
 * Conform hands a schema what was typed with empty fields as undefined, so "required" is the
 * message for a missing value and every text arrives as a string.
 */

export const LIMITS = {
  /** RFC 5321: the longest address a mail server takes. */
  email: 254,
  personName: 100,
  /** product §5; the auth library's minPasswordLength and its own ceiling. */
  passwordMin: 6,
  passwordMax: 128,
  phone: 40,
  url: 300,
} as const;

interface Messages {
  required?: string;
}

/** Text that must be there: trimmed, at most `max` characters. */
export function requiredText(max: number, messages: { required: string; tooLong: string; min?: number; tooShort?: string }) {
  return z
    .string({ error: messages.required })
    .trim()
    .min(Math.max(1, messages.min ?? 1), { error: messages.tooShort ?? messages.required })
    .max(max, { error: messages.tooLong });
}

/** Text that may be left out (null then), at most `max` characters. */
export function optionalText(max: number, tooLong: string) {
  return z
    .string()
    .trim()
    .max(max, { error: tooLong })
    .optional()
    .transform((value) => (value ? value : null));
}

export function emailField(messages: Messages = {}) {
  const invalid = t("forms.email.invalid");
  return z
    .string({ error: messages.required ?? invalid })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: invalid }).max(LIMITS.email, { error: invalid }));
}

/** An e-mail address that may be left out (null then); checked like emailField when given. */
export function optionalEmailField() {
  const invalid = t("forms.email.invalid");
  return z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((value) => (value ? value : null))
    .pipe(z.email({ error: invalid }).max(LIMITS.email, { error: invalid }).nullable());
}

/** Control characters never belong in a name shown to others: they are dropped before it is judged. */
function withoutControlCharacters(value: unknown): unknown {
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  return typeof value === "string" ? value.replace(/[\u0000-\u001f\u007f]/g, "") : value;
}

export function personNameField() {
  return z.preprocess(
    withoutControlCharacters,
    requiredText(LIMITS.personName, {
      required: t("forms.personName.required"),
      tooLong: t("forms.personName.tooLong", { max: LIMITS.personName }),
    }),
  );
}

/** A new password: judged by the length rules. */
export function newPasswordField(messages: Messages = {}) {
  return z
    .string({ error: messages.required ?? t("forms.password.tooShort", { min: LIMITS.passwordMin }) })
    .min(LIMITS.passwordMin, { error: t("forms.password.tooShort", { min: LIMITS.passwordMin }) })
    .max(LIMITS.passwordMax, { error: t("forms.password.tooLong", { max: LIMITS.passwordMax }) });
}

/** A password typed to prove who one is: checked, not judged, up to the library's ceiling. */
export function currentPasswordField(messages: Messages & { tooLong?: string } = {}) {
  const required = messages.required ?? t("forms.password.required");
  return z.string({ error: required }).max(LIMITS.passwordMax, { error: messages.tooLong ?? required });
}

/**
 * A Danish, Greenlandic or Faroese postal code as a number. Faroese codes ("FO-100", "100") are
 * stored as 3790 + code ÷ 10 (decision 0008): Tórshavn 3800, Klaksvík 3860.
 */
export function postalCodeField(messages: Messages = {}) {
  const invalid = t("forms.postalCode.invalid");
  return z.string({ error: messages.required ?? invalid }).transform((value, context) => {
    const code = parsePostalCode(value);
    if (code === null) {
      context.addIssue({ code: "custom", message: invalid });
      return z.NEVER;
    }
    return code;
  });
}

export function parsePostalCode(value: string): number | null {
  const compact = value.trim().toUpperCase().replace(/\s+/g, "");
  const faroese = /^(?:FO-?)?([1-9]\d{2})$/.exec(compact);
  if (faroese) return 3790 + Math.floor(Number(faroese[1]) / 10);
  const danish = /^(?:DK-?)?([1-9]\d{3})$/.exec(compact);
  return danish ? Number(danish[1]) : null;
}

/** Digits, spaces, hyphens and a leading +: "12 34 56 78", "+299 32 10 00". */
export function phoneField() {
  return optionalText(LIMITS.phone, t("forms.phone.invalid")).refine((value) => value === null || /^\+?\d[\d\s-]{5,}$/.test(value), {
    error: t("forms.phone.invalid"),
  });
}

/**
 * A web address of a page, as people type it: "risskovloppe.dk", "www.risskovloppe.dk/boder",
 * "http://…" or "https://…". Kept with "https://" in front when no scheme was typed. Only http and
 * https, no spaces, no name and password before the host, and a host name with a dot (letters,
 * digits and hyphens, Danish letters too): "javascript:", "data:", "localhost" and a bare IP
 * address are refused.
 */
export function urlField() {
  const invalid = t("forms.url.invalid", { max: LIMITS.url });
  return optionalText(LIMITS.url, invalid).transform((value, context) => {
    if (value === null) return null;
    const address = webAddress(value);
    if (address === null) {
      context.addIssue({ code: "custom", message: invalid });
      return z.NEVER;
    }
    return address;
  });
}

/** A label of a host name (as the URL parser gives it: lower case, Danish letters as xn--…). */
const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
/** The last label names a country or a kind (dk, com, shop) and is never only digits. */
const TOP_LABEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** The address as it is kept ("https://" added when no scheme was typed), or null when it is no web address of a page. */
export function webAddress(typed: string): string | null {
  const text = typed.trim();
  // eslint-disable-next-line no-control-regex -- a control character in an address is the point
  if (text === "" || /[\s\u0000-\u001f\u007f\\]/.test(text)) return null;
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(text)?.[1];
  let address: string;
  if (scheme) {
    if (!/^https?$/i.test(scheme)) return null;
    address = `${scheme.toLowerCase()}${text.slice(scheme.length)}`;
  } else {
    // "javascript:…", "data:…", "mailto:…" name a scheme without "//"; "risskovloppe.dk:8080" names a port.
    if (/^[a-z][a-z0-9+.-]*:(?!\d)/i.test(text) || text.startsWith("/")) return null;
    address = `https://${text}`;
  }
  if (address.length > LIMITS.url) return null;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  const labels = url.hostname.split(".");
  return labels.length >= 2 && labels.every((label) => HOST_LABEL.test(label)) && TOP_LABEL.test(labels.at(-1)!) ? address : null;
}

/** Kroner as people write them ("25", "25,50", "1.250 kr."): a number of kroner, at most two decimals. */
export function kronerField(max: number) {
  const invalid = t("forms.kroner.invalid");
  return z
    .string()
    .optional()
    .transform((value, context) => {
      if (value === undefined || value.trim() === "") return null;
      const kroner = parseKroner(value);
      if (kroner === null || kroner < 0) {
        context.addIssue({ code: "custom", message: invalid });
        return z.NEVER;
      }
      if (kroner > max) {
        context.addIssue({ code: "custom", message: t("forms.kroner.tooHigh", { max: max.toLocaleString("da-DK") }) });
        return z.NEVER;
      }
      return kroner;
    });
}

export function parseKroner(value: string): number | null {
  const compact = value
    .trim()
    .replace(/\s*(kr\.?|dkk)$/i, "")
    .replace(/\s/g, "");
  if (!/^\d{1,3}(\.\d{3})*(,\d{1,2})?$|^\d+(,\d{1,2})?$/.test(compact)) return null;
  return Number(compact.replace(/\./g, "").replace(",", "."));
}

/**
 * A calendar day as a date field sends it ("2026-12-24"), a day in Danish time: it stays a
 * "YYYY-MM-DD" string, checked to exist, so no time zone can move it to the day before.
 */
export function danishDateField(messages: Messages = {}) {
  const invalid = t("forms.date.invalid");
  return z
    .string({ error: messages.required ?? invalid })
    .trim()
    .refine(isCalendarDay, { error: invalid });
}

export function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A page of this site to go to next (a form's "next" or "redirectTo"); anything else is the front page. */
export function returnPathField() {
  return z
    .string()
    .optional()
    .transform((value) => safeNextPath(value ?? null));
}
