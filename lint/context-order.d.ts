import type { ESLint, Linter } from "eslint";

/** The plugin with its one rule, `context-order` (lint/context-order.js). */
export const contextOrderPlugin: ESLint.Plugin;
/** The config that turns the context-order rule on for app/.server. */
export const contextOrderConfig: Linter.Config;
