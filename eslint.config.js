import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { contextOrderConfig } from "./lint/context-order.js";
import { layersConfig } from "./lint/layers.js";

const CARD_STATUS_MESSAGE =
  "Only app/.server/vault/card-status.ts changes a card's status, owner or listing: call its named transition (docs/decisions/030-card-status-and-ctx-first.md).";

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      "node_modules/",
      "data/",
      "test-results/",
      "playwright-report/",
      ".e2e/",
      ".bench/",
      ".topology/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
    },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    // Type-aware rules: a promise is awaited, returned or explicitly voided, and never handed
    // to a place that expects a plain function result (an event handler, a condition).
    files: ["**/*.{ts,tsx}"],
    languageOptions: { parserOptions: { projectService: true } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
    },
  },
  // The layers (docs/decisions/012): the domain (app/.server) and the UI kit (app/components)
  // never import each other; both may use the shared words in app/lib, which imports neither.
  // Checked on the resolved path, so relative imports count as much as `~/` ones.
  layersConfig,
  // The contexts of app/.server in their order, bottom first (lint/contexts.js,
  // docs/decisions/049-context-order.md): no import reaches a higher tier.
  contextOrderConfig,
  // One module owns every user_cards status, owner and listing change and its lock order
  // (docs/decisions/030-card-status-and-ctx-first.md); tests may still set up rows directly.
  {
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "scripts/**/*.ts", "bench/**/*.ts"],
    ignores: ["app/.server/vault/card-status.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name='update'][arguments.0.name='userCards']",
          message: CARD_STATUS_MESSAGE,
        },
        {
          selector:
            "CallExpression[callee.property.name='update'][arguments.0.property.name='userCards']",
          message: CARD_STATUS_MESSAGE,
        },
        {
          selector: "TemplateElement[value.raw=/update\\s+user_cards/i]",
          message: CARD_STATUS_MESSAGE,
        },
      ],
    },
  },
);
