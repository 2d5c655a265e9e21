// The order of the contexts in app/.server (lint/contexts.js, docs/decisions/049-context-order.md):
// an import from one module to a module of a higher tier fails. Resolves `~/.server/...` and
// relative imports, types included; tests (*.test.ts) are exempt.
import path from "node:path";
import { tierOf } from "./contexts.js";
import { importVisitors } from "./imports.js";

const MESSAGE =
  "Context order (lint/contexts.js): {{from}} ({{fromTier}}) may not import {{to}} ({{toTier}}), a higher tier; move the shared part down or declare it in lint/contexts.js.";

const UNDECLARED =
  "Context order: {{file}} is in no tier of lint/contexts.js; add its context there.";

/** The path of `file` under app/.server with "/" separators, or null outside it. */
function underServer(serverDir, file) {
  const relative = path.relative(serverDir, file);
  if (relative.startsWith("..") || path.isAbsolute(relative)) return null;
  return relative.split(path.sep).join("/");
}

/** @type {import("eslint").Rule.RuleModule} */
const contextOrder = {
  meta: {
    type: "problem",
    docs: { description: "Keeps the contexts of app/.server in their declared order" },
    schema: [],
    messages: { upward: MESSAGE, undeclared: UNDECLARED },
  },
  create(context) {
    const appDir = path.join(context.cwd, "app");
    const serverDir = path.join(appDir, ".server");
    const fromPath = underServer(serverDir, context.filename);
    if (fromPath === null || /\.test\.tsx?$/.test(fromPath)) return {};
    const from = tierOf(fromPath);
    if (from === null) {
      return {
        Program: (node) =>
          context.report({
            node,
            messageId: "undeclared",
            data: { file: `app/.server/${fromPath}` },
          }),
      };
    }
    return importVisitors(appDir, context.filename, (target, node) => {
      const toPath = underServer(serverDir, target);
      const to = toPath && tierOf(toPath);
      if (to && to.index > from.index) {
        context.report({
          node,
          messageId: "upward",
          data: { from: from.entry, fromTier: from.tier, to: to.entry, toTier: to.tier },
        });
      }
    });
  },
};

/** The plugin with its one rule, and the config that turns it on for app/.server. */
export const contextOrderPlugin = { rules: { "context-order": contextOrder } };

export const contextOrderConfig = {
  files: ["app/.server/**/*.{ts,tsx,js,jsx}"],
  plugins: { "packvault-contexts": contextOrderPlugin },
  rules: { "packvault-contexts/context-order": "error" },
};
