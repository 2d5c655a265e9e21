// `npm run bench`: throughput and latency of the storefront's anonymous pages under load,
// against a bare node:http server serving a page of the same size on the same machine.
// Builds into .bench/build, starts the production server on a free loopback port with a fresh
// embedded database, loads each path with autocannon, prints a table, writes
// .bench/results.json, stops everything. See bench/README.md.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { LOOPBACK, freePort, get, spawnNode, stopProcess, waitForReady } from "./lib/processes.js";

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const benchDir = path.join(rootDir, ".bench");
const buildDir = ".bench/build";
const resultsFile = path.join(benchDir, "results.json");
const PATHS = ["/", "/products", "/product/1"];

const BUILD_TIMEOUT_MS = 300_000;
const READY_TIMEOUT_MS = 90_000;
const STOP_GRACE_MS = 15_000;

/** Reads an integer setting from the environment, bounded so a run stays short. */
function intSetting(name, fallback, min, max) {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    console.error(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
    process.exit(2);
  }
  return value;
}

const config = {
  duration: intSetting("BENCH_DURATION", 10, 1, 120),
  connections: intSetting("BENCH_CONNECTIONS", 10, 1, 256),
  warmup: intSetting("BENCH_WARMUP", 2, 0, 30),
  skipBuild: process.env.BENCH_SKIP_BUILD === "1",
  keepBuild: process.env.BENCH_KEEP_BUILD === "1" || process.env.BENCH_SKIP_BUILD === "1",
};
const targets = PATHS.length + 1;
// Everything (build, start, warm-ups, runs, shutdown) must end within this budget.
const budgetMs =
  BUILD_TIMEOUT_MS +
  READY_TIMEOUT_MS +
  targets * (config.warmup + config.duration + 15) * 1000 +
  2 * STOP_GRACE_MS +
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

const watchdog = setTimeout(async () => {
  fail(`did not finish within ${Math.round(budgetMs / 1000)} s; stopping`);
  await cleanUp();
  process.exit(1);
}, budgetMs);
watchdog.unref();
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, async () => {
    console.error(`\nbench: ${signal}, stopping the servers`);
    await cleanUp();
    process.exit(130);
  });
}

