import { eq, sql } from "drizzle-orm";
import type { Ctx } from "../context";
import { playAccounts } from "../db/schema";
import type { PauseView } from "~/lib/play";

/** A transaction the play functions join (they never open their own inside a movement). */
export type PlayTx = Parameters<Parameters<Ctx["db"]["transaction"]>[0]>[0];

export type PlayAccountRow = typeof playAccounts.$inferSelect;

/**
 * Locks `userId`'s play account row for the rest of the caller's transaction, making it on
 * first use, and returns it. Every guarded movement and every change of limits or pauses takes
 * this lock first, before any wallet row, so a user's guarded movements are serialized without
 * a lock-order cycle (decision record 010). One statement once the row exists: SELECT ... FOR
 * UPDATE, which writes no new row version (a second transaction waits here until the first
 * commits). On first use an upsert makes the row; two first uses at once meet on its key, and
 * the second waits for the first and then locks the row it made.
 */
export async function lockPlayAccount(tx: PlayTx, userId: string): Promise<PlayAccountRow> {
  const [existing] = await tx
    .select()
    .from(playAccounts)
    .where(eq(playAccounts.userId, userId))
    .for("update");
  if (existing) return existing;
  const [made] = await tx
    .insert(playAccounts)
    .values({ userId })
    .onConflictDoUpdate({ target: playAccounts.userId, set: { userId: sql`excluded.user_id` } })
    .returning();
  return made!;
}

/** The pause a play account row holds that is still in force at `now`, or null. */
export function pauseInForce(row: PlayAccountRow | undefined, now: Date): PauseView | null {
  if (!row?.pauseKind || !row.pauseUntil || !row.pauseStartedAt || row.pauseUntil <= now) {
    return null;
  }
  return { kind: row.pauseKind, startedAt: row.pauseStartedAt, until: row.pauseUntil };
}
