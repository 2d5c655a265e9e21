// Lists the functions in app/ and server/ longer than a limit (issue 33, "Smaller rooms").
// Usage: node scripts/long-functions.mjs [limit=120] [folder...]
// Counts a function's lines from its first token to its closing brace (leading comments and
// docstrings excluded), for function declarations and expressions, arrow functions, methods and
// accessors, nested ones included; test files (*.test.*, *.spec.*) are skipped.
// Prints "lines<TAB>file:line<TAB>name", longest first; exits 1 when any function is over.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

const [limitArg = "120", ...folders] = process.argv.slice(2);
const limit = Number(limitArg);
const roots = folders.length > 0 ? folders : ["app", "server"];
const SOURCE = /\.(ts|tsx|js|mjs|cjs|jsx)$/;
const TEST = /\.(test|spec)\.[cm]?[jt]sx?$/;

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules" && entry.name !== "+types") yield* sourceFiles(path);
    } else if (SOURCE.test(entry.name) && !TEST.test(entry.name) && !entry.name.endsWith(".d.ts")) {
      yield path;
    }
  }
}

/** The name a reader would search for: the declaration's, else the variable, property or call it sits in. */
function nameOf(node, sf) {
  if (node.name) return node.name.getText(sf);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent))
    return parent.name.getText(sf);
  if (ts.isExportAssignment(parent)) return "default export";
  if (ts.isCallExpression(parent))
    return `callback of ${parent.expression.getText(sf).slice(0, 40)}()`;
  return "anonymous";
}

const found = [];
for (const root of roots) {
  for (const file of sourceFiles(root)) {
    const sf = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    const visit = (node) => {
      if (ts.isFunctionLike(node) && "body" in node && node.body) {
        const start = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
        const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
        const lines = end - start + 1;
        if (lines > limit)
          found.push({
            lines,
            where: `${relative(".", file)}:${start + 1}`,
            name: nameOf(node, sf),
          });
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
}

found.sort((a, b) => b.lines - a.lines);
for (const { lines, where, name } of found) console.log(`${lines}\t${where}\t${name}`);
console.error(`${found.length} function(s) over ${limit} lines in ${roots.join(", ")}`);
process.exitCode = found.length > 0 ? 1 : 0;
