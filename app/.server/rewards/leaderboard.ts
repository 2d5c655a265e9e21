import { and, asc, desc, eq, gt, lt, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Ctx } from "../context";
import { achievements, listings, profiles, rewards, userAchievements } from "../db/schema";
import { initialsOf } from "~/lib/leaderboard-names";
import { levelFor, type LevelName } from "~/lib/levels";

const myRewards = alias(rewards, "my_rewards");

/** docs/product/rewards.md: the leaderboard shows up to 100 rows. */
export const LEADERBOARD_LIMIT = 100;

/**
 * docs/product/rewards.md, leaderboard row. `name` is what the user chose to show: their
 * initials (the default), their full name, or null for 'Anonymous' (and for a blank name).
 */
export type LeaderboardRow = {
  userId: string;
  rank: number;
  name: string | null;
  /** A seeded demo collector (docs/decisions/026-art-and-demo-shop.md), marked as such. */
  isDemo: boolean;
  level: LevelName;
  points: number;
  totalEarned: number;
  totalListings: number;
  achievementsUnlocked: number;
};

export type Leaderboard = {
  rows: LeaderboardRow[];
  /** The signed-in user's own row, also when they rank below the top 100; null without points. */
  me: LeaderboardRow | null;
};

const rowColumns = {
  userId: rewards.userId,
  fullName: sql<
    string | null
  >`CASE WHEN ${profiles.leaderboardAnonymous} THEN NULL ELSE nullif(trim(${profiles.fullName}), '') END`,
  showFullName: profiles.leaderboardFullName,
  isDemo: profiles.isDemo,
  points: rewards.points,
  totalEarned: rewards.totalEarned,
  reachedAt: rewards.updatedAt,
  totalListings: sql<number>`(SELECT count(*)::int FROM ${listings} WHERE ${listings.userId} = ${rewards.userId})`,
  achievementsUnlocked: sql<number>`(SELECT count(*)::int FROM ${userAchievements} WHERE ${userAchievements.userId} = ${rewards.userId})`,
};

type RankedRow = Omit<LeaderboardRow, "rank" | "level" | "name"> & {
  reachedAt: Date;
  fullName: string | null;
  showFullName: boolean;
};
const withRank = (row: RankedRow, rank: number): LeaderboardRow => ({
  userId: row.userId,
  rank,
  name: row.fullName && (row.showFullName ? row.fullName : initialsOf(row.fullName)),
  isDemo: row.isDemo,
  level: levelFor(row.totalEarned),
  points: row.points,
  totalEarned: row.totalEarned,
  totalListings: row.totalListings,
  achievementsUnlocked: row.achievementsUnlocked,
});

/**
 * The points leaderboard (docs/product/rewards.md): users with points
 * ranked by total earned, ties going to whoever reached it first (the time of their last
 * award), up to 100 rows in ONE query (the rewards ranking index plus two indexed counts per
 * row). Anonymous users show no name. With a signed-in actor, also their own row and rank,
 * counted even when they are below the top 100.
 */
export async function loadLeaderboard(ctx: Ctx): Promise<Leaderboard> {
  const ranked = await ctx.db
    .select(rowColumns)
    .from(rewards)
    .innerJoin(profiles, eq(profiles.id, rewards.userId))
    .where(gt(rewards.totalEarned, 0))
    .orderBy(desc(rewards.totalEarned), asc(rewards.updatedAt), asc(rewards.userId))
    .limit(LEADERBOARD_LIMIT);
  const rows = ranked.map((row, index) => withRank(row, index + 1));
  const userId = ctx.actor?.userId;
  let me = rows.find((row) => row.userId === userId) ?? null;
  if (userId && !me) {
    const [mine] = await ctx.db
      .select(rowColumns)
      .from(rewards)
      .innerJoin(profiles, eq(profiles.id, rewards.userId))
      .where(and(eq(rewards.userId, userId), gt(rewards.totalEarned, 0)));
    if (mine) {
      // Compared in SQL: the timestamps keep microseconds a JavaScript Date would drop.
      const [ahead] = await ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(rewards)
        .innerJoin(myRewards, eq(myRewards.userId, userId))
        .where(
          or(
            gt(rewards.totalEarned, myRewards.totalEarned),
            and(
              eq(rewards.totalEarned, myRewards.totalEarned),
              or(
                lt(rewards.updatedAt, myRewards.updatedAt),
                and(eq(rewards.updatedAt, myRewards.updatedAt), lt(rewards.userId, userId)),
              ),
            ),
          ),
        );
      me = withRank(mine, (ahead?.n ?? 0) + 1);
    }
  }
  return { rows, me };
}

/** One achievement of the catalogue, and whether the signed-in user unlocked it. */
export type AchievementCard = {
  id: string;
  name: string;
  description: string;
  points: number;
  category: (typeof achievements.$inferSelect)["category"];
  unlockedAt: Date | null;
};

/**
 * The achievements catalogue, most points first (docs/product/rewards.md), each marked with when the
 * signed-in user unlocked it (null for a visitor or when locked).
 */
export async function listAchievements(ctx: Ctx): Promise<AchievementCard[]> {
  const userId = ctx.actor?.userId ?? "";
  return ctx.db
    .select({
      id: achievements.id,
      name: achievements.name,
      description: achievements.description,
      points: achievements.points,
      category: achievements.category,
      unlockedAt: userAchievements.unlockedAt,
    })
    .from(achievements)
    .leftJoin(
      userAchievements,
      and(eq(userAchievements.achievementId, achievements.id), eq(userAchievements.userId, userId)),
    )
    .orderBy(desc(achievements.points), asc(achievements.name));
}

/** A leaderboard row as the page gets it: no user id, the viewer's own row flagged. */
export type PublicLeaderboardRow = Omit<LeaderboardRow, "userId"> & { own: boolean };
export type PublicLeaderboard = { rows: PublicLeaderboardRow[]; me: PublicLeaderboardRow | null };

/**
 * {@link Leaderboard} for the browser (docs/product/rewards.md): internal user ids never leave
 * the server, not even for anonymous users; the row of `viewerId` (null: a visitor) is marked
 * `own` instead.
 */
export function publicLeaderboard(board: Leaderboard, viewerId: string | null): PublicLeaderboard {
  const strip = ({ userId, ...row }: LeaderboardRow): PublicLeaderboardRow => ({
    ...row,
    own: viewerId !== null && userId === viewerId,
  });
  return { rows: board.rows.map(strip), me: board.me && strip(board.me) };
}