function build() {
  if (config.skipBuild) {
    console.log(`Using the existing build in ${buildDir} (BENCH_SKIP_BUILD=1)`);
    return true;
  }
  console.log(`Building into ${buildDir} ...`);
  const started = Date.now();
  const result = spawnSync("npx", ["react-router", "build"], {
    cwd: rootDir,
    env: { ...process.env, BUILD_DIR: buildDir, NODE_ENV: "production" },
    encoding: "utf8",
    timeout: BUILD_TIMEOUT_MS,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    fail(
      `the build failed (${result.error?.message ?? `exit ${result.status}`})`,
      `${result.stdout ?? ""}\n${result.stderr ?? ""}`.slice(-8_000),
    );
    return false;
  }
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

async function startApp(dataDir) {
  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: "production",
    HOST: LOOPBACK,
    PORT: String(port),
    DATA_DIR: dataDir,
    BUILD_DIR: buildDir,
    LOG_LEVEL: "warn",
  };
  // A self-contained run: embedded database, in-process state, no mail, no dev pages.
  for (const name of ["DATABASE_URL", "REDIS_URL", "SMTP_URL", "DEV_TOOLS"]) delete env[name];
  const started = Date.now();
  const handle = spawnNode(["server.js"], { cwd: rootDir, env });
  children.add(handle);
  const origin = `http://${LOOPBACK}:${port}`;
  await waitForReady(`${origin}/readyz`, handle, READY_TIMEOUT_MS);
  return { handle, origin, port, startupMs: Date.now() - started };
}

async function startBare(bytes) {
  const handle = spawnNode([path.join(rootDir, "bench/lib/bare-server.js")], {
    env: { ...process.env, BARE_BYTES: String(bytes) },
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

function runAutocannon(url, duration) {
  return autocannon({
    url,
    connections: config.connections,
    duration,
    timeout: 10,
    headers: { accept: "text/html" },
  });
}

/** Warms `url` up, then measures it; returns the figures the table and the JSON report use. */
async function measure(name, url) {
  process.stdout.write(`Measuring ${name.padEnd(12)} ${url} ... `);
  if (config.warmup > 0) await runAutocannon(url, config.warmup);
  const r = await runAutocannon(url, config.duration);
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
  const header = ["target", "status", "bytes", "req/s", "p50 ms", "p99 ms", "vs bare", "non2xx"];
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
    String(row.non2xx + row.errors + row.timeouts),
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

async function main() {
  mkdirSync(benchDir, { recursive: true });
  if (!build()) return;

  const dataDir = mkdtempSync(path.join(os.tmpdir(), "packvault-bench-"));
  let app;
  try {
    app = await startApp(dataDir);
  } catch (error) {
    fail(`the app did not start: ${error.message}`, children.size ? [...children][0].tail() : "");
    await cleanUp();
    rmSync(dataDir, { recursive: true, force: true });
    return;
  }
  console.log(`App ready on ${app.origin} in ${(app.startupMs / 1000).toFixed(1)} s`);

  let bare;
  const rows = [];
  let appStop = null;
  try {
    const probes = [];
    for (const p of PATHS) {
      const response = await get(`${app.origin}${p}`);
      probes.push({ path: p, status: response.status, bytes: response.body.length });
    }
    const homeBytes = probes[0].bytes;
    bare = await startBare(homeBytes);
    console.log(`Bare node:http server on ${bare.origin}, ${homeBytes} bytes a page`);
    console.log(
      `${config.connections} connections, ${config.warmup} s warm-up + ${config.duration} s a target\n`,
    );

    const bareRow = await measure("bare node", `${bare.origin}/`);
    rows.push({ ...bareRow, path: null, bytes: homeBytes, ratioToBare: null });
    for (const probe of probes) {
      const row = await measure(probe.path, `${app.origin}${probe.path}`);
      rows.push({
        ...row,
        path: probe.path,
        bytes: probe.bytes,
        firstStatus: probe.status,
        ratioToBare: bareRow.requests.mean > 0 ? row.requests.mean / bareRow.requests.mean : null,
      });
    }
  } catch (error) {
    fail(`the measurement failed: ${error.stack ?? error.message}`);
  } finally {
    if (bare) {
      const bareStop = await stopProcess(bare.handle, STOP_GRACE_MS);
      children.delete(bare.handle);
      if (!bareStop.graceful)
        fail(`the bare server did not stop cleanly: ${JSON.stringify(bareStop)}`);
    }
    appStop = await stopProcess(app.handle, STOP_GRACE_MS);
    children.delete(app.handle);
    await cleanUp(); // a bare server that never announced its port
    rmSync(dataDir, { recursive: true, force: true });
  }

  if (appStop.graceful) {
    console.log(`\nApp stopped on SIGTERM: exit code 0 after ${appStop.ms} ms`);
  } else {
    fail(
      `the app did not exit gracefully on SIGTERM: ${JSON.stringify(appStop)}`,
      app.handle.tail(),
    );
  }
  if (rows.length === 0) return;

  console.log(`\n${formatTable(rows)}\n`);
  console.log(
    "vs bare = the path's mean req/s divided by the bare node:http server's (same page size).",
  );
  const notOk = rows.filter((r) => r.non2xx > 0 || r.errors > 0);
  for (const r of notOk) {
    console.log(
      `note: ${r.name} answered ${JSON.stringify(r.statusCodes)}, ${r.errors} errors, ${r.timeouts} timeouts`,
    );
  }

  const report = {
    date: new Date().toISOString(),
    git: gitDescription(),
    machine: {
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? null,
      // An object, not an array, so that the file is already in Prettier's JSON style.
      loadAverage: Object.fromEntries(
        ["1m", "5m", "15m"].map((span, i) => [span, Number(os.loadavg()[i].toFixed(2))]),
      ),
    },
    config: {
      durationS: config.duration,
      warmupS: config.warmup,
      connections: config.connections,
    },
    app: { startupMs: app.startupMs, shutdown: appStop },
    results: rows,
  };
  writeFileSync(resultsFile, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`Results written to ${path.relative(rootDir, resultsFile)}`);
}

await main().catch(async (error) => {
  fail(error.stack ?? String(error));
  await cleanUp();
});
// The build is thrown away unless asked for: 2,000 files of bundled code that linters and
// formatters run over the whole tree would otherwise pick up.
if (!config.keepBuild) rmSync(path.join(rootDir, buildDir), { recursive: true, force: true });
clearTimeout(watchdog);
process.exit(exitCode);
