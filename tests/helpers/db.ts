import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import pg from "pg";
import pino from "pino";
import { inject } from "vitest";
import { cryptoRandom, makeCtx, type Actor, type Ctx, type SaleAnnouncer } from "~/.server/context";
import { openDatabase, type DatabaseHandle } from "~/.server/db/client";
import { waitForNoConnections } from "../../bench/lib/scratch-postgres.js";

export type TestDatabase = DatabaseHandle & {
  /** A domain context on this database with a fixed clock. */
  ctx(options?: { actor?: Actor; now?: Date; salesFeed?: SaleAnnouncer }): Ctx;
  /** The per-file database's URL on PostgreSQL (to open a second pool, as another instance); null on PGlite. */
  url: string | null;
  /** Closes the connection and drops the per-file database (PostgreSQL). */
  destroy(): Promise<void>;
};

/**
 * A fresh, migrated database for one test file, copied from the run's migrated template
 * (tests/helpers/template-database.ts): in-memory PGlite loaded from the dumped data directory,
 * or (TEST_DB_DRIVER=postgres) a new database created from the template database on the
 * TEST_DATABASE_URL server and dropped by destroy().
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
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject("postgresTemplate")}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    handle = await openDatabase({ driver: "postgres", url: databaseUrl, poolSize: 20 });
    drop = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await waitForNoConnections(c, name);
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  } else {
    const template = await readFile(inject("pgliteTemplate"));
    handle = await openDatabase({ driver: "pglite", loadDataDir: new Blob([template]) });
  }
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
