// The layers of app/ (docs/decisions/012-one-seam-and-after-commit-effects.md, docs/style.md "Layers"
// "Layers"): app/.server and app/components never import each other, app/lib imports neither,
// and none of the three imports a route. The rule resolves every import, `~/` or relative
// (`../components/x` from app/.server/y.ts is app/.server/components, not the UI kit), and
// judges the file it points at, types included.
import path from "node:path";
import { importVisitors } from "./imports.js";

const MESSAGE =
  "Layers: app/.server and app/components never import each other, and app/lib imports neither; put shared words and types in app/lib (app/lib/domain/). ({{from}} may not import {{to}}.)";

/** What each layer may not import. */
const FORBIDDEN = {
  ".server": ["components", "routes"],
  components: [".server", "routes"],
  lib: [".server", "components", "routes"],
};

/** The layer (first folder under app/) of an absolute path, or null outside app/. */
function layerOf(appDir, file) {
  const relative = path.relative(appDir, file);
  if (relative.startsWith("..") || path.isAbsolute(relative)) return null;
  const [first, ...rest] = relative.split(path.sep);
  return rest.length > 0 || first in FORBIDDEN || first === "routes" ? first : null;
}

/** @type {import("eslint").Rule.RuleModule} */
const layers = {
  meta: {
    type: "problem",
    docs: { description: "Keeps app/.server, app/components and app/lib apart" },
    schema: [],
    messages: { crossed: MESSAGE },
  },
  create(context) {
    const appDir = path.join(context.cwd, "app");
    const from = layerOf(appDir, context.filename);
    const forbidden = FORBIDDEN[from] ?? [];
    if (forbidden.length === 0) return {};
    return importVisitors(appDir, context.filename, (target, node) => {
      const to = layerOf(appDir, target);
      if (to && forbidden.includes(to)) {
        context.report({
          node,
          messageId: "crossed",
          data: { from: `app/${from}`, to: `app/${to}` },
        });
      }
    });
  },
};

/** The plugin with its one rule, and the config that turns it on for app/. */
export const layersPlugin = { rules: { layers } };

export const layersConfig = {
  files: ["app/**/*.{ts,tsx,js,jsx}"],
  plugins: { packvault: layersPlugin },
  rules: { "packvault/layers": "error" },
};
