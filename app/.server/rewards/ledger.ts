import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import type { SqlValue } from "../db/prepared";
import { wholeDollars, type Cents } from "~/lib/money";
import { POINTS_PER_DOLLAR } from "~/lib/rates";

/** A transaction (or the database) a ledger write joins; it never opens its own. */
export type Tx = Pick<Database, "execute">;

/** One reward-ledger entry to write (docs/product/rewards.md: add_reward_points). */
export type RewardAward = {
  userId: string;
  /** Whole points earned, > 0. */
  points: number;
  /** 'purchase' (store orders), 'pack_opening', 'sale', 'achievement'. */
  type: "purchase" | "pack_opening" | "sale" | "achievement";
  /** 'Purchase of $19.99'. */
  description: string;
  orderId?: number | null;
  /** What earned it when not an order: `pack_opening:42`, `achievement:first_pull`. */
  reference?: string | null;
};

/** Points for spending or earning `cents`: one per whole dollar (docs/product/rewards.md). */
export const pointsForCents = (cents: Cents): number => wholeDollars(cents) * POINTS_PER_DOLLAR;

/**
 * Credits `points` to a user (docs/design.md "Domain rules": balances are ledgers): writes the reward_transactions
 * row and raises the cached rewards balance and total earned, in ONE statement in the caller's
 * transaction `tx.db`, so the award commits or rolls back with what it pays for.
 * @throws RangeError when `points` is not a positive integer (a programming error).
 */
export async function awardPoints(tx: { db: Tx }, award: RewardAward): Promise<void> {
  await tx.db.execute(sql`WITH ${awardPointsSql(award)} SELECT 1`);
}

/**
 * Checks an award's points: a positive whole number.
 * @throws RangeError when `points` is not (a programming error).
 */
export function checkAwardPoints(points: number): void {
  if (!Number.isInteger(points) || points <= 0) {
    throw new RangeError(`awardPoints takes a positive whole number of points: ${points}`);
  }
}

/**
 * {@link awardPoints}' writes as the CTEs `reward_entry` and `reward_balance`, for a caller
 * that folds the award into its own statement; `reference` may then be an SQL expression over
 * the caller's earlier CTEs (`(SELECT 'pack_opening:' || id FROM opening)`). The user, points
 * and description may be placeholders of a statement built once (`preparedSql`): the caller then
 * checks each call's points with {@link checkAwardPoints}. With `when`, nothing is written
 * unless it holds.
 * @throws RangeError when `points` is a number and not a positive integer (a programming error).
 */
export function awardPointsSql(
  award: Omit<RewardAward, "reference" | "userId" | "points" | "description"> & {
    userId: SqlValue<string>;
    points: SqlValue<number>;
    description: SqlValue<string>;
    reference?: string | SQL | null;
  },
  when?: SQL,
): SQL {
  if (typeof award.points === "number") checkAwardPoints(award.points);
  return sql`reward_entry AS (
      INSERT INTO reward_transactions (user_id, points, type, description, reference, order_id)
      SELECT ${award.userId}, ${award.points}::int, ${award.type}, ${award.description},
        ${award.reference ?? null}::text, ${award.orderId ?? null}::int${whereSql(when)}
      RETURNING id
    ), reward_balance AS (
      INSERT INTO rewards (user_id, points, total_earned)
      SELECT ${award.userId}, ${award.points}::int, ${award.points}::int FROM reward_entry
      ON CONFLICT (user_id) DO UPDATE SET points = rewards.points + excluded.points,
        total_earned = rewards.total_earned + excluded.total_earned, updated_at = now()
      RETURNING user_id
    )`;
}

/**
 * The CTE `reward_balance`: the rewards row of `userId`, made with 0 points when missing, and
 * locked until commit, with nothing credited. For a statement that moves the user's wallet
 * before it knows whether it will award points (an opening under $1 that may unlock an
 * achievement): it takes the rewards row first, in the lock order of
 * docs/decisions/006-marketplace-settlement.md (rewards rows before wallets). A zero row
 * changes no page: the leaderboard lists only users who earned points. With `when`, the row is
 * neither made nor locked unless it holds.
 */
export function lockRewardsSql(userId: SqlValue<string>, when?: SQL): SQL {
  return sql`reward_balance AS (
      INSERT INTO rewards (user_id, points, total_earned) SELECT ${userId}, 0, 0${whereSql(when)}
      ON CONFLICT (user_id) DO UPDATE SET points = rewards.points
      RETURNING user_id
    )`;
}

/**
 * {@link awardPointsSql} for several users in one statement (a batch of openings,
 * docs/decisions/066-a-batch-recorded-in-one-statement.md): `to` is a relation of the caller's
 * statement with the columns `user_id` (each user at most once) and `reference`; each is awarded
 * `points` (the caller checks them with {@link checkAwardPoints}) under one `type` and
 * `description`. Rows are written in ascending user id, the order concurrent writers lock
 * rewards rows in. Same CTEs as {@link awardPointsSql}.
 */
export function awardPointsEachSql(award: {
  to: SQL;
  points: SqlValue<number>;
  type: RewardAward["type"];
  description: SqlValue<string>;
}): SQL {
  return sql`reward_entry AS (
      INSERT INTO reward_transactions (user_id, points, type, description, reference)
      SELECT t.user_id, ${award.points}::int, ${award.type}, ${award.description}, t.reference
      FROM ${award.to} t ORDER BY t.user_id
      RETURNING user_id, points
    ), reward_balance AS (
      INSERT INTO rewards (user_id, points, total_earned)
      SELECT user_id, points, points FROM reward_entry ORDER BY user_id
      ON CONFLICT (user_id) DO UPDATE SET points = rewards.points + excluded.points,
        total_earned = rewards.total_earned + excluded.total_earned, updated_at = now()
      RETURNING user_id
    )`;
}

/**
 * {@link lockRewardsSql} for the users of `to`, a relation of the caller's statement with the
 * column `user_id` (each user at most once), in ascending user id.
 */
export function lockRewardsEachSql(to: SQL): SQL {
  return sql`reward_balance AS (
      INSERT INTO rewards (user_id, points, total_earned)
      SELECT t.user_id, 0, 0 FROM ${to} t ORDER BY t.user_id
      ON CONFLICT (user_id) DO UPDATE SET points = rewards.points
      RETURNING user_id
    )`;
}

/** ` WHERE when`, or nothing without a condition. */
const whereSql = (when: SQL | undefined) => (when ? sql` WHERE ${when}` : sql``);
