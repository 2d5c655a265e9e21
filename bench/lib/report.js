// What the benchmarks print and write around their measurements: the machine a result file was
// made on, the file itself, and the loop over the database drivers (pack-drop.js, leaderboard.ts,
// storefront.js). Types: report.d.ts.
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * The machine a result was measured on: Node's version, the platform, the CPUs, and the load
 * average over 1, 5 and 15 minutes (rounded to 0.01). The load average is an object, not an
 * array, so that the file is already in Prettier's JSON style.
 */
export function machineInfo() {
  return {
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? null,
    loadAverage: Object.fromEntries(
      ["1m", "5m", "15m"].map((span, i) => [span, Number(os.loadavg()[i].toFixed(2))]),
    ),
  };
}

/** Writes `report` as pretty JSON to `file` and says so, with the path relative to `rootDir`. */
export function writeResults(rootDir, file, report) {
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`Results written to ${path.relative(rootDir, file)}`);
}

/**
 * Runs `runOn(driver)` for each of `drivers` in turn and returns the rows of those that
 * succeeded. A failed run is reported through `fail` (on PostgreSQL with a hint at
 * BENCH_DATABASE_URL, `adminUrl` being the server tried); `cleanUp` runs after each.
 */
export async function runEachDriver(drivers, runOn, { adminUrl, fail, cleanUp }) {
  const rows = [];
  for (const driver of drivers) {
    try {
      rows.push(await runOn(driver));
    } catch (error) {
      fail(
        `the ${driver} run failed: ${error.stack ?? error.message}` +
          (driver === "postgres"
            ? `\n(PostgreSQL at ${adminUrl}: set BENCH_DATABASE_URL, or BENCH_DRIVERS=pglite)`
            : ""),
      );
    } finally {
      await cleanUp();
    }
  }
  return rows;
}
