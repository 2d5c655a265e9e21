// The frame of a benchmark run: a watchdog and signal handlers for any (guardRun, storefront.js
// too), and for a database benchmark run on each driver (pack-drop.js, leaderboard.ts): which
// drivers, what to undo when it stops, how long it may take, and each driver's database kept
// open only while it is measured. Types: driver-run.d.ts.
import { intSetting } from "./int-setting.js";
import { createScratchPostgres } from "./scratch-postgres.js";

/** The database drivers a benchmark runs on, in this order. */
export const DRIVERS = ["postgres", "pglite"];

/**
 * The drivers BENCH_DRIVERS lists ("pglite", "postgres,pglite"), each once; both when it is
 * unset or empty. Anything else ends the process with exit code 2.
 */
export function driversSetting() {
  const raw = process.env.BENCH_DRIVERS;
  if (raw === undefined || raw === "") return [...DRIVERS];
  const drivers = raw.split(",").map((d) => d.trim());
  if (drivers.length === 0 || drivers.some((d) => !DRIVERS.includes(d))) {
    console.error(`BENCH_DRIVERS must list postgres and/or pglite, got "${raw}"`);
    process.exit(2);
  }
  return [...new Set(drivers)];
}

/**
 * Starts the bookkeeping of a run: `fail(message)` prints it and makes the exit code 1;
 * `cleanups` holds what must be undone if the run is interrupted (open databases, a scratch
 * database), which `cleanUp()` runs newest first; `exitCode()` is 0 until something failed;
 * `stop()` ends the watchdog. The watchdog fails the run and exits 1 after `budgetMs`; SIGINT and
 * SIGTERM clean up and exit 130.
 */
export function startRun(budgetMs) {
  let exitCode = 0;
  const cleanups = new Set();
  const fail = (message) => {
    console.error(`\nbench: ${message}`);
    exitCode = 1;
  };
  const cleanUp = async () => {
    for (const cleanup of [...cleanups].reverse()) await cleanup();
    cleanups.clear();
  };
  const stop = guardRun(budgetMs, { fail, cleanUp, undoing: "dropping the scratch database" });
  return { fail, cleanups, cleanUp, exitCode: () => exitCode, stop };
}

/**
 * Guards a benchmark process: after `budgetMs` it calls `fail`, then `cleanUp()`, and exits 1;
 * on SIGINT or SIGTERM it says it is `undoing` ("stopping the servers"), calls `cleanUp()` and
 * exits 130. Returns the function that ends the watchdog (the signal handlers stay).
 */
export function guardRun(budgetMs, { fail, cleanUp, undoing }) {
  const watchdog = setTimeout(async () => {
    fail(`did not finish within ${Math.round(budgetMs / 1000)} s; stopping`);
    await cleanUp();
    process.exit(1);
  }, budgetMs);
  watchdog.unref();
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.once(signal, async () => {
      console.error(`\nbench: ${signal}, ${undoing}`);
      await cleanUp();
      process.exit(130);
    });
  }
  return () => clearTimeout(watchdog);
}

/**
 * The settings every database benchmark reads: BENCH_POOL_SIZE (1-100, default 20) connections
 * on PostgreSQL, the drivers (driversSetting), and BENCH_DATABASE_URL, the PostgreSQL server on
 * which a scratch database is made (a local one by default).
 */
export function databaseSettings() {
  return {
    poolSize: intSetting("BENCH_POOL_SIZE", 20, 1, 100),
    drivers: driversSetting(),
    adminUrl: process.env.BENCH_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres",
  };
}

/**
 * A scratch database on the server of `adminUrl` (createScratchPostgres), dropped by the run's
 * clean-up; a failure to drop fails the run. Returns `{ name, url, drop }`.
 * @throws Error when the server cannot be reached or refuses CREATE DATABASE.
 */
export async function openScratchPostgres({ cleanups, fail }, adminUrl) {
  const scratch = await createScratchPostgres(adminUrl);
  cleanups.add(async () => {
    const problem = await scratch.drop();
    if (problem) fail(problem);
  });
  return scratch;
}

/**
 * Runs `body()` with the database `handle` open and registered with the run's `cleanups`, then
 * closes it (once, whichever comes first: the end of `body` or an interrupted run's clean-up).
 * Returns what `body` returns.
 */
export async function withDatabase({ cleanups }, handle, body) {
  let closed = false;
  const close = async () => {
    if (!closed) {
      closed = true;
      await handle.close();
    }
  };
  cleanups.add(close);
  try {
    return await body();
  } finally {
    await close();
    cleanups.delete(close);
  }
}
