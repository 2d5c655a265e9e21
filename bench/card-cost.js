// `node bench/card-cost.js`: the server's CPU time per request of two pages, read from /proc, so
// that a shared, loaded machine (where req/s moves by a factor of three between runs) still
// compares them. Starts the production build in BENCH_BUILD_DIR (build it first:
// `BUILD_DIR=.bench/build NODE_ENV=production npx react-router build`) on a free loopback port
// with a fresh embedded database, as bench/storefront.js does, then for BENCH_COST_ROUNDS rounds
// and each page in turn:
// - hits: BENCH_COST_REQUESTS visitor requests (no cookie, no Accept-Encoding: page-cache hits
//   answered by the edge, as in `npm run bench`) over BENCH_COST_CONNECTIONS keep-alive
//   connections;
// - renders: BENCH_COST_RENDERS requests each with a query string of its own (`?cost=<n>`), so
//   every one is a page-cache miss rendered by React Router (loader, render, statements).
// Prints per page: HTML bytes, CSP nonce slots, and per request the server's CPU µs (utime +
// stime of the process, and the on-CPU nanoseconds of all its threads from schedstat), the
// idle CPU rate measured before the run subtracted; for renders also the statements sent. The
// median of the rounds is the figure to compare.
import os from "node:os";
import http from "node:http";
import autocannon from "autocannon";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { LOOPBACK, freePort, get, spawnNode, stopProcess, waitForReady } from "./lib/processes.js";
import { intSetting } from "./lib/int-setting.js";

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const buildDir = process.env.BENCH_BUILD_DIR || ".bench/build";
const paths = (process.env.BENCH_COST_PATHS || "/product/1,/cards/1").split(",");
const requests = intSetting("BENCH_COST_REQUESTS", 2000, 10, 100_000);
const renders = intSetting("BENCH_COST_RENDERS", 100, 0, 10_000);
const rounds = intSetting("BENCH_COST_ROUNDS", 3, 1, 20);
const connections = intSetting("BENCH_COST_CONNECTIONS", 50, 1, 256);
/** BENCH_COST_CLIENT=node sends the hits with node:http (one process, X-Cache counted) instead. */
const nodeClient = process.env.BENCH_COST_CLIENT === "node";
const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** CPU time of process `pid` so far: `ticks` (utime + stime) and `ns` (all threads, schedstat). */
function cpuOf(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  let ns = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, "utf8").split(" ")[0]);
    } catch {
      // The thread ended meanwhile.
    }
  }
  return { ticks, ns, at: process.hrtime.bigint() };
}

/** µs of CPU per request between two {@link cpuOf} readings, `idleNsPerS` subtracted. */
function perRequest(a, b, count, idleNsPerS) {
  const seconds = Number(b.at - a.at) / 1e9;
  const idleNs = idleNsPerS * seconds;
  return {
    statUs: (((b.ticks - a.ticks) / TICKS_PER_SECOND) * 1e9 - idleNs) / 1e3 / count,
    schedUs: (b.ns - a.ns - idleNs) / 1e3 / count,
    seconds,
  };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: connections });

/** One GET over the keep-alive agent; resolves with the status and X-Cache, body drained. */
function hit(url) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers: { accept: "text/html" } }, (response) => {
      response.resume();
      response.on("end", () =>
        resolve({ status: response.statusCode, cache: response.headers["x-cache"] ?? "-" }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

/** Sends the URLs `count` of `urlAt(i)` over {@link connections} lanes; counts statuses and X-Cache. */
async function load(urlAt, count) {
  const seen = {};
  let next = 0;
  const lane = async () => {
    while (next < count) {
      const { status, cache } = await hit(urlAt(next++));
      const key = `${status} ${cache}`;
      seen[key] = (seen[key] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: connections }, lane));
  return seen;
}

/** `count` GETs of `url` with autocannon as `npm run bench` sends them; counts the statuses. */
async function cannon(url, count) {
  const result = await autocannon({
    url,
    connections,
    amount: count,
    timeout: 10,
    headers: { accept: "text/html" },
  });
  const seen = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, { count: n }]) => [code, n]),
  );
  if (result.errors > 0) seen.errors = result.errors;
  return seen;
}

/** Statements the app has sent so far (its metrics on METRICS_PORT). */
async function statements(metricsUrl) {
  const text = (await get(metricsUrl)).body.toString("utf8");
  const line = text
    .split("\n")
    .find((l) => l.startsWith("packvault_db_query_duration_seconds_count "));
  return line ? Number(line.split(" ").at(-1)) : 0;
}

async function startApp() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "packvault-cost-"));
  const port = await freePort();
  const metricsPort = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: "production",
    HOST: LOOPBACK,
    PORT: String(port),
    DATA_DIR: dataDir,
    BUILD_DIR: buildDir,
    LOG_LEVEL: "warn",
    METRICS_PORT: String(metricsPort),
  };
  for (const name of ["DATABASE_URL", "REDIS_URL", "SMTP_URL", "DEV_TOOLS", "WEB_CONCURRENCY"]) {
    delete env[name];
  }
  const handle = spawnNode(["server.js"], { cwd: rootDir, env });
  const origin = `http://${LOOPBACK}:${port}`;
  await waitForReady(`${origin}/readyz`, handle, 180_000);
  return { handle, origin, dataDir, metrics: `http://${LOOPBACK}:${metricsPort}/metrics` };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fmt = (n) => n.toFixed(1).padStart(8);

