// Types of report.js, which the JavaScript benches run as plain JavaScript.

/** The machine a result was measured on (see report.js). */
export function machineInfo(): {
  node: string;
  platform: string;
  cpus: number;
  cpuModel: string | null;
  loadAverage: Record<string, number>;
};

/** Writes `report` as pretty JSON to `file` and says so, with the path relative to `rootDir`. */
export function writeResults(rootDir: string, file: string, report: unknown): void;

/**
 * Runs `runOn(driver)` for each of `drivers` in turn and returns the rows of those that
 * succeeded; a failed run is reported through `fail`, `cleanUp` runs after each.
 */
export function runEachDriver<D extends string, R>(
  drivers: readonly D[],
  runOn: (driver: D) => Promise<R>,
  options: {
    adminUrl: string;
    fail: (message: string) => void;
    cleanUp: () => Promise<void>;
  },
): Promise<R[]>;
