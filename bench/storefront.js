// `npm run bench`: throughput and latency of the storefront's pages under load, against a bare
// node:http server serving a page of the same size and a minimal React Router 7 app (the
// framework floor, bench/floor) on the same machine. Builds into .bench/build, starts the
// production server on a free loopback port with a fresh embedded database (and, with
// BENCH_DATABASE_URL, again on PostgreSQL with a worker per core), loads the visitors' pages and
// the signed-in pages (a real session cookie) with autocannon, prints a table, writes
// .bench/results.json, stops everything. See bench/README.md.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { LOOPBACK, freePort, get, spawnNode, stopProcess, waitForReady } from "./lib/processes.js";
import { productionAppEnv } from "./lib/app-server.js";
import { reactRouterBuild } from "./lib/build.js";
import { guardRun } from "./lib/driver-run.js";
import { intSetting } from "./lib/int-setting.js";
import { discardBodies } from "./lib/body-blind.js";
import { machineInfo, writeResults } from "./lib/report.js";
import { firstLoadJs, readClientManifest } from "./lib/js-budget.js";
import { createScratchPostgres } from "./lib/scratch-postgres.js";
import { formatCpuSummary, summariseCpuProfiles } from "./lib/cpu-profile.js";

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const benchDir = path.join(rootDir, ".bench");
const buildDir = ".bench/build";
const resultsFile = path.join(benchDir, "results.json");
const floorBuildDir = path.join(benchDir, "floor-build");
/** Visitors' pages: served from the page cache after the first request. */
const VISITOR_PATHS = [
  "/",
  "/products?sort=price_asc&page=2",
  "/product/1",
  "/packs",
  "/pack/1",
  "/marketplace",
  "/cards/1",
];
/** Signed-in pages, requested with the session cookie of the seeded admin. */
const SIGNED_IN_PATHS = ["/vault", "/account", "/cart"];
/** First-load JavaScript budget (gzip bytes) of these pages, read from the build's manifest. */
const JS_BUDGET = { bytes: 120 * 1024, paths: ["/", "/products", "/product/1", "/packs"] };
/** Page weight budgets: uncompressed HTML bytes as a visitor gets them. */
const HTML_BUDGETS = { "/": 40 * 1024, "/products?sort=price_asc&page=2": 60 * 1024 };
/** The admin the bench app seeds on its first start, and signs in as. */
const BENCH_ADMIN = { email: "bench-admin@packvault.example", password: "bench admin lantern 42" };
const databaseUrl = process.env.BENCH_DATABASE_URL || null;
/** BENCH_SIGNED_IN_ONLY=1 measures only the signed-in pages (and the baselines): a shorter run. */
const signedInOnly = process.env.BENCH_SIGNED_IN_ONLY === "1";
/**
 * BENCH_PATHS=/product/1,/cards/1 measures only these of the pages above (and the baselines), so
 * two pages can be compared in one short run.
 */
const onlyPaths = process.env.BENCH_PATHS ? process.env.BENCH_PATHS.split(",") : null;
for (const p of onlyPaths ?? []) {
  if (![...VISITOR_PATHS, ...SIGNED_IN_PATHS].includes(p)) {
    console.error(`BENCH_PATHS: ${p} is not one of the bench's pages`);
    process.exit(2);
  }
}
const chosen = (paths) => (onlyPaths ? paths.filter((p) => onlyPaths.includes(p)) : paths);
const visitorTargets = signedInOnly ? [] : chosen(VISITOR_PATHS);
const signedInTargets = chosen(SIGNED_IN_PATHS);
/** BENCH_CPU_PROF=1 runs the app with `node --cpu-prof` and prints where its CPU time went. */
const cpuProfile = process.env.BENCH_CPU_PROF === "1";
const cpuProfileDir = (label) => path.join(benchDir, "cpu-prof", label);

const BUILD_TIMEOUT_MS = 300_000;
const STOP_GRACE_MS = 15_000;

/** BENCH_READY_SECONDS: how long an app may take to start (migrate, seed) on a loaded machine. */
const READY_TIMEOUT_MS = intSetting("BENCH_READY_SECONDS", 90, 10, 900) * 1000;

