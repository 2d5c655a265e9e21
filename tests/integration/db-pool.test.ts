import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import {
  openDatabase,
  PREPARED_STATEMENTS_PER_CONNECTION,
  type DatabaseHandle,
} from "~/.server/db/client";
import { queryRows } from "~/.server/db/rows";
import { filledBeforeAll } from "../helpers/file-setup";

const adminUrl = process.env.TEST_DATABASE_URL!;

// PostgreSQL only (vitest.config.ts keeps this file out of the PGlite project).
/** A client of the PostgreSQL server as its admin (TEST_DATABASE_URL), not yet connected. */
const admin = () => new pg.Client({ connectionString: adminUrl });

/** Runs `statement` as the server's admin on a connection of its own. */
async function asAdmin(statement: string): Promise<void> {
  const c = admin();
  await c.connect();
  await c.query(statement);
  await c.end();
}

/**
 * A new empty database named `name` for the describe block this is called in, created before its
 * tests and opened with a pool of `poolSize` connections (`onIdleClientError` as given), closed
 * and dropped after them. @returns the handle, filled once the block's tests run.
 */
function scratchDatabase(
  name: string,
  options: { poolSize: number; onIdleClientError?: (error: Error) => void },
): DatabaseHandle {
  const handle = filledBeforeAll(async () => {
    await asAdmin(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return openDatabase({ driver: "postgres", url: url.toString(), ...options });
  });
  afterAll(async () => {
    await handle.close();
    await asAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
  return handle;
}

describe("the PostgreSQL pool when the server cuts an idle connection", () => {
  const name = `pv_pool_${randomBytes(6).toString("hex")}`;
  const failures: Error[] = [];
  const handle = scratchDatabase(name, {
    poolSize: 2,
    onIdleClientError: (error) => failures.push(error),
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

describe("the PostgreSQL pool's prepared statements", () => {
  const handle = scratchDatabase(`pv_prep_${randomBytes(6).toString("hex")}`, { poolSize: 1 });

  /** The statements the pool's one connection holds prepared, as the server lists them. */
  const prepared = async () =>
    (
      await queryRows<{ statement: string }>(
        handle.db,
        sql`SELECT statement FROM pg_prepared_statements`,
      )
    ).map((row) => row.statement);

  it("prepares a parameterised text once per connection and answers with each call's values", async () => {
    const twice = (n: number) => queryRows(handle.db, sql`SELECT ${n}::int * 2 AS twice`);
    const answers = await Promise.all([1, 2, 3].map(async (n) => (await twice(n))[0]));
    expect(answers).toEqual([{ twice: 2 }, { twice: 4 }, { twice: 6 }]);
    const same = (await prepared()).filter((text) => text.includes("::int * 2 AS twice"));
    expect(same).toHaveLength(1);
    // A text without parameters is not kept.
    await handle.db.execute(sql`SELECT 41 + 1 AS unprepared`);
    expect((await prepared()).some((text) => text.includes("unprepared"))).toBe(false);
  });

  it(`keeps at most ${PREPARED_STATEMENTS_PER_CONNECTION} statements on a connection and runs the rest unnamed`, async () => {
    const count = PREPARED_STATEMENTS_PER_CONNECTION + 10;
    for (let i = 0; i < count; i++) {
      const [row] = await queryRows<Record<string, number>>(
        handle.db,
        sql`SELECT ${i}::int AS ${sql.raw(`n${i}`)}`,
      );
      expect(row![`n${i}`]).toBe(i);
    }
    expect((await prepared()).length).toBe(PREPARED_STATEMENTS_PER_CONNECTION);
  });
});
