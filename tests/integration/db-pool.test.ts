import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/.server/db/client";

const adminUrl = process.env.TEST_DATABASE_URL!;

// PostgreSQL only (vitest.config.ts keeps this file out of the PGlite project).
describe("the PostgreSQL pool when the server cuts an idle connection", () => {
  const name = `pv_pool_${randomBytes(6).toString("hex")}`;
  const failures: Error[] = [];
  let handle: DatabaseHandle;
  const admin = () => new pg.Client({ connectionString: adminUrl });

  beforeAll(async () => {
    const c = admin();
    await c.connect();
    await c.query(`CREATE DATABASE ${name}`);
    await c.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    handle = await openDatabase({
      driver: "postgres",
      url: url.toString(),
      poolSize: 2,
      onIdleClientError: (error) => failures.push(error),
    });
  });
  afterAll(async () => {
    await handle.close();
    const c = admin();
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  });

  it("reports the failure, keeps the process alive and answers on a new connection", async () => {
    await handle.ping(); // one pooled connection, idle once the query is done
    const c = admin();
    await c.connect();
    const { rows } = await c.query<{ n: number }>(
      "SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = $1",
      [name],
    );
    await c.end();
    expect(rows[0]!.n).toBeGreaterThan(0);
    await expect.poll(() => failures.length, { timeout: 5_000 }).toBeGreaterThan(0);
    expect(failures[0]!.message).toMatch(/terminat/i);
    await expect(handle.ping()).resolves.toBeUndefined();
  });
});
