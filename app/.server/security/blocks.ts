import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { Ctx } from "../context";
import type { Database } from "../db/client";
import { blockedEntities } from "../db/schema";

/** A database handle or a transaction on it. */
export type Executor = Pick<Database, "select" | "insert" | "execute">;

/** A `blocked_entities` row that denies access now (docs/product/accounts-and-security.md). */
export type ActiveBlock = {
  entityType: "email" | "ip";
  reason: string;
  /** null: blocked for good. */
  blockedUntil: Date | null;
};

/**
 * The block that denies `email` (case-insensitive) or `ip` at `ctx.now()`: a row whose
 * `blocked_until` is empty or later than now (an expired block no longer denies). A permanent
 * block wins over a timed one, then the one that lasts longest. `ip` null checks the email only.
 */
export async function findActiveBlock(
  ctx: Pick<Ctx, "db" | "now">,
  { email, ip }: { email: string; ip: string | null },
): Promise<ActiveBlock | null> {
  const now = ctx.now();
  const subjects = [
    and(
      eq(blockedEntities.entityType, "email"),
      eq(sql`lower(${blockedEntities.entityValue})`, email.toLowerCase()),
    ),
  ];
  if (ip) {
    subjects.push(and(eq(blockedEntities.entityType, "ip"), eq(blockedEntities.entityValue, ip)));
  }
  const [row] = await ctx.db
    .select({
      entityType: blockedEntities.entityType,
      reason: blockedEntities.reason,
      blockedUntil: blockedEntities.blockedUntil,
    })
    .from(blockedEntities)
    .where(
      and(
        or(...subjects),
        or(isNull(blockedEntities.blockedUntil), gt(blockedEntities.blockedUntil, now)),
      ),
    )
    .orderBy(sql`${blockedEntities.blockedUntil} desc nulls first`)
    .limit(1);
  return row ?? null;
}

/**
 * Blocks `ip` from `now` until `until` unless a block of it is already active, in one
 * `INSERT ... WHERE NOT EXISTS`. Run it inside a transaction holding {@link lockSubject} for the
 * IP, so two concurrent callers cannot both see "no block" (the schema has no unique key for it).
 * @returns whether a block was inserted.
 */
export async function blockIpOnce(
  tx: Executor,
  { ip, reason, now, until }: { ip: string; reason: string; now: Date; until: Date },
): Promise<boolean> {
  const result = await tx.execute(sql`
    INSERT INTO ${blockedEntities} (entity_type, entity_value, reason, blocked_until, created_at)
    SELECT 'ip', ${ip}, ${reason}, ${until.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
    WHERE NOT EXISTS (
      SELECT 1 FROM ${blockedEntities}
      WHERE ${blockedEntities.entityType} = 'ip' AND ${blockedEntities.entityValue} = ${ip}
        AND (${blockedEntities.blockedUntil} IS NULL
          OR ${blockedEntities.blockedUntil} > ${now.toISOString()}::timestamptz)
    )
    RETURNING id`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

/**
 * Serialises the fraud rules for one subject (`email:...` or `ip:...`) until the transaction
 * ends: a PostgreSQL transaction-level advisory lock on a hash of the key.
 */
export async function lockSubject(tx: Executor, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`fraud:${key}`}, 0))`);
}
