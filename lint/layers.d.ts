import type { ESLint, Linter } from "eslint";

/** The plugin with its one rule, `layers` (lint/layers.js). */
export const layersPlugin: ESLint.Plugin;
/** The config that turns the layer rule on for app/. */
export const layersConfig: Linter.Config;