const config = {
  duration: intSetting("BENCH_DURATION", 10, 1, 120),
  connections: intSetting("BENCH_CONNECTIONS", 50, 1, 256),
  warmup: intSetting("BENCH_WARMUP", 2, 0, 30),
  skipBuild: process.env.BENCH_SKIP_BUILD === "1",
  keepBuild: process.env.BENCH_KEEP_BUILD === "1" || process.env.BENCH_SKIP_BUILD === "1",
};
const appTargets = visitorTargets.length + signedInTargets.length;
const targets = 2 + appTargets * (databaseUrl ? 2 : 1);
// Everything (build, start, warm-ups, runs, shutdown) must end within this budget.
const budgetMs =
  BUILD_TIMEOUT_MS +
  READY_TIMEOUT_MS +
  targets * (2 * config.warmup + config.duration + 15) * 1000 +
  4 * STOP_GRACE_MS +
  (databaseUrl ? READY_TIMEOUT_MS : 0) +
  30_000;

const children = new Set();
let exitCode = 0;

function fail(message, detail) {
  console.error(`\nbench: ${message}`);
  if (detail) console.error(detail.trimEnd());
  exitCode = 1;
}

async function cleanUp() {
  for (const handle of children) await stopProcess(handle, STOP_GRACE_MS);
  children.clear();
}

const stopWatchdog = guardRun(budgetMs, { fail, cleanUp, undoing: "stopping the servers" });

function build() {
  if (config.skipBuild) {
    console.log(`Using the existing build in ${buildDir} (BENCH_SKIP_BUILD=1)`);
    return true;
  }
  console.log(`Building into ${buildDir} ...`);
  const started = Date.now();
  const failed = reactRouterBuild(rootDir, buildDir, BUILD_TIMEOUT_MS);
  if (failed) {
    fail(`the build failed (${failed.reason})`, failed.output);
    return false;
  }
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const floor = reactRouterBuild(
    path.join(rootDir, "bench/floor"),
    floorBuildDir,
    BUILD_TIMEOUT_MS,
  );
  if (floor) {
    fail(`the framework floor's build failed (${floor.reason})`, floor.output);
    return false;
  }
  return true;
}

/**
 * Starts the app: on the embedded database in `dataDir`, or with `database` on PostgreSQL (then
 * `npm start` runs a worker per core). The bench admin is seeded on a first start.
 */
async function startApp({ dataDir, database }) {
  const port = await freePort();
  const metricsPort = await freePort();
  const env = {
    ...productionAppEnv({ port, dataDir, buildDir }),
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    METRICS_PORT: String(metricsPort),
  };
  // A cluster's workers inherit the primary's flags: one profile a process.
  const profileDir = cpuProfileDir(database ? "postgres" : "pglite");
  if (cpuProfile) rmSync(profileDir, { recursive: true, force: true });
  const flags = cpuProfile ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [];
  if (database) {
    env.DATABASE_URL = database;
    env.BETTER_AUTH_SECRET ??= "bench-secret-bench-secret-bench-secret-42";
  }
  const started = Date.now();
  const handle = spawnNode([...flags, "server.js"], { cwd: rootDir, env });
  children.add(handle);
  const origin = `http://${LOOPBACK}:${port}`;
  await waitForReady(`${origin}/readyz`, handle, READY_TIMEOUT_MS);
  const metrics = `http://${LOOPBACK}:${metricsPort}/metrics`;
  return { handle, origin, port, metrics, startupMs: Date.now() - started };
}

/**
 * `jar` (cookie name to value) after a response's Set-Cookie headers, as a browser keeps them: a
 * cookie set empty or with Max-Age=0 is dropped.
 */
function keepCookies(jar, response) {
  for (const cookie of response.headers.getSetCookie()) {
    const [pair, ...attributes] = cookie.split(";");
    const at = pair.indexOf("=");
    const name = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
    if (!value || expired) jar.delete(name);
    else jar.set(name, value);
  }
  return jar;
}

