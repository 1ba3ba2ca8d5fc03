import translation from "../locales/da/translation.json";

type Translation = typeof translation;

/** "pages.home.title"-style paths to every string in the translation file. */
type Paths<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Paths<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type TranslationKey = Paths<Translation>;

type SuffixOf<Key, Prefix extends string> = Key extends `${Prefix}.${infer Rest}` ? Rest : never;

/**
 * The rest of the keys under a prefix: KeySuffix<"landing.overview"> is "a" | "b" | "c". Lets
 * server-only code keep a typed list of variants and look one up with a template key,
 * t(`landing.overview.${variant}`), which TypeScript checks against the file like a literal.
 */
export type KeySuffix<Prefix extends string> = SuffixOf<TranslationKey, Prefix>;

export const LANGUAGE = "da";

/** True in the browser bundle, where the build has put each text in place of its key (vite.config.ts). */
const TEXTS_INLINED = false;

/**
 * Looks up a Danish text and fills its {{placeholders}}. The language is fixed to Danish, so
 * there is nothing to detect or download: the server reads the bundled file, and the browser
 * bundle carries each text where it is used.
 *
 * Code that reaches the browser passes a literal key, t("some.key"): only that can be inlined
 * (decision 0007; the build stops at a template key in browser code). Code that runs only on the
 * server may pass a template key typed from its parts, t(`landing.types.${type}.tip1`); it is
 * checked against the file like a literal (decision 0017).
 */
export function t(key: TranslationKey, values: Record<string, string | number> = {}): string {
  const text = TEXTS_INLINED ? (key as string) : maybeT(key);
  if (text === null) throw new Error(`Mangler tekst for "${key}"`);
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
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
