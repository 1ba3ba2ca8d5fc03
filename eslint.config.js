// npm run lint: ESLint with type information (typescript-eslint), the rules of hooks and jsx-a11y.
// Decision 0030 gives the reasons for the settings below.
import js from "@eslint/js";
import prettier from "eslint-config-prettier/flat";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import { defineConfig, globalIgnores } from "eslint/config";
import globals from "globals";
import tseslint from "typescript-eslint";

export default defineConfig([
  globalIgnores(["build/", ".react-router/", "coverage/", "data/", "public/", "test-results/"]),
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    rules: {
      // A deliberately unused argument is named _like_this (an Express error handler's `_next`);
      // a property destructured only to leave it out of the rest is unused by design.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", ignoreRestSiblings: true }],
      // Loaders, actions and middleware throw React Router's answers by design: data(…), redirect(…), new Response(…).
      "@typescript-eslint/only-throw-error": [
        "error",
        {
          allow: [
            { from: "package", package: "react-router", name: "DataWithResponseInit" },
            { from: "lib", name: "Response" },
          ],
        },
      ],
      // A runtime check of a value whose type already promises it (a LocalDate that is not a date)
      // names the value in its message, where its type is never.
      "@typescript-eslint/restrict-template-expressions": ["error", { allowNever: true }],
      // A promise may pass on what another part rejected with or threw (`unknown`), as a rethrow may.
      "@typescript-eslint/prefer-promise-reject-errors": ["error", { allowThrowingUnknown: true }],
    },
  },
  {
    // The rules of hooks. The plugin's recommended set also holds the React Compiler's rules, for
    // code the compiler memoizes; the site does not use the compiler.
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    files: ["**/*.tsx"],
    extends: [jsxA11y.flatConfigs.recommended],
    rules: {
      // A form answered with errors focuses its first wrong field, and only that (decision 0018).
      "jsx-a11y/no-autofocus": "off",
      // A region that scrolls sideways (a wide table) takes the focus, so that a keyboard can scroll it.
      "jsx-a11y/no-noninteractive-tabindex": ["error", { tags: [], roles: ["tabpanel", "region"], allowExpressionValues: true }],
    },
  },
  {
    files: ["**/*.test.{ts,tsx}", "tests/**"],
    rules: {
      // A test double of an async interface is written `async () => value`.
      "@typescript-eslint/require-await": "off",
      // Vitest's asymmetric matchers (expect.any(String), expect.objectContaining(…)) are typed `any`
      // so that they fit in any expected value.
      "@typescript-eslint/no-unsafe-assignment": "off",
    },
  },
  {
    // server/main.js and server/env-file.js are plain JavaScript for Node, outside tsconfig.json.
    files: ["**/*.js"],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },
  prettier,
]);
