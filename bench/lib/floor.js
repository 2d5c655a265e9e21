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

/**
 * Makes (or refills) the second floor's table: `units` rows to claim, none claimed, and its
 * empty log table. What an opening that pulls one slab of a pool cannot do with less.
 */
export async function prepareClaimFloor(db, units) {
  await db.execute(sql`DROP TABLE IF EXISTS bench_claim_items`);
  await db.execute(sql`CREATE TABLE bench_claim_items
    (id int PRIMARY KEY, claimed boolean NOT NULL DEFAULT false)`);
  await db.execute(sql`CREATE INDEX ON bench_claim_items (id) WHERE NOT claimed`);
  await db.execute(sql`INSERT INTO bench_claim_items (id) SELECT generate_series(1, ${units})`);
  await db.execute(sql`CREATE TABLE IF NOT EXISTS bench_claim_log
    (id bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY, item int NOT NULL, worker int NOT NULL,
     at timestamptz NOT NULL DEFAULT now())`);
}

/**
 * One transaction of the claim floor for worker `i`: claims one of many unclaimed rows, the
 * first in id order that no other transaction holds (`FOR UPDATE SKIP LOCKED`), and logs it.
 * Resolves `false` once every row is claimed (for {@link crowd}).
 */
export function claimFloorStep(db) {
  return (i) =>
    db.transaction(async (tx) => {
      const taken = await tx.execute(sql`UPDATE bench_claim_items SET claimed = true
        WHERE id = (SELECT id FROM bench_claim_items WHERE NOT claimed ORDER BY id LIMIT 1
          FOR UPDATE SKIP LOCKED)
        RETURNING id`);
      if (taken.rows.length === 0) return false;
      await tx.execute(
        sql`INSERT INTO bench_claim_log (item, worker) VALUES (${taken.rows[0].id}, ${i})`,
      );
      return true;
    });
}
