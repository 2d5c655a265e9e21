// `npm run bench:lighthouse`: Lighthouse (the npm package) in its default mobile mode, driving
// the system Chromium, on the storefront's visitors' pages against the production build. Builds
// into .bench/build (BENCH_SKIP_BUILD=1 reuses it), starts the app on a free loopback port with a
// fresh embedded database, audits each page once, prints performance, accessibility, best
// practices and SEO against their targets, writes .bench/lighthouse.json, stops everything.
// Exits 1 when a run fails, not when a score misses its target (the scores vary with the load
// of the machine). See bench/README.md.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { LOOPBACK, freePort, get, spawnNode, stopProcess, waitForReady } from "./lib/processes.js";
import { productionAppEnv } from "./lib/app-server.js";
import { reactRouterBuild } from "./lib/build.js";

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const buildDir = ".bench/build";
const resultsFile = path.join(rootDir, ".bench", "lighthouse.json");
const PATHS = ["/", "/products", "/product/1", "/packs", "/pack/1"];
/** Lighthouse category ids and the lowest score (0-100) each must reach. */
const TARGETS = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 };
const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const CHROMIUM_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
];
const skipBuild = process.env.BENCH_SKIP_BUILD === "1";
/**
 * Audits per page (BENCH_LIGHTHOUSE_RUNS, default 5). One audit's performance score swings by
 * ten points and more here (bench/README.md, "Several runs a page"); the report is the median
 * run as Lighthouse's own `computeMedianRun` picks it: the run nearest the median FCP and TTI.
 */
const RUNS = Math.max(1, Number.parseInt(process.env.BENCH_LIGHTHOUSE_RUNS ?? "", 10) || 5);

let app = null;
let chrome = null;
const dataDir = mkdtempSync(path.join(os.tmpdir(), "packvault-lighthouse-"));

async function cleanUp() {
  if (chrome) await chrome.kill();
  chrome = null;
  if (app) await stopProcess(app);
  app = null;
  rmSync(dataDir, { recursive: true, force: true });
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, async () => {
    console.error(`\nbench:lighthouse: ${signal}, stopping`);
    await cleanUp();
    process.exit(130);
  });
}

function build() {
  if (skipBuild) {
    console.log(`Using the existing build in ${buildDir} (BENCH_SKIP_BUILD=1)`);
    return;
  }
  console.log(`Building into ${buildDir} ...`);
  const failed = reactRouterBuild(rootDir, buildDir, 300_000);
  if (failed) throw new Error(`the build failed (${failed.reason})\n${failed.output}`);
}

/** Starts the production server on the embedded database in `dataDir`; returns its origin. */
async function startApp() {
  const port = await freePort();
  const env = productionAppEnv({ port, dataDir, buildDir });
  app = spawnNode(["server.js"], { cwd: rootDir, env });
  const origin = `http://${LOOPBACK}:${port}`;
  await waitForReady(`${origin}/readyz`, app, 90_000);
  return origin;
}

/** Audits `url` once; returns Lighthouse's result (lhr). */
async function auditOnce(url) {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: "json",
    logLevel: "error",
    onlyCategories: Object.keys(TARGETS),
  });
  if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  return lhr;
}

/** Each category's score in `lhr` as 0-100 (null when Lighthouse gave none). */
function scoresOf(lhr) {
  return Object.fromEntries(
    Object.keys(TARGETS).map((id) => {
      const score = lhr.categories[id]?.score;
      return [id, score === null || score === undefined ? null : Math.round(score * 100)];
    }),
  );
}

/**
 * Audits `url` {@link RUNS} times; returns the median run's scores (0-100), the audits that kept
 * a category under 100 and its metrics (ms), with every run's performance score beside them.
 */
async function audit(url) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await auditOnce(url));
  const lhr = computeMedianRun(runs);
  const failing = Object.fromEntries(
    Object.keys(TARGETS).map((id) => [
      id,
      (lhr.categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id),
    ]),
  );
  const metrics = Object.fromEntries(
    ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time"].map((id) => [
      id,
      lhr.audits[id]?.numericValue ?? null,
    ]),
  );
  const performanceRuns = runs.map((run) => scoresOf(run).performance);
  return { url, scores: scoresOf(lhr), failing, metrics, performanceRuns };
}

let exitCode = 0;
try {
  build();
  const origin = await startApp();
  chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  const results = [];
  for (const pathname of PATHS) {
    // One visit first, so the page cache holds the page as it would in production.
    await get(`${origin}${pathname}`, { headers: { accept: "text/html" } });
    process.stdout.write(`Auditing ${pathname.padEnd(12)} ... `);
    const result = await audit(`${origin}${pathname}`);
    console.log(
      `${Object.values(result.scores).join(" / ")} (performance in the ${RUNS} runs: ${result.performanceRuns.join(", ")})`,
    );
    results.push({ path: pathname, ...result });
  }
  const columns = Object.keys(TARGETS);
  console.log(`\n${"page".padEnd(12)} ${columns.map((c) => c.padStart(15)).join("")}`);
  console.log(
    `${"target".padEnd(12)} ${columns.map((c) => `>= ${TARGETS[c]}`.padStart(15)).join("")}`,
  );
  for (const row of results) {
    const cells = columns.map((c) => {
      const score = row.scores[c];
      const mark = score !== null && score >= TARGETS[c] ? "" : " (miss)";
      return `${score ?? "-"}${mark}`.padStart(15);
    });
    console.log(`${row.path.padEnd(12)} ${cells.join("")}`);
  }
  for (const row of results) {
    for (const [category, audits] of Object.entries(row.failing)) {
      if (audits.length > 0) console.log(`  ${row.path} ${category}: ${audits.join(", ")}`);
    }
  }
  const loadAverage = os.loadavg().map((n) => Number(n.toFixed(2)));
  console.log(`\nLoad average ${loadAverage.join(" ")} (the performance score falls with load)`);
  mkdirSync(path.dirname(resultsFile), { recursive: true });
  writeFileSync(
    resultsFile,
    JSON.stringify(
      { at: new Date().toISOString(), loadAverage, runs: RUNS, targets: TARGETS, results },
      null,
      2,
    ),
  );
  console.log(`Wrote ${path.relative(rootDir, resultsFile)}`);
} catch (error) {
  console.error(`\nbench:lighthouse: ${error instanceof Error ? error.message : error}`);
  if (app) console.error(app.tail());
  exitCode = 1;
}
await cleanUp();
process.exit(exitCode);
