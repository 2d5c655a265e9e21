// Types of scratch-postgres.js, which the JavaScript benches run as plain JavaScript.
import type pg from "pg";

/** A throwaway database: its name, its URL, and `drop()` (a failure to drop as a message). */
export type ScratchPostgres = { name: string; url: string; drop: () => Promise<string | null> };

/**
 * Creates `pv_bench_<random>` on the server of `adminUrl` (see scratch-postgres.js).
 * @throws Error when the server cannot be reached or refuses CREATE DATABASE.
 */
export function createScratchPostgres(adminUrl: string): Promise<ScratchPostgres>;

/**
 * Resolves once the database `name` has no connections (at most 5 s), asking through `client`
 * (see scratch-postgres.js).
 */
export function waitForNoConnections(client: pg.Client, name: string): Promise<void>;
