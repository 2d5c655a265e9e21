import path from "node:path";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { syncOddsCommitments } from "../packs/odds";
import type { DatabaseHandle } from "../db/client";

/** The committed drizzle-kit migrations, relative to the project root. */
export const migrationsDir = (rootDir: string) => path.join(rootDir, "drizzle");

/**
 * Applies every pending migration in `drizzle/`, then the one data step SQL cannot do: the odds
 * commitments, which are hashes computed in app/lib/ (syncOddsCommitments). A no-op on an
 * up-to-date database.
 */
export async function migrateDatabase(
  handle: DatabaseHandle,
  migrationsFolder: string,
): Promise<void> {
  if (handle.driver === "postgres") {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await migratePg(handle.db as any, { migrationsFolder });
  } else {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await migratePglite(handle.db as any, { migrationsFolder });
  }
  await syncOddsCommitments(handle.db);
}
