import translation from "../locales/da/translation.json";

type Translation = typeof translation;

/** "pages.home.title"-style paths to every string in the translation file. */
type Paths<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Paths<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type TranslationKey = Paths<Translation>;

export const LANGUAGE = "da";

/** True in the browser bundle, where the build has put each text in place of its key (vite.config.ts). */
const TEXTS_INLINED = false;

/**
 * Looks up a Danish text and fills its {{placeholders}}. The language is fixed to Danish, so
 * there is nothing to detect or download: the server reads the bundled file, and the browser
 * bundle carries each text where it is used.
 */
export function t(key: TranslationKey, values: Record<string, string | number> = {}): string {
  const text = TEXTS_INLINED ? (key as string) : maybeT(key);
  if (text === null) throw new Error(`Mangler tekst for "${key}"`);
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/** Like t(), for keys built at run time (route ids); returns null when the text does not exist. */
export function maybeT(key: string): string | null {
  let node: unknown = translation;
  for (const part of key.split(".")) {
    node = (node as Record<string, unknown> | undefined)?.[part];
  }
  return typeof node === "string" ? node : null;
}

export { translation };
