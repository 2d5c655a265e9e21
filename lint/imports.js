// What the import rules share: resolving an import to a file, and visiting every import form.
import path from "node:path";

/**
 * The absolute path an import `spec` in file `filename` points at (`~/x` is app/x, `./x` and
 * `../x` are relative to the file), or null for a package.
 */
export function importTarget(appDir, filename, spec) {
  if (spec.startsWith("~/")) return path.join(appDir, spec.slice(2));
  if (spec.startsWith(".")) return path.resolve(path.dirname(filename), spec);
  return null;
}

/**
 * The ESLint visitors that call `check(target, sourceNode)` for every static import, re-export
 * and dynamic import with a string source that resolves to a file.
 */
export function importVisitors(appDir, filename, check) {
  const visit = (source) => {
    if (!source || typeof source.value !== "string") return;
    const target = importTarget(appDir, filename, source.value);
    if (target) check(target, source);
  };
  return {
    ImportDeclaration: (node) => visit(node.source),
    ExportNamedDeclaration: (node) => visit(node.source),
    ExportAllDeclaration: (node) => visit(node.source),
    ImportExpression: (node) => visit(node.source),
  };
}
