import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { dbQueryDuration, watchPool } from "../metrics";
import { takeTurns, type PgliteTurns } from "./pglite-turns";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseHandle = {
  db: Database;
  driver: "pglite" | "postgres";
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  /**
   * Runs `work` while holding the database's one migration lock (a PostgreSQL session-level
   * advisory lock on a connection of its own), so instances starting together migrate and seed
   * one after the other; PGlite lives in one process, where calls take turns.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  /**
   * PGlite only (null on PostgreSQL, where other processes write too): tells `listener` of every
   * statement of this process that may write to one of `tables` ({@link PgliteTurns.onWrite}).
   */
  onWrite: PgliteTurns["onWrite"] | null;
  close(): Promise<void>;
};

/** The advisory lock key held around migrations and the first seed (any fixed bigint). */
const MIGRATION_LOCK_KEY = "7301942017";

/**
 * How many statements one pooled connection keeps prepared (server-side, by name) at most; the
 * statements a connection sends first keep their names, later new texts run unnamed. The app's
 * statements are a few hundred fixed texts (values are parameters), so the hot ones are in.
 */
export const PREPARED_STATEMENTS_PER_CONNECTION = 256;

type QueryConfig = { text?: unknown; values?: unknown; name?: unknown; submit?: unknown };

/**
 * Names `config` after its text when it has parameters and no name yet, so PostgreSQL parses and
 * plans that text once per connection (a named prepared statement, `pg` sends Parse only the
 * first time) instead of on every call; `names` maps this connection's texts to their names
 * (docs/decisions/035-prepared-statements-and-the-drop.md). Texts without parameters (DDL,
 * BEGIN, COMMIT, migrations' multi-statement scripts) stay unnamed.
 */
function withStatementName(config: unknown, values: unknown, names: Map<string, string>): unknown {
  if (typeof config === "string") {
    if (!Array.isArray(values) || values.length === 0) return config;
    const name = statementName(config, names);
    return name ? { text: config, name } : config;
  }
  const query = config as QueryConfig | null;
  // A submittable (a pg Query or cursor) is passed through as it is.
  if (!query || typeof query.text !== "string" || query.name !== undefined || query.submit) {
    return config;
  }
  const params = query.values ?? values;
  if (!Array.isArray(params) || params.length === 0) return config;
  const name = statementName(query.text, names);
  return name ? { ...query, name } : config;
}

function statementName(text: string, names: Map<string, string>): string | undefined {
  const known = names.get(text);
  if (known || names.size >= PREPARED_STATEMENTS_PER_CONNECTION) return known;
  const name = `pv_${names.size}`;
  names.set(text, name);
  return name;
}

/**
 * Instruments every query of `client`: times it in `packvault_db_query_duration_seconds` and
 * sends a parameterised text as a named prepared statement of this connection
 * ({@link withStatementName}).
 */
function instrumentQueries(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const names = new Map<string, string>();
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const stop = dbQueryDuration.startTimer();
    args[0] = withStatementName(args[0], args[1], names);
    const last = args.at(-1);
    if (typeof last === "function") {
      args[args.length - 1] = (...results: unknown[]) => {
        stop();
        return (last as (...results: unknown[]) => unknown)(...results);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise)
      result.then(
        () => stop(),
        () => stop(),
      );
    return result;
  };
}

export type DatabaseOptions =
  | {
      driver: "postgres";
      url: string;
      poolSize?: number;
      /**
       * Told when an idle pooled connection fails (the server restarted or cut it): the pool
       * drops that connection and opens a new one when needed. Default: a line on stderr.
       */
      onIdleClientError?: (error: Error) => void;
    }
  /**
   * `dataDir` undefined keeps the database in memory (tests); `loadDataDir` starts it from a
   * data directory dumped by PGlite's `dumpDataDir` (a tarball), instead of an empty one.
   */
  | { driver: "pglite"; dataDir?: string; loadDataDir?: Blob };

/**
 * Opens the database: PostgreSQL through a `pg` Pool, or embedded PGlite (file-backed
 * under `dataDir/pglite`, or in memory; from a dumped data directory when `loadDataDir` is given).
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.driver === "postgres") {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    pool.on("connect", instrumentQueries);
    // Without a listener, an idle connection's error would be thrown and end the process.
    pool.on(
      "error",
      options.onIdleClientError ??
        ((error) => console.error(`PostgreSQL: an idle connection failed: ${error.message}`)),
    );
    const unwatch = watchPool(pool);
    const db = drizzlePg({ client: pool, schema, casing: "snake_case" }) as unknown as Database;
    return {
      db,
      driver: "postgres",
      onWrite: null,
      ping: async () => void (await pool.query("select 1")),
      exclusively: async (work) => {
        const client = await pool.connect();
        try {
          await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
          try {
            return await work();
          } finally {
            await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
          }
        } finally {
          client.release();
        }
      },
      close: () => {
        unwatch();
        return pool.end();
      },
    };
  }
  let dir: string | undefined;
  if (options.dataDir) {
    dir = path.resolve(options.dataDir, "pglite");
    mkdirSync(dir, { recursive: true });
  }
  const client = await PGlite.create({ dataDir: dir, loadDataDir: options.loadDataDir });
  const turns = takeTurns(client);
  /** The end of the last `exclusively` call: calls take turns within this one process. */
  let turn: Promise<void> = Promise.resolve();
  const db = drizzlePglite({ client, schema, casing: "snake_case" }) as unknown as Database;
  return {
    db,
    driver: "pglite",
    onWrite: turns.onWrite,
    ping: async () => void (await db.execute(sql`select 1`)),
    exclusively: (work) => {
      const result = turn.then(work);
      turn = result.then(
        () => {},
        () => {},
      );
      return result;
    },
    close: () => client.close(),
  };
}
