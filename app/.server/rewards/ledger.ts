import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { rewardTransactions, rewards } from "../db/schema";

/** A transaction (or the database) a ledger write joins; it never opens its own. */
export type Tx = Pick<Database, "insert" | "$with" | "with">;

/** One reward-ledger entry to write (spec section 7: add_reward_points). */
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

/** Points for spending or earning `cents`: one per whole dollar (issue 7 section 1). */
export const pointsForCents = (cents: number): number => Math.floor(cents / 100);

/**
 * Credits `points` to a user (DESIGN.md: balances are ledgers): writes the reward_transactions
 * row and raises the cached rewards balance and total earned, in ONE statement in the caller's
 * transaction `tx`, so the award commits or rolls back with what it pays for.
 * @throws RangeError when `points` is not a positive integer (a programming error).
 */
export async function awardPoints(tx: Tx, award: RewardAward): Promise<void> {
  if (!Number.isInteger(award.points) || award.points <= 0) {
    throw new RangeError(`awardPoints takes a positive whole number of points: ${award.points}`);
  }
  const entry = tx.$with("entry").as(tx.insert(rewardTransactions).values(award).returning());
  await tx
    .with(entry)
    .insert(rewards)
    .values({ userId: award.userId, points: award.points, totalEarned: award.points })
    .onConflictDoUpdate({
      target: rewards.userId,
      set: {
        points: sql`${rewards.points} + excluded.points`,
        totalEarned: sql`${rewards.totalEarned} + excluded.total_earned`,
        updatedAt: sql`now()`,
      },
    });
}
