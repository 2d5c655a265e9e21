// Types of scratch-postgres.js, which the JavaScript benches run as plain JavaScript.

/** A throwaway database: its name, its URL, and `drop()` (a failure to drop as a message). */
export type ScratchPostgres = { name: string; url: string; drop: () => Promise<string | null> };

/**
 * Creates `pv_bench_<random>` on the server of `adminUrl` (see scratch-postgres.js).
 * @throws Error when the server cannot be reached or refuses CREATE DATABASE.
 */
export function createScratchPostgres(adminUrl: string): Promise<ScratchPostgres>;
