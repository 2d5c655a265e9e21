// The `node:cluster` primary of `npm start` on PostgreSQL: one worker per core, a dead worker
// replaced, a graceful stop on SIGTERM, and page invalidations passed between workers.
import cluster from "node:cluster";
import os from "node:os";

/** A worker that dies this soon after it started counts as failing to start (milliseconds). */
const QUICK_DEATH_MS = 5_000;
/** After this many quick deaths in a row the primary gives up (a bad deploy, not bad luck). */
const MAX_QUICK_DEATHS = 5;

/**
 * How many workers to run: `WEB_CONCURRENCY`, or the available parallelism (the cores this
 * process may use). Throws an Error naming the variable when it is not a whole number from 1
 * to 256.
 * @param {Record<string, string | undefined>} env
 * @returns {number}
 */
export function workerCount(env = process.env) {
  const raw = env.WEB_CONCURRENCY;
  if (raw === undefined || raw === "") return os.availableParallelism();
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 1 || count > 256) {
    throw new Error(`WEB_CONCURRENCY: must be a whole number from 1 to 256 (got "${raw}")`);
  }
  return count;
}

/**
 * Runs the cluster primary: forks `workers` workers (each runs the entry script again, as a
 * worker), forks a replacement when one dies (after `restartDelayMs`; exits with status 1 after
 * 5 workers in a row died within 5 s of starting), relays `{ packvaultPages }` messages from a
 * worker to every other worker (app/.server/page-cache/invalidation.ts), and on SIGTERM or
 * SIGINT sends SIGTERM to every worker, waits for them to finish their requests and exits 0
 * (or kills them and exits 1 after `graceMs`).
 * @param {{ workers: number, restartDelayMs?: number, graceMs?: number, log?: (line: string) => void }} options
 */
export function runPrimary({
  workers,
  restartDelayMs = 1_000,
  graceMs = 15_000,
  log = (line) => console.log(line),
}) {
  let stopping = false;
  let exitStatus = 0;
  let quickDeaths = 0;
  /** @type {Map<number, number>} worker id -> start time */
  const started = new Map();
  const fork = () => {
    const worker = cluster.fork();
    started.set(worker.id, Date.now());
  };
  const alive = () => Object.values(cluster.workers ?? {}).filter(Boolean);

  cluster.on("message", (from, message) => {
    if (!message || !Array.isArray(message.packvaultPages)) return;
    for (const worker of alive()) if (worker && worker !== from) worker.send(message);
  });

  cluster.on("exit", (worker, code, signal) => {
    const lived = Date.now() - (started.get(worker.id) ?? 0);
    started.delete(worker.id);
    if (stopping) {
      if (alive().length === 0) {
        log("all workers stopped");
        process.exit(exitStatus);
      }
      return;
    }
    quickDeaths = lived < QUICK_DEATH_MS ? quickDeaths + 1 : 0;
    if (quickDeaths >= MAX_QUICK_DEATHS) {
      log(`workers keep dying at start (last: ${signal ?? `exit ${code}`}); stopping`);
      stop(1);
      return;
    }
    log(`worker ${worker.process.pid} died (${signal ?? `exit ${code}`}); starting another`);
    setTimeout(() => stopping || fork(), restartDelayMs);
  });

  /** @param {number} failed the exit status once every worker stopped gracefully: 0 or 1 */
  const stop = (failed = 0) => {
    if (stopping) return;
    stopping = true;
    exitStatus = failed;
    log(`stopping ${alive().length} workers`);
    const workersNow = alive();
    if (workersNow.length === 0) process.exit(failed);
    for (const worker of workersNow) worker?.process.kill("SIGTERM");
    setTimeout(() => {
      for (const worker of alive()) worker?.process.kill("SIGKILL");
      log("workers did not stop in time; killed");
      process.exit(1);
    }, graceMs).unref();
  };
  process.on("SIGTERM", () => stop());
  process.on("SIGINT", () => stop());

  log(`PackVault primary ${process.pid}: starting ${workers} workers`);
  for (let i = 0; i < workers; i += 1) fork();
}
