import { sql } from "drizzle-orm";
import type { Ctx } from "../context";
import { preparedSql, queryPrepared } from "../db/prepared";
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
 * the second waits for the first and then locks the row it made. The lock is written as SQL:
 * the query builder's building of it cost more Node CPU than the statement (every pack opening
 * sends it).
 */
export async function lockPlayAccount(tx: PlayTx, userId: string): Promise<PlayAccountRow> {
  const [existing] = await queryPrepared<PlayAccountColumns, "userIds">(tx, lockAccounts, {
    userIds: [userId],
  });
  if (existing) return playAccountOf(existing);
  const [made] = await tx
    .insert(playAccounts)
    .values({ userId })
    .onConflictDoUpdate({ target: playAccounts.userId, set: { userId: sql`excluded.user_id` } })
    .returning();
  return made!;
}

/**
 * Locks the play account rows of `userIds` that exist, in ascending user id (so two callers
 * lock shared rows in one order), for the rest of the caller's transaction, in one statement
 * (as {@link lockPlayAccount} does for one user, without making the missing ones).
 * @returns the locked rows by user id; a user without a play account is not in it.
 */
export async function lockPlayAccounts(
  tx: PlayTx,
  userIds: readonly string[],
): Promise<Map<string, PlayAccountRow>> {
  const rows = await queryPrepared<PlayAccountColumns, "userIds">(tx, lockAccounts, { userIds });
  return new Map(rows.map((row) => [row.user_id, playAccountOf(row)]));
}

/** The lock of {@link lockPlayAccounts}, built once (docs/decisions/058-opening-statements-built-once.md). */
const lockAccounts = preparedSql(
  ["userIds"],
  (v) =>
    sql`SELECT user_id, pause_kind, pause_started_at, pause_until, reality_check_session_start,
      reality_checks_acknowledged, pack_confirm_under_cents, updated_at
    FROM play_accounts WHERE user_id = ANY(${v.userIds}::text[]) ORDER BY user_id FOR UPDATE`,
);

type PlayAccountColumns = {
  user_id: string;
  pause_kind: PlayAccountRow["pauseKind"];
  pause_started_at: string | null;
  pause_until: string | null;
  reality_check_session_start: string | null;
  reality_checks_acknowledged: number;
  pack_confirm_under_cents: string | number | null;
  updated_at: string;
};

function playAccountOf(row: PlayAccountColumns): PlayAccountRow {
  return {
    userId: row.user_id,
    pauseKind: row.pause_kind,
    pauseStartedAt: dateOf(row.pause_started_at),
    pauseUntil: dateOf(row.pause_until),
    realityCheckSessionStart: dateOf(row.reality_check_session_start),
    realityChecksAcknowledged: row.reality_checks_acknowledged,
    packConfirmUnderCents:
      row.pack_confirm_under_cents === null ? null : Number(row.pack_confirm_under_cents),
    updatedAt: new Date(row.updated_at),
  };
}

/** A timestamptz as both drivers hand it to Drizzle (text), as a Date; null stays null. */
const dateOf = (text: string | null) => (text === null ? null : new Date(text));

/** The pause a play account row holds that is still in force at `now`, or null. */
export function pauseInForce(row: PlayAccountRow | undefined, now: Date): PauseView | null {
  if (!row?.pauseKind || !row.pauseUntil || !row.pauseStartedAt || row.pauseUntil <= now) {
    return null;
  }
  return { kind: row.pauseKind, startedAt: row.pauseStartedAt, until: row.pauseUntil };
}
