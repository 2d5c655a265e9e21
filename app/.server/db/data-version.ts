import { sql } from "drizzle-orm";
import type { Database } from "./client";
import { queryRows } from "./rows";

/**
 * The database's data version as a column of any statement: `pg_current_snapshot()` as text
 * (`xmin:xmax:xip,...`, 64-bit transaction ids). A transaction that writes gets an id; when it
 * ends (committed or rolled back) the snapshot's `xmax` moves past it or its id leaves the
 * in-progress list, so two equal readings mean that no transaction's writes became visible
 * between them: everything a statement read after the first reading reads the same after the
 * second. Unequal readings say nothing (a rollback, a job's write to another table): the
 * version is exact but coarse (docs/decisions/062-signed-in-page-cache.md).
 */
export const dataVersionSql = sql<string>`pg_current_snapshot()::text`;

/** {@link dataVersionSql} in a statement of its own, on either driver. */
export async function readDataVersion(db: Pick<Database, "execute">): Promise<string> {
  const [row] = await queryRows<{ version: string }>(db, sql`select ${dataVersionSql} as version`);
  return row!.version;
}
