// The floor a pack drop is compared with: the least a transaction that sells one unit of a
// shared stock can do. It conditionally updates one shared row and inserts one row, through
// the same Drizzle database (and so the same pool) as the domain code.
import { sql } from "drizzle-orm";

/** Makes (or refills) the floor's shared row with `units` and its empty log table. */
export async function prepareFloor(db, units) {
  await db.execute(sql`CREATE TABLE IF NOT EXISTS bench_floor_stock
    (id int PRIMARY KEY, left_count int NOT NULL CHECK (left_count >= 0))`);
  await db.execute(sql`CREATE TABLE IF NOT EXISTS bench_floor_log
    (id bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY, worker int NOT NULL,
     at timestamptz NOT NULL DEFAULT now())`);
  await db.execute(sql`INSERT INTO bench_floor_stock VALUES (1, ${units})
    ON CONFLICT (id) DO UPDATE SET left_count = excluded.left_count`);
}

/**
 * One floor transaction for worker `i`: takes a unit of the shared row if any is left and logs
 * it. Resolves `false` once the stock is gone (for {@link crowd}).
 */
export function floorStep(db) {
  return (i) =>
    db.transaction(async (tx) => {
      const taken = await tx.execute(sql`UPDATE bench_floor_stock SET left_count = left_count - 1
        WHERE id = 1 AND left_count > 0 RETURNING left_count`);
      if (taken.rows.length === 0) return false;
      await tx.execute(sql`INSERT INTO bench_floor_log (worker) VALUES (${i})`);
      return true;
    });
}
