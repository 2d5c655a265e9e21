// `node bench/card-cost.js`: the server's CPU time per request of two pages (default /product/1
// and /cards/1), read from /proc, so that a shared, loaded machine (where req/s moves by a
// factor of three between runs) still compares them. Starts each production build listed in
// BENCH_BUILD_DIR (comma-separated; build one with
// `BUILD_DIR=.bench/build NODE_ENV=production npx react-router build`) on a free loopback port
// with a fresh embedded database, as bench/storefront.js does, then for BENCH_COST_ROUNDS rounds
// (each after a discarded warm-up round; the order reversed every other round) and each build
// and page in turn:
// - hits: BENCH_COST_REQUESTS visitor requests sent by autocannon as `npm run bench` sends them
//   (BENCH_COST_CONNECTIONS keep-alive connections, no cookie, no Accept-Encoding: page-cache
//   hits answered by the edge); the server's CPU (all its threads, schedstat; utime + stime from
//   /proc/<pid>/stat beside it) and this process's (autocannon's) CPU, per request, the server's
//   idle rate measured before the rounds subtracted;
// - renders (BENCH_COST_RENDERS > 0): that many requests each with a query string of its own
//   (`?cost=<n>`), so that every one is a page-cache miss rendered by React Router: server CPU
//   and statements per render.
// Prints each round, then medians, and for two pages the median of the rounds' ratios.
// BENCH_COST_CLIENT=node sends the hits with node:http instead (X-Cache counted);
// BENCH_COST_CLIENT=keep-bodies with autocannon keeping each body, as the bench did before 057.
import os from "node:os";
import http from "node:http";
import autocannon from "autocannon";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { productionAppEnv } from "./lib/app-server.js";
import { LOOPBACK, freePort, get, spawnNode, stopProcess, waitForReady } from "./lib/processes.js";
import { intSetting } from "./lib/int-setting.js";
import { discardBodies } from "./lib/body-blind.js";

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const buildDirs = (process.env.BENCH_BUILD_DIR || ".bench/build").split(",");
const paths = (process.env.BENCH_COST_PATHS || "/product/1,/cards/1").split(",");
const requests = intSetting("BENCH_COST_REQUESTS", 2000, 10, 100_000);
const renders = intSetting("BENCH_COST_RENDERS", 100, 0, 10_000);
const rounds = intSetting("BENCH_COST_ROUNDS", 3, 1, 20);
const connections = intSetting("BENCH_COST_CONNECTIONS", 50, 1, 256);
/** BENCH_COST_CLIENT=node sends the hits with node:http (one process, X-Cache counted) instead. */
const nodeClient = process.env.BENCH_COST_CLIENT === "node";
/**
 * BENCH_COST_CLIENT=keep-bodies lets autocannon keep each body as a string, as `npm run bench` did
 * before docs/decisions/057-a-body-blind-bench-client.md (bench/lib/body-blind.js).
 */
const keepBodies = process.env.BENCH_COST_CLIENT === "keep-bodies";
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
    ...(keepBodies ? {} : { setupClient: discardBodies }),
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

async function startApp(buildDir) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "packvault-cost-"));
  const port = await freePort();
  const metricsPort = await freePort();
  const env = {
    ...productionAppEnv({ port, dataDir, buildDir }),
    METRICS_PORT: String(metricsPort),
  };
  const handle = spawnNode(["server.js"], { cwd: rootDir, env });
  const origin = `http://${LOOPBACK}:${port}`;
  await waitForReady(`${origin}/readyz`, handle, 180_000);
  const metrics = `http://${LOOPBACK}:${metricsPort}/metrics`;
  return { handle, pid: handle.child.pid, origin, dataDir, metrics, buildDir };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fmt = (n) => n.toFixed(1).padStart(8);

/** A build's page: `name` labels it ("<build> <page>" with several builds). */
const targetsOf = (apps) =>
  apps.flatMap((app) =>
    paths.map((page) => ({
      app,
      page,
      name: apps.length > 1 ? `${path.basename(app.buildDir)} ${page}` : page,
    })),
  );

