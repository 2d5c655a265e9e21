import type { Rule } from "eslint";

/** The absolute path an import points at, or null for a package (lint/imports.js). */
export function importTarget(appDir: string, filename: string, spec: string): string | null;
/** ESLint visitors that call `check` for every import that resolves to a file. */
export function importVisitors(
  appDir: string,
  filename: string,
  check: (target: string, source: unknown) => void,
): Rule.RuleListener;
