// A throwaway PostgreSQL database for a benchmark run: created on a server the caller names,
// dropped afterwards (as tests/helpers/db.ts does for a test file, with waitForNoConnections).
import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * Creates `pv_bench_<random>` on the server of `adminUrl` (a URL whose user may CREATE
 * DATABASE) and returns `{ name, url, drop }`. `drop()` waits up to 5 s for the database's
 * connections to hang up (a pool's end() resolves before its clients have gone; forcing them
 * off would reach a client without an error listener), then drops it WITH (FORCE). It never
 * throws: a failure to drop is returned as a message.
 * @throws Error when the server cannot be reached or refuses CREATE DATABASE.
 */
export async function createScratchPostgres(adminUrl) {
  const name = `pv_bench_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;

  let dropped = false;
  async function drop() {
    if (dropped) return null;
    dropped = true;
    const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
    try {
      await client.connect();
      await waitForNoConnections(client, name);
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      return null;
    } catch (error) {
      return `could not drop ${name}: ${error.message}`;
    } finally {
      await client.end().catch(() => {});
    }
  }
  return { name, url: url.toString(), drop };
}

/**
 * Resolves once the database `name` has no connections (at most 5 s), asking through the
 * connected pg.Client `client`: `pool.end()` resolves before its clients have hung up, and
 * dropping or copying a database with FORCE would then reach a client without an error listener
 * (an uncaught 57P01), or refuse to copy it. Used here and by tests/helpers (template and
 * per-file databases).
 */
export async function waitForNoConnections(client, name) {
  for (let i = 0; i < 50; i++) {
    const { rows } = await client.query(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1",
      [name],
    );
    if (rows[0].n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
