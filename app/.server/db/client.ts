import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseHandle = {
  db: Database;
  driver: "pglite" | "postgres";
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
};

export type DatabaseOptions =
  | { driver: "postgres"; url: string; poolSize?: number }
  /** `dataDir` undefined keeps the database in memory (tests). */
  | { driver: "pglite"; dataDir?: string };

/**
 * Opens the database: PostgreSQL through a `pg` Pool, or embedded PGlite (file-backed
 * under `dataDir/pglite`, or in memory).
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.driver === "postgres") {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    const db = drizzlePg({ client: pool, schema, casing: "snake_case" }) as unknown as Database;
    return {
      db,
      driver: "postgres",
      ping: async () => void (await pool.query("select 1")),
      close: () => pool.end(),
    };
  }
  let dir: string | undefined;
  if (options.dataDir) {
    dir = path.resolve(options.dataDir, "pglite");
    mkdirSync(dir, { recursive: true });
  }
  const client = await PGlite.create(dir);
  const db = drizzlePglite({ client, schema, casing: "snake_case" }) as unknown as Database;
  return {
    db,
    driver: "pglite",
    ping: async () => void (await db.execute(sql`select 1`)),
    close: () => client.close(),
  };
}
