import type { SQL } from "drizzle-orm";
import type { Database } from "./client";

/**
 * Runs a raw statement (a CTE the query builder cannot express) in `tx` and returns its rows,
 * whichever driver answers (both give `{ rows }`). Column names are as the SQL spells them;
 * bigint and numeric values arrive as strings.
 */
export async function queryRows<T>(tx: Pick<Database, "execute">, query: SQL): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}
