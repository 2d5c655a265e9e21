// One SQL statement on its own short-lived pg connection: for statements that cannot run inside
// a pool's database (CREATE/DROP DATABASE on the server's admin database). Used by the postgres
// template (template-database.ts) and the topology test.
import pg from "pg";

/** Connects to `connectionString`, runs `sql` (no parameters), and always closes the connection; query errors propagate. */
export async function runSqlOnce(connectionString: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
