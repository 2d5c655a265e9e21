// The frame of a database benchmark run on each driver (pack-drop.js, leaderboard.ts): which
// drivers, what to undo when it stops, how long it may take, and each driver's database kept
// open only while it is measured. Types: driver-run.d.ts.

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
  const watchdog = setTimeout(async () => {
    fail(`did not finish within ${budgetMs / 1000} s; stopping`);
    await cleanUp();
    process.exit(1);
  }, budgetMs);
  watchdog.unref();
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.once(signal, async () => {
      console.error(`\nbench: ${signal}, dropping the scratch database`);
      await cleanUp();
      process.exit(130);
    });
  }
  return {
    fail,
    cleanups,
    cleanUp,
    exitCode: () => exitCode,
    stop: () => clearTimeout(watchdog),
  };
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
