// Types of driver-run.js, which the JavaScript benches run as plain JavaScript.

/** The database drivers a benchmark runs on, in this order. */
export const DRIVERS: readonly ["postgres", "pglite"];
export type Driver = (typeof DRIVERS)[number];

/** The drivers BENCH_DRIVERS lists (both when unset); anything else exits with code 2. */
export function driversSetting(): Driver[];

/** The bookkeeping of a run (see driver-run.js). */
export type Run = {
  fail: (message: string) => void;
  cleanups: Set<() => Promise<void>>;
  cleanUp: () => Promise<void>;
  exitCode: () => number;
  stop: () => void;
};

/** Guards a benchmark process with a watchdog and signal handlers; returns the watchdog's stop. */
export function guardRun(
  budgetMs: number,
  options: {
    fail: (message: string) => void;
    cleanUp: () => Promise<void>;
    undoing: string;
  },
): () => void;

/** BENCH_POOL_SIZE, the drivers and BENCH_DATABASE_URL (see driver-run.js). */
export function databaseSettings(): { poolSize: number; drivers: Driver[]; adminUrl: string };

/** Starts a run's bookkeeping, its watchdog of `budgetMs` and its signal handlers. */
export function startRun(budgetMs: number): Run;

/** A scratch database on `adminUrl`'s server, dropped by the run's clean-up. */
export function openScratchPostgres(
  run: Pick<Run, "cleanups" | "fail">,
  adminUrl: string,
): Promise<import("./scratch-postgres.js").ScratchPostgres>;

/** Runs `body()` with `handle` open and registered with the run's clean-ups, then closes it. */
export function withDatabase<T>(
  run: Pick<Run, "cleanups">,
  handle: { close: () => Promise<void> },
  body: () => Promise<T>,
): Promise<T>;