/**
 * Signs the bench admin in through the sign-in form and follows its redirect once, as a browser
 * does; returns the cookies a browser then sends back (the session token and Better Auth's
 * session_data cache, valid 5 minutes). The sign-in's flash toast cookie is read and cleared by
 * that first page, so the measured requests do not carry it.
 */
async function signIn(origin) {
  const response = await fetch(`${origin}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "sign-in", ...BENCH_ADMIN }),
  });
  const jar = keepCookies(new Map(), response);
  if (![...jar.keys()].some((name) => /^(__Secure-)?packvault\.session_token$/.test(name))) {
    throw new Error(`sign-in answered ${response.status} without a session cookie`);
  }
  const toCookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  const landing = new URL(response.headers.get("Location") ?? "/", origin);
  const page = await fetch(landing, { redirect: "manual", headers: { cookie: toCookie() } });
  await page.arrayBuffer();
  keepCookies(jar, page);
  return toCookie();
}

/** Starts a baseline server script that announces its port on its first stdout line. */
async function startAnnouncing(script, extraEnv) {
  const handle = spawnNode([path.join(rootDir, script)], {
    env: { ...process.env, NODE_ENV: "production", ...extraEnv },
  });
  children.add(handle);
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no port announced within 10 s")), 10_000);
    handle.onLine((line) => {
      try {
        const announced = JSON.parse(line).port;
        clearTimeout(timer);
        resolve(announced);
      } catch {
        // Not the announcement.
      }
    });
    handle.exited.then(({ code }) => reject(new Error(`exited with code ${code}`)));
  });
  return { handle, origin: `http://${LOOPBACK}:${port}` };
}

/**
 * Loads `url` for `duration` seconds. Every response is read whole off the socket, but its body
 * is not kept ({@link discardBodies}): the client's cost a response then follows its bytes, not
 * its characters, so two pages of one size cost the load generator (which shares the cores with
 * the server) the same (docs/decisions/057-a-body-blind-bench-client.md).
 */
function runAutocannon(url, duration, cookie) {
  return autocannon({
    url,
    connections: config.connections,
    duration,
    timeout: 10,
    headers: { accept: "text/html", ...(cookie ? { cookie } : {}) },
    setupClient: discardBodies,
  });
}

/** Warms `url` up, then measures it; returns the figures the table and the JSON report use. */
async function measure(name, url, cookie) {
  process.stdout.write(`Measuring ${name.padEnd(34)} ... `);
  if (config.warmup > 0) await runAutocannon(url, config.warmup, cookie);
  const r = await runAutocannon(url, config.duration, cookie);
  const statusCodes = Object.fromEntries(
    Object.entries(r.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]),
  );
  console.log(`${Math.round(r.requests.average)} req/s`);
  return {
    name,
    url,
    requests: {
      mean: r.requests.average,
      stddev: r.requests.stddev,
      total: r.requests.total,
    },
    latencyMs: {
      p50: r.latency.p50,
      p99: r.latency.p99,
      mean: r.latency.mean,
      max: r.latency.max,
    },
    throughputBytesPerSec: r.throughput.average,
    statusCodes,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    durationS: r.duration,
  };
}

/** autocannon keeps whole milliseconds: 0 means under one. */
const formatMs = (ms) => (ms < 1 ? "<1" : ms.toFixed(0));

/** A ratio as a percentage with two significant digits below 10 % ("0.31 %", "42.5 %"). */
const formatRatio = (ratio) => {
  if (ratio === null) return "-";
  const percent = ratio * 100;
  return `${percent >= 10 ? percent.toFixed(1) : percent.toPrecision(2)} %`;
};

