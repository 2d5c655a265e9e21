import { desc, eq, sql } from "drizzle-orm";
import { ownerId } from "../policy/account-ctx";
import type { Ctx } from "../context";
import { rewardTransactions, rewards } from "../db/schema";

/** Reward transaction history shown on the Profile tab (docs/product/rewards.md). */
export const REWARD_HISTORY_LIMIT = 10;

/** One reward ledger entry as the Profile tab lists it; `points` is signed. */
export type RewardActivity = {
  id: number;
  points: number;
  type: string;
  description: string;
  createdAt: Date;
};

/** The signed-in user's points: spendable balance, all-time earned, latest activity. */
export type RewardsSummary = {
  points: number;
  totalEarned: number;
  /** The last {@link REWARD_HISTORY_LIMIT} reward_transactions, newest first. */
  recent: RewardActivity[];
};

/**
 * The signed-in user's reward points (docs/product/rewards.md: read rewards by user_id, and
 * reward_transactions by user_id newest first, limit 10), in one statement that reads no
 * profile (the page has it already): one row of nulls with the balance left-joined, and the
 * latest activity as a lateral join (one row a transaction, or one row of nulls). A user
 * without a rewards row yet has 0 points and 0 earned.
 * @throws DomainError `not_signed_in` (401) for a visitor.
 */
export async function getRewardsSummary(ctx: Ctx): Promise<RewardsSummary> {
  const userId = ownerId(ctx);
  const latest = ctx.db
    .select({
      id: rewardTransactions.id,
      points: rewardTransactions.points,
      type: rewardTransactions.type,
      description: rewardTransactions.description,
      createdAt: rewardTransactions.createdAt,
    })
    .from(rewardTransactions)
    .where(eq(rewardTransactions.userId, userId))
    .orderBy(desc(rewardTransactions.createdAt), desc(rewardTransactions.id))
    .limit(REWARD_HISTORY_LIMIT)
    .as("latest");
  const rows = await ctx.db
    .select({
      points: rewards.points,
      totalEarned: rewards.totalEarned,
      activity: {
        id: latest.id,
        points: latest.points,
        type: latest.type,
        description: latest.description,
        createdAt: latest.createdAt,
      },
    })
    .from(sql`(VALUES (1)) AS one_row`)
    .leftJoin(rewards, eq(rewards.userId, userId))
    .leftJoinLateral(latest, sql`true`)
    .orderBy(desc(latest.createdAt), desc(latest.id));
  const recent = rows.flatMap((row) => (row.activity ? [row.activity] : []));
  return { points: rows[0]?.points ?? 0, totalEarned: rows[0]?.totalEarned ?? 0, recent };
}
