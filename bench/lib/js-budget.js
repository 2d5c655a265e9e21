// First-load JavaScript of a page, read from a React Router build's client manifest
// (build/client/assets/manifest-*.js): the entry and its imports, plus each matched route's
// module and imports, each file counted once, gzip-compressed as a server would send it.
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { matchRoutes } from "react-router";

/** The parsed `window.__reactRouterManifest` of the client build in `clientDir`. */
export function readClientManifest(clientDir) {
  const assets = path.join(clientDir, "assets");
  const file = readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`no manifest-*.js in ${assets}`);
  const text = readFileSync(path.join(assets, file), "utf8");
  return JSON.parse(text.slice(text.indexOf("=") + 1).replace(/;\s*$/, ""));
}

function routeTree(manifest) {
  const children = new Map();
  for (const route of Object.values(manifest.routes)) {
    const siblings = children.get(route.parentId) ?? [];
    siblings.push({ id: route.id, path: route.path, index: route.index });
    children.set(route.parentId, siblings);
  }
  const attach = (nodes) =>
    nodes.map((node) => {
      const below = children.get(node.id);
      return below && !node.index ? { ...node, children: attach(below) } : node;
    });
  return attach(children.get(undefined) ?? []);
}

/**
 * The JavaScript a first visit of `pathname` loads: `{ files, bytes, gzipBytes }` (bytes as
 * built, gzip at the default level).
 */
export function firstLoadJs(clientDir, manifest, pathname) {
  const matches = matchRoutes(routeTree(manifest), pathname) ?? [];
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const { route } of matches) {
    const entry = manifest.routes[route.id];
    files.add(entry.module);
    for (const file of entry.imports ?? []) files.add(file);
  }
  let bytes = 0;
  let gzipBytes = 0;
  for (const file of files) {
    const content = readFileSync(path.join(clientDir, file));
    bytes += content.length;
    gzipBytes += gzipSync(content).length;
  }
  return { files: files.size, bytes, gzipBytes };
}
