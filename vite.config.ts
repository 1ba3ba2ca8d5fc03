import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

const TRANSLATION_FILE = fileURLToPath(new URL("./app/locales/da/translation.json", import.meta.url));

/**
 * In the browser bundle every t("some.key") becomes t("the Danish text"), so pages do not ship
 * the whole translation file (it would cost every page several KB). The server keeps looking
 * texts up in translation.json; app/lib/i18n.ts knows which of the two it runs as.
 */
function inlineTranslations(): Plugin {
  return {
    name: "loppeguiden:inline-translations",
    enforce: "pre",
    transform(code, id, options) {
      if (options?.ssr || !id.includes("/app/") || !/\.[jt]sx?$/.test(id)) return null;
      if (id.endsWith("/app/lib/i18n.ts")) return code.replace("const TEXTS_INLINED = false;", "const TEXTS_INLINED = true;");
      // A key built at run time cannot be inlined: the browser would show the key (decision 0017).
      if (/\bt\(\s*`/.test(code)) this.error(`t() med en nøgle bygget af en skabelon i browserkode (${id}): brug t("nøgle") her`);
      if (!code.includes('t("')) return null;
      const translation: unknown = JSON.parse(readFileSync(TRANSLATION_FILE, "utf8"));
      return code.replace(/\bt\(\s*"([\w.-]+)"/g, (_whole, key: string) => {
        const text = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], translation);
        if (typeof text !== "string") this.error(`Mangler tekst for "${key}" i ${id}`);
        return `t(${JSON.stringify(text)}`;
      });
    },
  };
}

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  // Bundled into the server rather than loaded whole from node_modules: only the functions we use
  // stay, which keeps megabytes out of the server's resident memory.
  ssr: { noExternal: ["date-fns", "@date-fns/tz"] },
  environments: {
    // The server bundle starts at our Express app, which embeds the React Router build.
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
  // The script of pages that do not hydrate (app/progressive/) is built apart from the app.
  worker: { format: "es", plugins: () => [inlineTranslations()] },
  plugins: [inlineTranslations(), tailwindcss(), reactRouter()],
});
