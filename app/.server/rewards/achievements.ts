import { notify } from "../notifications/notify";
import { eq, sql, type SQL } from "drizzle-orm";
import { queryRows } from "../db/rows";
import type { Ctx } from "../context";
import type { Database } from "../db/client";
import type { SqlValue } from "../db/prepared";
import { achievements, userAchievements } from "../db/schema";
import {
  ACHIEVEMENT_RULES,
  AchievementFacts,
  pullStatsOf,
  pullStatsSql,
  type AchievementTrigger,
  type PullStats,
} from "./achievement-rules";
import { awardPoints } from "./ledger";
import type { UnlockedAchievement } from "~/lib/domain/rewards";

type Tx = Pick<Database, "select" | "insert" | "$with" | "with" | "execute">;

/**
 * The action's transaction as the unlocking joins it (docs/decisions/030-card-status-and-ctx-first.md):
 * `db` is the transaction, `now()` its one clock (the unlock time), and `afterCommit` nudges
 * the bell once it commits.
 */
export type RewardTx = { db: Tx } & Pick<Ctx, "now" | "afterCommit">;

/** An achievement of the catalogue as the unlocking code needs it. */
type Achievement = Pick<typeof achievements.$inferSelect, "id" | "name" | "points">;

const candidatesOf = (trigger: AchievementTrigger) =>
  Object.entries(ACHIEVEMENT_RULES)
    .filter(([, rule]) => rule.triggers.includes(trigger))
    .map(([id]) => id);

/**
 * Unlocks every achievement `trigger` may have earned `userId` (docs/product/rewards.md), in the
 * action's own transaction `tx` (a {@link RewardTx}), recording `source` (the action: `pack_opening:42`): for each
 * rule checked on this trigger and not yet unlocked (one query), if it qualifies (the facts of
 * one check are loaded once), inserts the `user_achievements` row (unique per user and achievement, ON
 * CONFLICT DO NOTHING, so 20 parallel qualifying actions unlock it once) and awards its points
 * through the reward ledger ('achievement'), and tells them in the app (the bell updates after
 * the commit, through `tx.afterCommit`).
 * @returns what it unlocked now, in catalogue order (empty most of the time).
 */
export async function unlockAchievements(
  tx: RewardTx,
  input: { userId: string; trigger: AchievementTrigger; source: string },
): Promise<UnlockedAchievement[]> {
  const [row] = await queryRows<{ check: AchievementCheckJson }>(
    tx.db,
    sql`SELECT ${achievementCheckSql(input.userId, input.trigger)} AS check`,
  );
  const { open, pullStats } = achievementCheckOf(row!.check);
  return grantAchievements(tx, open, new AchievementFacts(tx.db, input.userId, pullStats), input);
}

/** What {@link achievementCheckSql} reads, as the driver gives it. */
export type AchievementCheckJson = {
  open: Achievement[] | null;
  pullStats: Parameters<typeof pullStatsOf>[0] | null;
};

/**
 * What checking `trigger` for `userId` starts from, as one json subquery, so a caller can fold
 * it into its own read: `open`, the achievements `trigger` may earn them that they do not hold
 * yet, in catalogue order (a json array, or null when none), and `pullStats`, their
 * {@link PullStats} as they stand, read only when an open one reads them (else null). Read it
 * with {@link achievementCheckOf}.
 */
export function achievementCheckSql(userId: SqlValue<string>, trigger: AchievementTrigger): SQL {
  const ids = candidatesOf(trigger);
  const pullReaders = ids.filter((id) => ACHIEVEMENT_RULES[id]!.readsPulls);
  const list = (values: string[]) =>
    sql.join(
      values.map((id) => sql`${id}`),
      sql`, `,
    );
  const pullStats =
    pullReaders.length === 0
      ? sql`NULL`
      : sql`CASE WHEN EXISTS (SELECT 1 FROM json_array_elements(c.open) e
          WHERE e->>'id' IN (${list(pullReaders)})) THEN ${pullStatsSql(userId)} END`;
  return sql`(SELECT json_build_object('open', c.open, 'pullStats', ${pullStats})
    FROM (SELECT json_agg(json_build_object('id', a.id, 'name', a.name, 'points', a.points)
        ORDER BY a.points, a.id) AS open
      FROM achievements a
      WHERE a.id IN (${list(ids)})
        AND NOT EXISTS (SELECT 1 FROM user_achievements h
          WHERE h.user_id = ${userId} AND h.achievement_id = a.id)) c)`;
}

/** The open achievements and the pull stats (undefined when not read) of {@link achievementCheckSql}. */
export function achievementCheckOf(json: AchievementCheckJson): {
  open: Achievement[];
  pullStats: PullStats | undefined;
} {
  return {
    open: json.open ?? [],
    pullStats: json.pullStats ? pullStatsOf(json.pullStats) : undefined,
  };
}

/**
 * The second half of {@link unlockAchievements}, for a caller that read the `catalogue` of
 * achievements still open (with {@link achievementCheckSql}) and may hold the user's `facts`:
 * unlocks each one that qualifies and awards its points.
 * @returns what it unlocked now, in catalogue order.
 */
export async function grantAchievements(
  tx: RewardTx,
  catalogue: Achievement[],
  facts: AchievementFacts,
  input: { userId: string; source: string },
): Promise<UnlockedAchievement[]> {
  const unlocked: UnlockedAchievement[] = [];
  for (const achievement of catalogue) {
    if (!(await ACHIEVEMENT_RULES[achievement.id]!.qualifies(facts))) continue;
    const [row] = await tx.db
      .insert(userAchievements)
      .values({
        userId: input.userId,
        achievementId: achievement.id,
        source: input.source,
        unlockedAt: tx.now(),
      })
      .onConflictDoNothing()
      .returning({ id: userAchievements.id });
    if (!row) continue;
    await awardPoints(tx, {
      userId: input.userId,
      points: achievement.points,
      type: "achievement",
      description: `Achievement: ${achievement.name}`,
      reference: `achievement:${achievement.id}`,
    });
    // In-app only (no mail); the bell updates live once the action commits.
    await notify(tx, {
      userId: input.userId,
      kind: "achievement.unlocked",
      title: `Achievement unlocked: ${achievement.name}`,
      body: `You unlocked ${achievement.name} and earned ${achievement.points} reward points.`,
      link: "/rewards",
      key: `achievement:${input.userId}:${achievement.id}`,
    });
    unlocked.push({ id: achievement.id, name: achievement.name, points: achievement.points });
  }
  return unlocked;
}

/**
 * The achievements one action unlocked (its `source`), so a retried request can answer with
 * the same toasts as the first.
 */
export async function achievementsUnlockedBy(
  tx: Pick<Database, "select">,
  source: string,
): Promise<UnlockedAchievement[]> {
  return tx
    .select({ id: achievements.id, name: achievements.name, points: achievements.points })
    .from(userAchievements)
    .innerJoin(achievements, eq(achievements.id, userAchievements.achievementId))
    .where(eq(userAchievements.source, source))
    .orderBy(achievements.points, achievements.id);
}
