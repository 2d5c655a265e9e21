import { randomBytes } from "node:crypto";
import path from "node:path";
import pg from "pg";
import pino from "pino";
import { cryptoRandom, makeCtx, type Actor, type Ctx, type SaleAnnouncer } from "~/.server/context";
import { openDatabase, type DatabaseHandle } from "~/.server/db/client";
import { migrateDatabase, migrationsDir } from "~/.server/db/migrate";

const ROOT = path.resolve(import.meta.dirname, "../..");

export type TestDatabase = DatabaseHandle & {
  /** A domain context on this database with a fixed clock. */
  ctx(options?: { actor?: Actor; now?: Date; salesFeed?: SaleAnnouncer }): Ctx;
  /** The per-file database's URL on PostgreSQL (to open a second pool, as another instance); null on PGlite. */
  url: string | null;
  /** Closes the connection and drops the per-file database (PostgreSQL). */
  destroy(): Promise<void>;
};

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or (TEST_DB_DRIVER=postgres)
 * a new database created on the TEST_DATABASE_URL server and dropped by destroy().
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  let handle: DatabaseHandle;
  let drop = async () => {};
  let databaseUrl: string | null = null;
  if (process.env.TEST_DB_DRIVER === "postgres") {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error("TEST_DATABASE_URL is required for the postgres project");
    const name = `pv_test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    handle = await openDatabase({ driver: "postgres", url: databaseUrl, poolSize: 20 });
    drop = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      // pool.end() resolves before its clients have hung up; terminating them with FORCE then
      // reaches a client without an error listener (an uncaught 57P01). Wait for them (<= 5 s).
      for (let i = 0; i < 50; i++) {
        const { rows } = await c.query(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1",
          [name],
        );
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  } else {
    handle = await openDatabase({ driver: "pglite" });
  }
  await migrateDatabase(handle, migrationsDir(ROOT));
  const log = pino({ level: "silent" });
  return {
    ...handle,
    url: databaseUrl,
    ctx: ({ actor = null, now = new Date("2026-11-01T12:00:00Z"), salesFeed } = {}) =>
      makeCtx({ db: handle.db, actor, now: () => now, random: cryptoRandom, log, salesFeed }),
    destroy: async () => {
      await handle.close();
      await drop();
    },
  };
}