/** Each page's hits (BENCH_COST_REQUESTS) in `order`: `{ page: { schedUs, statUs, seen } }`. */
async function hitRound(app, pid, idleNsPerS, order, label) {
  const rows = {};
  for (const page of order) {
    const url = `${app.origin}${page}`;
    await load(() => url, connections * 4); // the page stored and fresh again
    const client0 = process.cpuUsage();
    const a = cpuOf(pid);
    const seen = nodeClient ? await load(() => url, requests) : await cannon(url, requests);
    const b = cpuOf(pid);
    const client = process.cpuUsage(client0);
    const clientUs = (client.user + client.system) / requests;
    rows[page] = { ...perRequest(a, b, requests, idleNsPerS), clientUs, seen };
    const { schedUs, statUs } = rows[page];
    console.log(
      `${label} ${page.padEnd(16)} hit ${fmt(schedUs)} µs (stat ${fmt(statUs)}), client ${fmt(clientUs)} µs ${JSON.stringify(seen)}`,
    );
  }
  return rows;
}

/** Each page's renders (BENCH_COST_RENDERS misses): `{ page: { schedUs, statements, seen } }`. */
async function renderRound(app, pid, idleNsPerS, index) {
  const rows = {};
  for (const page of paths) {
    const url = `${app.origin}${page}${page.includes("?") ? "&" : "?"}cost=${index}-`;
    const s0 = await statements(app.metrics);
    const a = cpuOf(pid);
    const seen = await load((i) => `${url}${i}`, renders);
    const cost = perRequest(a, cpuOf(pid), renders, idleNsPerS);
    const perRender = ((await statements(app.metrics)) - s0) / renders;
    rows[page] = { ...cost, statements: perRender, seen };
    console.log(
      `render round ${index + 1} ${page.padEnd(16)} ${fmt(cost.schedUs)} µs, ` +
        `${perRender.toFixed(1)} stmts ${JSON.stringify(seen)}`,
    );
  }
  return rows;
}

async function main() {
  const app = await startApp();
  const pid = app.handle.child.pid;
  try {
    for (const page of paths) {
      const { status, body } = await get(`${app.origin}${page}`);
      const nonces = body.toString("utf8").split(' nonce="').length - 1;
      console.log(`${page}: ${status}, ${body.length} bytes, ${nonces} nonce slots`);
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const idle0 = cpuOf(pid);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const idle1 = cpuOf(pid);
    const idleNsPerS = (idle1.ns - idle0.ns) / (Number(idle1.at - idle0.at) / 1e9);
    console.log(`idle: ${(idleNsPerS / 1e6).toFixed(2)} ms CPU a second (subtracted)\n`);
    await hitRound(app, pid, idleNsPerS, paths, "warm-up"); // JIT, discarded
    const hits = [];
    for (let i = 0; i < rounds; i++) {
      const order = i % 2 === 0 ? paths : [...paths].reverse();
      hits.push(await hitRound(app, pid, idleNsPerS, order, `round ${i + 1}`));
    }
    const rendered = [];
    if (renders > 0) {
      await renderRound(app, pid, idleNsPerS, -1); // JIT, discarded
      for (let i = 0; i < rounds; i++) rendered.push(await renderRound(app, pid, idleNsPerS, i));
    }
    console.log(`\nmedians over ${rounds} rounds (µs of server CPU a request):`);
    for (const page of paths) {
      const hitUs = median(hits.map((r) => r[page].schedUs));
      const hitStat = median(hits.map((r) => r[page].statUs));
      const clientUs = median(hits.map((r) => r[page].clientUs));
      let line = `  ${page.padEnd(16)} hit ${fmt(hitUs)} (stat ${fmt(hitStat)}), client ${fmt(clientUs)}`;
      if (renders > 0) {
        const renderUs = median(rendered.map((r) => r[page].schedUs));
        const stmts = median(rendered.map((r) => r[page].statements));
        line += `   render ${fmt(renderUs)}, ${stmts.toFixed(1)} statements`;
      }
      console.log(line);
    }
    const [first, second] = paths;
    if (second) {
      // Each round's ratio (the pages measured a minute apart at most), then their median.
      const ratio = (field) =>
        median(hits.map((r) => r[second][field] / r[first][field])).toFixed(3);
      const total = median(
        hits.map(
          (r) => (r[second].schedUs + r[second].clientUs) / (r[first].schedUs + r[first].clientUs),
        ),
      ).toFixed(3);
      console.log(
        `  ${second} / ${first}: server ${ratio("schedUs")}, client ${ratio("clientUs")}, both ${total}`,
      );
    }
  } finally {
    agent.destroy();
    await stopProcess(app.handle, 15_000);
    rmSync(app.dataDir, { recursive: true, force: true });
  }
}

await main();