function formatTable(rows) {
  const header = [
    "target",
    "status",
    "bytes",
    "req/s",
    "p50 ms",
    "p99 ms",
    "vs bare",
    "vs floor",
    "non2xx",
    "timeouts",
    "stmts",
    "run ms",
    "wait ms",
  ];
  const lines = rows.map((row) => [
    row.name,
    Object.entries(row.statusCodes)
      .map(([code, count]) => (Object.keys(row.statusCodes).length > 1 ? `${code}x${count}` : code))
      .join(" ") || (row.errors ? "errors" : "-"),
    String(row.bytes),
    row.requests.mean.toFixed(0),
    formatMs(row.latencyMs.p50),
    formatMs(row.latencyMs.p99),
    formatRatio(row.ratioToBare),
    formatRatio(row.ratioToFloor),
    String(row.non2xx + row.errors),
    String(row.timeouts),
    row.statements == null ? "-" : String(row.statements),
    row.db?.runMs == null ? "-" : row.db.runMs.toFixed(2),
    row.db?.waitMs == null ? "-" : row.db.waitMs.toFixed(1),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  return [format(header), widths.map((w) => "-".repeat(w)).join("  "), ...lines.map(format)].join(
    "\n",
  );
}

function gitDescription() {
  const rev = spawnSync("git", ["rev-parse", "--short", "HEAD"], {
    cwd: rootDir,
    encoding: "utf8",
  });
  const dirty = spawnSync("git", ["status", "--porcelain"], { cwd: rootDir, encoding: "utf8" });
  if (rev.status !== 0) return null;
  return `${rev.stdout.trim()}${dirty.stdout?.trim() ? " (with uncommitted changes)" : ""}`;
}

/**
 * Measures the visitors' and the signed-in pages of a running app against the baselines,
 * adding a row to `rows` for each as it goes. A page that does not answer its probe within 60 s
 * (a server still busy with the last target's abandoned requests) is recorded and skipped.
 */
async function measureApp(app, label, baselines, rows) {
  const cookie = await signIn(app.origin);
  const targets = [
    ...visitorTargets.map((p) => ({ path: p, cookie: null })),
    ...signedInTargets.map((p) => ({ path: p, cookie })),
  ];
  // Each target is measured on an app as warm as for the others: one warm-up pass over all of
  // them first. Measured only after its own warm-up, the first target after a fresh start (the
  // signed-in /vault) answered 5-16 % below its rate with a longer warm-up; the others did not.
  for (const target of config.warmup > 0 ? targets : []) {
    await runAutocannon(`${app.origin}${target.path}`, config.warmup, target.cookie);
  }
  for (const target of targets) {
    const url = `${app.origin}${target.path}`;
    const name = `${label} ${target.path}${target.cookie ? " (signed in)" : ""}`;
    let probe;
    try {
      probe = await get(url, {
        headers: target.cookie ? { cookie: target.cookie } : {},
        timeoutMs: 60_000,
      });
    } catch (error) {
      fail(`${name}: ${error.message}`);
      continue;
    }
    const statements =
      app.metrics && target.cookie
        ? await statementsPerRequest(app.metrics, url, target.cookie)
        : null;
    const before = target.cookie ? await dbTimes(app.metrics) : null;
    const row = await measure(name, url, target.cookie);
    const db = before ? dbTimesBetween(before, await dbTimes(app.metrics)) : null;
    rows.push({
      ...row,
      statements,
      db,
      path: target.path,
      database: label,
      signedIn: Boolean(target.cookie),
      bytes: probe.body.length,
      firstStatus: probe.status,
      ratioToBare: baselines.bare > 0 ? row.requests.mean / baselines.bare : null,
      ratioToFloor: baselines.floor > 0 ? row.requests.mean / baselines.floor : null,
    });
  }
}

/** The value of the metric sample `name` (no labels) in a metrics text; 0 without it. */
function sample(text, name) {
  const line = text.split("\n").find((l) => l.startsWith(`${name} `));
  return line ? Number(line.split(" ").at(-1)) : 0;
}

/** Statements the app has sent so far: the count of `packvault_db_query_duration_seconds`. */
async function statementsSent(metricsUrl) {
  return sample(
    (await get(metricsUrl)).body.toString("utf8"),
    "packvault_db_query_duration_seconds_count",
  );
}

/**
 * The database's time so far: statements run and their seconds, and (PGlite) the seconds they
 * waited for its one connection (`packvault_db_wait_seconds`).
 */
async function dbTimes(metricsUrl) {
  const text = (await get(metricsUrl)).body.toString("utf8");
  return {
    runs: sample(text, "packvault_db_query_duration_seconds_count"),
    runS: sample(text, "packvault_db_query_duration_seconds_sum"),
    waits: sample(text, "packvault_db_wait_seconds_count"),
    waitS: sample(text, "packvault_db_wait_seconds_sum"),
  };
}

/** Mean milliseconds a statement ran, and waited for its turn, between two {@link dbTimes}. */
function dbTimesBetween(a, b) {
  const per = (seconds, n) => (n > 0 ? (seconds * 1000) / n : null);
  return {
    runMs: per(b.runS - a.runS, b.runs - a.runs),
    waitMs: per(b.waitS - a.waitS, b.waits - a.waits),
  };
}

/**
 * Statements (each one round trip to PostgreSQL, BEGIN and COMMIT included) per request of
 * `url`: `QUERY_SAMPLES` requests one after the other, the metrics counter read around them.
 * Background jobs polling meanwhile add a little; the figure is rounded to a tenth.
 */
const QUERY_SAMPLES = 20;
async function statementsPerRequest(metricsUrl, url, cookie) {
  const before = await statementsSent(metricsUrl);
  for (let i = 0; i < QUERY_SAMPLES; i++) await get(url, { headers: cookie ? { cookie } : {} });
  const after = await statementsSent(metricsUrl);
  return Math.round(((after - before) / QUERY_SAMPLES) * 10) / 10;
}

/** Stops a started server, recording a failure when it does not stop by itself. */
async function stopServer(handle, what) {
  const stop = await stopProcess(handle, STOP_GRACE_MS);
  children.delete(handle);
  if (!stop.graceful) fail(`${what} did not stop cleanly: ${JSON.stringify(stop)}`, handle.tail());
  return stop;
}

/** The JavaScript and HTML budgets: one line a page, measured against its budget. */
function budgets(rows) {
  const clientDir = path.join(rootDir, buildDir, "client");
  const manifest = readClientManifest(clientDir);
  const lines = JS_BUDGET.paths.map((pathname) => {
    const js = firstLoadJs(clientDir, manifest, pathname);
    return {
      what: `first-load JS ${pathname}`,
      measured: js.gzipBytes,
      budget: JS_BUDGET.bytes,
      detail: `${js.files} files, ${js.bytes} bytes before gzip`,
    };
  });
  for (const [pathname, budget] of Object.entries(HTML_BUDGETS)) {
    const row = rows.find((r) => r.path === pathname && r.database === "pglite");
    if (row) lines.push({ what: `HTML ${pathname}`, measured: row.bytes, budget, detail: "" });
  }
  return lines;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  mkdirSync(benchDir, { recursive: true });
  if (!build()) return;

  const dataDir = mkdtempSync(path.join(os.tmpdir(), "packvault-bench-"));
  let app;
  try {
    app = await startApp({ dataDir });
  } catch (error) {
    fail(`the app did not start: ${error.message}`, children.size ? [...children][0].tail() : "");
    await cleanUp();
    rmSync(dataDir, { recursive: true, force: true });
    return;
  }
  console.log(`App ready on ${app.origin} in ${(app.startupMs / 1000).toFixed(1)} s`);

  let bare;
  let floor;
  const rows = [];
  const stops = {};
  try {
    const homeBytes = (await get(`${app.origin}/`)).body.length;
    bare = await startAnnouncing("bench/lib/bare-server.js", { BARE_BYTES: String(homeBytes) });
    floor = await startAnnouncing("bench/lib/floor-server.js", { FLOOR_BUILD_DIR: floorBuildDir });
    const floorBytes = (await get(`${floor.origin}/`)).body.length;
    console.log(`Bare node:http server on ${bare.origin}, ${homeBytes} bytes a page`);
    console.log(`Framework floor (bench/floor) on ${floor.origin}, ${floorBytes} bytes a page`);
    console.log(
      `${config.connections} connections, ${config.warmup} s warm-up + ${config.duration} s a target\n`,
    );

    const bareRow = await measure("bare node:http", `${bare.origin}/`);
    rows.push({ ...bareRow, path: null, bytes: homeBytes, ratioToBare: null, ratioToFloor: null });
    const floorRow = await measure("framework floor", `${floor.origin}/`);
    const baselines = { bare: bareRow.requests.mean, floor: floorRow.requests.mean };
    rows.push({
      ...floorRow,
      path: null,
      bytes: floorBytes,
      ratioToBare: baselines.bare > 0 ? floorRow.requests.mean / baselines.bare : null,
      ratioToFloor: null,
    });
    await measureApp(app, "pglite", baselines, rows);
    stops.pglite = await stopServer(app.handle, "the app (embedded database)");
    app = null;
    if (databaseUrl) {
      // A scratch database on BENCH_DATABASE_URL's server, as bench/pack-drop.js makes.
      const scratch = await createScratchPostgres(databaseUrl);
      let pg = null;
      try {
        pg = await startApp({ dataDir, database: scratch.url });
        console.log(`App on PostgreSQL (a worker per core) ready on ${pg.origin}`);
        await measureApp(pg, "postgres", baselines, rows);
      } finally {
        if (pg) stops.postgres = await stopServer(pg.handle, "the app (PostgreSQL)");
        const dropFailure = await scratch.drop();
        if (dropFailure) fail(dropFailure);
      }
    }
  } catch (error) {
    fail(`the measurement failed: ${error.stack ?? error.message}`);
  } finally {
    if (bare) await stopServer(bare.handle, "the bare server");
    if (floor) await stopServer(floor.handle, "the framework floor");
    if (app) stops.pglite = await stopServer(app.handle, "the app (embedded database)");
    await cleanUp(); // a server that never announced its port
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (cpuProfile) {
    for (const label of ["pglite", ...(databaseUrl ? ["postgres"] : [])]) {
      try {
        console.log(`\n${formatCpuSummary(label, summariseCpuProfiles(cpuProfileDir(label)))}`);
      } catch (error) {
        fail(`the ${label} CPU profile could not be read: ${error.message}`);
      }
    }
  }
  const appStop = stops.pglite ?? { graceful: false };
  if (appStop.graceful) {
    console.log(`\nApp stopped on SIGTERM: exit code 0 after ${appStop.ms} ms`);
  }
  if (rows.length === 0) return;

  console.log(`\n${formatTable(rows)}\n`);
  console.log(
    "vs bare = the path's mean req/s divided by the bare node:http server's (same page size as /);",
  );
  console.log("vs floor = divided by the minimal React Router app's (bench/floor).");
  const load = os.loadavg().map((value) => value.toFixed(2));
  console.log(
    `Load average (1, 5, 15 min) at the end: ${load.join(", ")}; ${os.cpus().length} CPUs`,
  );
  const notOk = rows.filter((r) => r.non2xx > 0 || r.errors > 0);
  for (const r of notOk) {
    console.log(
      `note: ${r.name} answered ${JSON.stringify(r.statusCodes)}, ${r.errors} errors, ${r.timeouts} timeouts`,
    );
  }

  const budgetLines = budgets(rows);
  console.log("\nBudgets (first-load JS gzip from the client manifest; HTML uncompressed):");
  for (const line of budgetLines) {
    const verdict = line.measured <= line.budget ? "ok" : "OVER";
    console.log(
      `  ${line.what.padEnd(40)} ${kb(line.measured).padStart(9)} / ${kb(line.budget).padStart(8)}  ${verdict}  ${line.detail}`,
    );
  }

  const report = {
    date: new Date().toISOString(),
    git: gitDescription(),
    machine: machineInfo(),
    config: {
      durationS: config.duration,
      warmupS: config.warmup,
      connections: config.connections,
    },
    app: { shutdown: stops },
    results: rows,
    budgets: budgetLines,
  };
  writeResults(rootDir, resultsFile, report);
}

await main().catch(async (error) => {
  fail(error.stack ?? String(error));
  await cleanUp();
});
// The build is thrown away unless asked for: 2,000 files of bundled code that linters and
// formatters run over the whole tree would otherwise pick up.
if (!config.keepBuild) rmSync(path.join(rootDir, buildDir), { recursive: true, force: true });
stopWatchdog();
process.exit(exitCode);
