import { notify } from "../notifications/notify";
import { eq, sql, type SQL } from "drizzle-orm";
import { queryRows } from "../db/rows";
import type { Ctx } from "../context";
import type { Database } from "../db/client";
import { achievements, userAchievements } from "../db/schema";
import { ACHIEVEMENT_RULES, AchievementFacts, type AchievementTrigger } from "./achievement-rules";
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
  const [row] = await queryRows<{ open: Achievement[] | null }>(
    tx.db,
    sql`SELECT ${openAchievementsSql(input.userId, input.trigger)} AS open`,
  );
  const catalogue = row?.open ?? [];
  return grantAchievements(tx, catalogue, new AchievementFacts(tx.db, input.userId), input);
}

/**
 * The achievements `trigger` may earn `userId` and they do not hold yet, in catalogue order,
 * as one json subquery (a json array, SQL NULL when there are none), so a caller can fold
 * {@link unlockAchievements}' first query into its own read.
 */
export function openAchievementsSql(userId: string, trigger: AchievementTrigger): SQL {
  const ids = candidatesOf(trigger);
  return sql`(SELECT json_agg(json_build_object('id', a.id, 'name', a.name, 'points', a.points)
      ORDER BY a.points, a.id)
    FROM achievements a
    WHERE a.id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})
      AND NOT EXISTS (SELECT 1 FROM user_achievements h
        WHERE h.user_id = ${userId} AND h.achievement_id = a.id))`;
}

/**
 * The second half of {@link unlockAchievements}, for a caller that read the `catalogue` of
 * achievements still open (with {@link openAchievementsSql}) and may hold the user's `facts`:
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