/** Each target's hits in `order`: `{ name: { schedUs, statUs, clientUs, seen } }`. */
async function hitRound(order, label) {
  const rows = {};
  for (const { app, page, name } of order) {
    const url = `${app.origin}${page}`;
    await load(() => url, connections * 4); // the page stored and fresh again
    const client0 = process.cpuUsage();
    const a = cpuOf(app.pid);
    const seen = nodeClient ? await load(() => url, requests) : await cannon(url, requests);
    const b = cpuOf(app.pid);
    const client = process.cpuUsage(client0);
    const clientUs = (client.user + client.system) / requests;
    rows[name] = { ...perRequest(a, b, requests, app.idleNsPerS), clientUs, seen };
    const { schedUs, statUs } = rows[name];
    console.log(
      `${label} ${name.padEnd(24)} hit ${fmt(schedUs)} µs (stat ${fmt(statUs)}), client ${fmt(clientUs)} µs ${JSON.stringify(seen)}`,
    );
  }
  return rows;
}

/** Each target's renders: `{ name: { schedUs, statements, seen } }`. */
async function renderRound(targets, index) {
  const rows = {};
  for (const { app, page, name } of targets) {
    const url = `${app.origin}${page}${page.includes("?") ? "&" : "?"}cost=${index}-`;
    const s0 = await statements(app.metrics);
    const a = cpuOf(app.pid);
    const seen = await load((i) => `${url}${i}`, renders);
    const cost = perRequest(a, cpuOf(app.pid), renders, app.idleNsPerS);
    const perRender = ((await statements(app.metrics)) - s0) / renders;
    rows[name] = { ...cost, statements: perRender, seen };
    console.log(
      `render ${index + 1} ${name.padEnd(24)} ${fmt(cost.schedUs)} µs, ` +
        `${perRender.toFixed(1)} stmts ${JSON.stringify(seen)}`,
    );
  }
  return rows;
}

/** The server's CPU rate while nobody asks it anything, ns a second (background jobs). */
async function idleRate(pid) {
  const a = cpuOf(pid);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const b = cpuOf(pid);
  return (b.ns - a.ns) / (Number(b.at - a.at) / 1e9);
}

/** Medians of the rounds, and the ratios of the second page to the first (each build). */
function summary(apps, targets, hits, rendered) {
  console.log(`\nmedians over ${rounds} rounds (µs of CPU a request):`);
  for (const { name } of targets) {
    const of = (rows, field) => median(rows.map((r) => r[name][field]));
    let line = `  ${name.padEnd(24)} server ${fmt(of(hits, "schedUs"))} (stat ${fmt(of(hits, "statUs"))}), client ${fmt(of(hits, "clientUs"))}`;
    if (rendered.length > 0) {
      line += `   render ${fmt(of(rendered, "schedUs"))}, ${of(rendered, "statements").toFixed(1)} statements`;
    }
    console.log(line);
  }
  if (paths.length !== 2) return;
  for (const app of apps) {
    const [first, second] = targets.filter((t) => t.app === app).map((t) => t.name);
    const ratio = (f) => median(hits.map((r) => f(r[second]) / f(r[first]))).toFixed(3);
    console.log(
      `  ${second} / ${first}: server ${ratio((x) => x.schedUs)}, client ${ratio((x) => x.clientUs)}, ` +
        `both ${ratio((x) => x.schedUs + x.clientUs)}`,
    );
  }
}

async function main() {
  const apps = [];
  try {
    for (const dir of buildDirs) apps.push(await startApp(dir));
    const targets = targetsOf(apps);
    for (const { app, page, name } of targets) {
      const { status, body } = await get(`${app.origin}${page}`);
      const nonces = body.toString("utf8").split(' nonce="').length - 1;
      console.log(`${name}: ${status}, ${body.length} bytes, ${nonces} nonce slots`);
    }
    for (const app of apps) app.idleNsPerS = await idleRate(app.pid);
    const idle = apps.map((app) => (app.idleNsPerS / 1e6).toFixed(2)).join(", ");
    console.log(`idle: ${idle} ms CPU a second (subtracted)\n`);
    await hitRound(targets, "warm-up"); // JIT, discarded
    const hits = [];
    for (let i = 0; i < rounds; i++) {
      const order = i % 2 === 0 ? targets : [...targets].reverse();
      hits.push(await hitRound(order, `round ${i + 1}`));
    }
    const rendered = [];
    if (renders > 0) {
      await renderRound(targets, -1); // JIT, discarded
      for (let i = 0; i < rounds; i++) rendered.push(await renderRound(targets, i));
    }
    summary(apps, targets, hits, rendered);
  } finally {
    agent.destroy();
    for (const app of apps) {
      await stopProcess(app.handle, 15_000);
      rmSync(app.dataDir, { recursive: true, force: true });
    }
  }
}

await main();
