import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, unique } from "drizzle-orm/pg-core";
import { profileRef } from "./auth";
import { identityKey, stampedNow, allowedValues } from "./columns";

export const ACHIEVEMENT_CATEGORIES = ["packs", "marketplace", "vault", "other"] as const;
export type AchievementCategory = (typeof ACHIEVEMENT_CATEGORIES)[number];

/**
 * docs/product/rewards.md, achievement. The catalogue is written by the migrations;
 * what unlocks each one is `app/.server/rewards/achievement-rules.ts`, keyed by `id`.
 */
export const achievements = pgTable(
  "achievements",
  {
    id: text().primaryKey(),
    name: text().notNull(),
    description: text().notNull(),
    points: integer().notNull(),
    category: text({ enum: ACHIEVEMENT_CATEGORIES }).notNull(),
  },
  (t) => [
    check("achievements_points_positive", sql`${t.points} > 0`),
    allowedValues("achievements_category_allowed", t.category, ACHIEVEMENT_CATEGORIES),
  ],
);

/** An achievement a user unlocked: at most once per user (docs/product/rewards.md). */
export const userAchievements = pgTable(
  "user_achievements",
  {
    id: identityKey(),
    userId: profileRef("cascade").notNull(),
    achievementId: text()
      .notNull()
      .references(() => achievements.id, { onDelete: "cascade" }),
    /** The action that unlocked it: `pack_opening:42`, `transaction:7`, `order:3`. */
    source: text().notNull(),
    unlockedAt: stampedNow(),
  },
  (t) => [
    unique("user_achievements_user_achievement_key").on(t.userId, t.achievementId),
    index("user_achievements_achievement_idx").on(t.achievementId),
    index("user_achievements_source_idx").on(t.source),
  ],
);
