// A summary of the V8 CPU profiles (`node --cpu-prof`) a benchmarked server wrote: where its
// processes spent their samples, by package and by function (self time).
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";

/**
 * The package a script URL belongs to: `pkg` under node_modules, "app" for the build, "node" for
 * built-ins, WebAssembly for PGlite's compiled PostgreSQL (the only WebAssembly the app runs).
 */
function packageOf(url) {
  if (!url) return "(native, GC, idle)";
  if (url.startsWith("node:")) return "node";
  if (url.startsWith("wasm://")) return "WebAssembly (PGlite's PostgreSQL)";
  const parts = url.split("/node_modules/");
  if (parts.length > 1) {
    const rest = parts.at(-1).split("/");
    return rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.includes("/build/server/")) return "app (server build)";
  return path.basename(url);
}

/**
 * Reads every `.cpuprofile` in `dir` and adds up self time per node.
 * @returns {{ totalMs: number, idleMs: number, byPackage: {name: string, ms: number}[],
 *   byFunction: {name: string, ms: number}[] }} milliseconds, largest first; idle and
 *   the profiler's own "(program)" time are counted apart from the busy total.
 */
export function summariseCpuProfiles(dir) {
  const byPackage = new Map();
  const byFunction = new Map();
  let totalMs = 0;
  let idleMs = 0;
  const files = readdirSync(dir).filter((f) => f.endsWith(".cpuprofile"));
  for (const file of files) {
    const profile = JSON.parse(readFileSync(path.join(dir, file), "utf8"));
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    const selfMs = new Map();
    for (let i = 0; i < profile.samples.length; i++) {
      const id = profile.samples[i];
      selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
    }
    for (const [id, ms] of selfMs) {
      const { functionName, url, lineNumber } = nodes.get(id).callFrame;
      if (functionName === "(idle)" || functionName === "(program)") {
        idleMs += ms;
        continue;
      }
      totalMs += ms;
      const pkg = functionName === "(garbage collector)" ? "(garbage collector)" : packageOf(url);
      byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + ms);
      const name = `${functionName || "(anonymous)"} ${pkg}:${lineNumber + 1}`;
      byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
    }
  }
  const sorted = (map) => [...map].map(([name, ms]) => ({ name, ms })).sort((a, b) => b.ms - a.ms);
  return {
    files: files.length,
    totalMs,
    idleMs,
    byPackage: sorted(byPackage),
    byFunction: sorted(byFunction),
  };
}

/** The summary as lines: the top `top` packages and functions with their share of busy time. */
export function formatCpuSummary(label, summary, top = 10) {
  const share = (ms) => `${((ms / summary.totalMs) * 100).toFixed(1).padStart(5)} %`;
  return [
    `CPU profile ${label}: ${summary.files} process(es), ${(summary.totalMs / 1000).toFixed(1)} s busy, ${(summary.idleMs / 1000).toFixed(1)} s idle`,
    "  by package (self time):",
    ...summary.byPackage.slice(0, top).map((p) => `    ${share(p.ms)}  ${p.name}`),
    "  by function (self time):",
    ...summary.byFunction.slice(0, top).map((f) => `    ${share(f.ms)}  ${f.name}`),
  ].join("\n");
}
